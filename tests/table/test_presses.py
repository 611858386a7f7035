"""Presses per played hand (issue 27): 200 random hands entered the shortest way a player
would, per trick and with QUICK, counted key by key and printed (the README quotes them).

A hand is a random contract (bidder, number, trump), random trick winners and the trick
each special fell in; the player presses OK on SCORE, pushes toward the bidder, moves the
bid to the contract the shortest way round the trump cycle, then enters the hand: per
trick A/B in the special's trick and a push toward each winner; with QUICK the bidders'
tricks from 4 and A/B until each special sits with its team; OK on SUMMARY. Every hand
must be scored as dealt (the entries are checked), so the count cannot drift from play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from kaiser_core.cards import Seat, Team
from kaiser_core.modes import Mode
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table
from kaiser_core.table.contract import TRUMP_CYCLE, BidState
from kaiser_core.table.keys import SEAT_OF_DIRECTION
from kaiser_core.table.screen import Screen

HANDS = 200
TOWARD = {seat: key for key, seat in SEAT_OF_DIRECTION.items()}


@dataclass(frozen=True)
class Deal:
    """One random hand: the contract and where the tricks and specials went."""

    bidder: Seat
    number: int
    trump: int  # the place in TRUMP_CYCLE
    winners: tuple[Seat, ...]
    five: int  # the trick 5♥ fell in
    three: int


def deal(rng: random.Random, rules: Rules) -> Deal:
    trump = rng.randrange(len(TRUMP_CYCLE))
    low = rules.nt_minimum if TRUMP_CYCLE[trump] is None else rules.min_bid
    winners = tuple(rng.choice(list(Seat)) for _ in range(rules.tricks_per_hand))
    n = len(winners)
    return Deal(
        rng.choice(list(Seat)), rng.randint(low, 12), trump, winners, rng.randrange(n),
        rng.randrange(n),
    )  # fmt: skip


class Player:
    """Presses the keys of a hand and counts them."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.presses = 0

    def press(self, key: Key) -> None:
        self.table.press(key)
        self.presses += 1

    def contract(self, hand: Deal) -> None:
        assert self.table.ui.screen is Screen.SCORE
        self.press(Key.OK)
        self.press(TOWARD[hand.bidder])
        state = self.table.ui.state
        assert isinstance(state, BidState)
        places = len(TRUMP_CYCLE)
        right = (hand.trump - state.trump) % places
        for _ in range(min(right, places - right)):
            self.press(Key.RIGHT if right <= places - right else Key.LEFT)
        while (number := self.table.ui.state.number) != hand.number:
            self.press(Key.UP if number < hand.number else Key.DOWN)
        self.press(Key.OK)

    def per_trick(self, hand: Deal) -> None:
        for i, winner in enumerate(hand.winners):
            if hand.five == i:
                self.press(Key.A)
            if hand.three == i:
                self.press(Key.B)
            self.press(TOWARD[winner])
        assert self.table.ui.screen is Screen.SUMMARY, self.table.ui
        self.press(Key.OK)

    def quick(self, hand: Deal) -> None:
        bidders = hand.bidder.team
        count = sum(1 for w in hand.winners if w.team is bidders)
        while (now := self.table.ui.state.quick_tricks) != count:
            self.press(Key.UP if now < count else Key.DOWN)
        if 0 < count < len(hand.winners):  # a sweep sets both specials itself
            for key, trick in ((Key.A, hand.five), (Key.B, hand.three)):
                side = hand.winners[trick].team is bidders
                for _ in range(1 if side else 2):  # unset -> bidders -> defenders
                    self.press(key)
        self.press(Key.OK)
        assert self.table.ui.screen is Screen.SUMMARY, self.table.ui
        self.press(Key.OK)


def play(mode: Mode, seed: int = 27) -> tuple[float, int, int]:
    """The mean presses per played hand over ``HANDS`` random hands, the fewest, the most."""
    rules = Rules()
    rng = random.Random(seed)
    table = Table(rules, choose_seat=lambda: Seat.N)
    table.choose(mode=mode)
    table.press(Key.UP)
    player = Player(table)
    counts: list[int] = []
    for _ in range(HANDS):
        if table.ui.screen is Screen.GAME_OVER:  # a new game: not a hand's presses
            table.press(Key.OK)
            table.press(Key.UP)
        hand = deal(rng, rules)
        before, scored = player.presses, len(table.game.entries) if table.game else 0
        player.contract(hand)
        (player.per_trick if mode is Mode.PER_TRICK else player.quick)(hand)
        counts.append(player.presses - before)
        game = table.game
        assert game is not None and len(game.entries) == scored + 1
        last = game.entries[-1]
        assert last.contract.bidder is hand.bidder and last.contract.bid.number == hand.number
        taken = sum(1 for w in hand.winners if w.team is hand.bidder.team)
        outcome = last.outcome(rules)
        assert last.trump is TRUMP_CYCLE[hand.trump]
        ns = outcome.tricks_ns if hand.bidder.team is Team.NS else outcome.tricks_ew
        assert ns == taken, (hand, outcome)
        assert outcome.five_hearts is hand.winners[hand.five].team
        assert outcome.three_spades is hand.winners[hand.three].team
    return sum(counts) / len(counts), min(counts), max(counts)


@pytest.mark.slow
def test_presses_per_played_hand(capsys: pytest.CaptureFixture[str]) -> None:
    means = {}
    for mode in (Mode.PER_TRICK, Mode.PER_HAND):
        mean, fewest, most = play(mode)
        means[mode] = mean
        with capsys.disabled():
            print(f"\n{mode.value}: {mean:.1f} presses per played hand over {HANDS} random "
                  f"hands (fewest {fewest}, most {most})")  # fmt: skip
        if mode is Mode.PER_TRICK:  # OK, bidder, OK, a push a trick, A, B, OK: 13 at least
            assert fewest >= 5 + Rules().tricks_per_hand
        else:  # OK, bidder, OK, A, B, OK, OK: 7 at least (4 tricks, specials with bidders)
            assert fewest >= 7
    assert means[Mode.PER_HAND] < means[Mode.PER_TRICK]
