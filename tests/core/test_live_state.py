"""The live contract state (TRICKS and CARDS) against a brute force of every outcome left.

The brute force knows nothing of ``kaiser_core.live``: it lists every seat that could win
each trick still to come and every trick a special still out could fall in, builds the
finished hand in the game record's ``tricks`` form, and scores it with ``score_hand``.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from kaiser_core.bidding import Contract, table_bid
from kaiser_core.cards import FIVE_HEARTS, SEATS, THREE_SPADES, Card, Seat, Suit, Team
from kaiser_core.entries import CardEntry, ContractEntry, Mode, TrickEntry
from kaiser_core.hand import ByTrick
from kaiser_core.rules import LowSpecials, Rules, find_profile
from kaiser_core.scoring import score_hand
from kaiser_core.table.draft import Draft
from kaiser_core.tricks import trick_winner

ZERO = {Team.NS: 0, Team.EW: 0}


def places(
    card: Card,
    taker: Seat | None,
    future: tuple[Seat, ...],
    every: tuple[Seat, ...],
    on_table: Sequence[Card],
) -> set[Seat]:
    """Who can end up with ``card``: its taker, else a winner of a trick it can still be in."""
    if taker is not None:
        return {taker}
    if card in on_table:
        return {future[0]}  # on the table: it goes to this trick's winner
    return set(future) if future else set(every)


def brute_force(
    rules: Rules,
    contract: Contract,
    winners: Sequence[Seat],
    five: Seat | None,
    three: Seat | None,
    on_table: Sequence[Card] = (),
) -> tuple[int, str]:
    """(the most the bidders can still score, "MADE"/"SET"/"") over every outcome left."""
    left = rules.tricks_per_hand - len(winners)
    futures: list[tuple[Seat, ...]] = [()]
    if left:
        rest = list(itertools.combinations_with_replacement(SEATS, left - 1))
        futures = [(first, *more) for first in SEATS for more in rest]
    raws: set[int] = set()
    made: set[bool] = set()
    for future in futures:
        every = (*winners, *future)

        for f in places(FIVE_HEARTS, five, future, every, on_table):
            for t in places(THREE_SPADES, three, future, every, on_table):
                outcome = ByTrick(every, f, t).outcome(rules)
                score = score_hand(rules, contract, outcome, ZERO)
                raws.add(score.raw[contract.team])
                made.add(score.made)
    status = "MADE" if made == {True} else "SET" if made == {False} else ""
    return max(raws), status


@st.composite
def some_rules(draw: st.DrawFn) -> Rules:
    base = find_profile(draw(st.sampled_from(["standard", "widow", "skat", "tournament"])))
    kaiser = draw(st.booleans())
    low = draw(st.booleans())
    return base.replace(
        three_spades_needs_tricks=draw(st.sampled_from([0, 0, 2, 3])),
        kaiser_bid_wins=kaiser,
        kaiser_bid_alone=kaiser and draw(st.booleans()),
        low_allowed=low,
        low_specials=draw(st.sampled_from(["high", "low"])) if low else "high",
    )


@st.composite
def contracts(draw: st.DrawFn, rules: Rules, mode: Mode) -> ContractEntry:
    no_trump = draw(st.booleans())
    lowest = rules.nt_minimum if no_trump else rules.min_bid
    number = draw(st.sampled_from([*range(lowest, 13), 12, 12, 11]))
    trump = None if no_trump else draw(st.sampled_from(list(Suit)))
    low = rules.low_allowed and draw(st.booleans())
    return ContractEntry(draw(st.sampled_from(SEATS)), number, trump, low, mode)


def core_contract(rules: Rules, c: ContractEntry) -> Contract:
    return Contract(c.bidder, table_bid(c.number, c.no_trump, c.low, rules))


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_per_trick_entry_is_exact(data: st.DataObject) -> None:
    rules = data.draw(some_rules())
    entry = data.draw(contracts(rules, Mode.PER_TRICK))
    n = rules.tricks_per_hand
    played = data.draw(st.integers(0, n - 1))
    winners = data.draw(st.lists(st.sampled_from(SEATS), min_size=played, max_size=played))
    five_in = data.draw(st.sampled_from([None, *range(played)]))
    three_in = data.draw(st.sampled_from([None, *range(played)]))
    draft = Draft(rules)
    draft.push(entry)
    for i, seat in enumerate(winners):
        draft.push(TrickEntry(seat, five_in == i, three_in == i))
    five = winners[five_in] if five_in is not None else None
    three = winners[three_in] if three_in is not None else None
    live = draft.live()
    contract = core_contract(rules, entry)
    assert (live.most_possible, live.status) == brute_force(rules, contract, winners, five, three)
    team = entry.bidder.team
    points = sum(w.team is team for w in winners)
    points += (5 if five.team is team else 0) if five else 0
    points -= (3 if three.team is team else 0) if three else 0
    assert (live.points, live.needed) == (points, entry.number)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_card_reader_entry_is_exact(data: st.DataObject, seed: int) -> None:
    rules = data.draw(some_rules())
    entry = data.draw(contracts(rules, Mode.READER))
    n = rules.tricks_per_hand
    cards = list(rules.pack)
    random.Random(seed).shuffle(cards)
    count = data.draw(st.integers(0, 4 * n - 1))
    draft = Draft(rules)
    draft.push(entry)
    for card in cards[:count]:
        draft.push(CardEntry(card))
    winners: list[Seat] = []
    taker: dict[Card, Seat] = {}
    leader = entry.bidder
    specials_low = rules.low_specials is LowSpecials.LOW
    for start in range(0, count - count % 4, 4):
        trick = cards[start : start + 4]
        leader = trick_winner(trick, leader, entry.trump, entry.low, specials_low)
        winners.append(leader)
        taker.update(dict.fromkeys(trick, leader))
    on_table = cards[len(winners) * 4 : count]
    live = draft.live()
    assert (live.most_possible, live.status) == brute_force(
        rules,
        core_contract(rules, entry),
        winners,
        taker.get(FIVE_HEARTS),
        taker.get(THREE_SPADES),
        on_table,
    )


def per_trick(rules: Rules, bidder: Seat, number: int, *tricks: TrickEntry) -> Draft:
    draft = Draft(rules)
    draft.push(ContractEntry(bidder, number, Suit.H))
    for trick in tricks:
        draft.push(trick)
    return draft


def test_the_first_trick_shows_max_12_not_13() -> None:
    live = per_trick(Rules(), Seat.N, 8).live()
    assert (live.points, live.needed, live.most_possible, live.status) == (0, 8, 12, "")
    widow = find_profile("widow")
    assert widow.tricks_per_hand == 7 and per_trick(widow, Seat.N, 8).live().most_possible == 11


def test_set_shows_as_soon_as_the_three_still_out_makes_it_certain() -> None:
    # 12 bid: one trick lost with neither special; the 3♠ still out costs a trick or 3.
    live = per_trick(Rules(), Seat.N, 12, TrickEntry(Seat.E)).live()
    assert (live.most_possible, live.status) == (11, "SET")
    # the 3♠ already with the defenders: 12 is still within reach
    live = per_trick(Rules(), Seat.N, 12, TrickEntry(Seat.E, three=True)).live()
    assert (live.most_possible, live.status) == (12, "")


def test_made_waits_until_the_three_cannot_undo_it() -> None:
    tricks = [TrickEntry(Seat.N, five=True), *[TrickEntry(Seat.S)] * 4]
    live = per_trick(Rules(), Seat.N, 9, *tricks).live()  # 5 tricks + 5♥, 3♠ out
    assert (live.points, live.status) == (10, "")  # one more trick with the 3♠: 8
    live = per_trick(Rules(), Seat.N, 9, *tricks, TrickEntry(Seat.S)).live()
    assert (live.points, live.status) == (11, "MADE")  # at worst 11 + 1 - 3 = 9


def test_a_lone_kaiser_bid_is_set_when_the_partner_takes_a_trick() -> None:
    rules = Rules().replace(kaiser_bid_wins=True, kaiser_bid_alone=True)
    draft = Draft(rules)
    draft.push(ContractEntry(Seat.N, 12, None))
    assert draft.live().status == ""
    draft.push(TrickEntry(Seat.S))
    assert draft.live().status == "SET"
