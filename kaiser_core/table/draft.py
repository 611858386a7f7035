"""The hand in progress: a fold over its entries with ``push()``/``pop()``, like ``Game``.

A ``Draft`` takes the contract, then the outcome's entries (tricks, cards, specials or the
per-hand count) and knows what the hand needs next; ``hand()`` builds the scored ``Hand``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kaiser_core.bidding import Contract, table_bid
from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Card, Seat, Suit, Team
from kaiser_core.entries import (
    CardEntry,
    ContractEntry,
    Mode,
    SpecialEntry,
    TakenEntry,
    TrickEntry,
)
from kaiser_core.errors import KaiserInputError
from kaiser_core.hand import ByCard, ByTeam, ByTrick, Hand
from kaiser_core.rules import LowSpecials, Rules
from kaiser_core.tricks import find_revokes, trick_winner
from kaiser_core.views.base import LiveContract

HandEntry = ContractEntry | TrickEntry | CardEntry | SpecialEntry | TakenEntry
PlayedTrick = tuple[Seat, tuple[Card, ...], Seat]  # leader, cards, winner


@dataclass
class Draft:
    """The hand being entered, under ``rules``."""

    rules: Rules = field(default_factory=Rules)
    contract: ContractEntry | None = None
    tricks: list[TrickEntry] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    specials: dict[Card, Seat] = field(default_factory=dict)
    taken: TakenEntry | None = None
    entries: list[HandEntry] = field(default_factory=list)

    # -- the fold -------------------------------------------------------------------------
    def push(self, entry: HandEntry) -> None:
        """Add an entry of the hand; raises KaiserError (nothing changes) when it does not fit."""
        if isinstance(entry, ContractEntry):
            if self.contract is not None:
                raise KaiserInputError("a second contract in one hand")
            if entry.low and not entry.no_trump and self.rules.low_nt_bid:
                raise KaiserInputError("with low_bid bid, low is a no-trump bid (like 7ntlow)")
            table_bid(entry.number, entry.no_trump, entry.low, self.rules).check_range(self.rules)
            self.contract = entry
        else:
            self._push_outcome(entry)
        self.entries.append(entry)

    def _push_outcome(self, entry: HandEntry) -> None:
        c = self.contract
        n = self.rules.tricks_per_hand
        if c is None:
            raise KaiserInputError("an outcome before the contract")
        if isinstance(entry, TrickEntry) and c.mode is Mode.PER_TRICK and len(self.tricks) < n:
            self.tricks.append(entry)
        elif isinstance(entry, CardEntry) and c.mode is Mode.READER and len(self.cards) < 4 * n:
            if entry.card in self.cards or entry.card not in self.rules.pack:
                raise KaiserInputError(f"{entry.card.code} cannot be played")
            self.cards.append(entry.card)
        elif isinstance(entry, SpecialEntry) and len(self.tricks) == n:
            self.specials[entry.card] = entry.seat
        elif isinstance(entry, TakenEntry) and c.mode is Mode.PER_HAND and self.taken is None:
            self.taken = entry
        else:
            raise KaiserInputError(f"{type(entry).__name__} does not fit the hand")

    def pop(self) -> HandEntry:
        """Take back the last entry; raises IndexError when there is none."""
        entry = self.entries.pop()
        if isinstance(entry, ContractEntry):
            self.contract = None
        elif isinstance(entry, TrickEntry):
            self.tricks.pop()
        elif isinstance(entry, CardEntry):
            self.cards.pop()
        elif isinstance(entry, SpecialEntry):
            del self.specials[entry.card]
        else:
            self.taken = None
        return entry

    # -- derived --------------------------------------------------------------------------
    def special_taker(self, card: Card) -> Seat | None:
        """Who took 5♥ or 3♠ in a per-trick hand, None while unknown.

        When a single seat took every trick, the specials are that seat's (not asked).
        """
        for t in self.tricks:
            if t.five if card == FIVE_HEARTS else t.three:
                return t.winner
        return self.specials.get(card) or self.sole_winner()

    def sole_winner(self) -> Seat | None:
        """The seat that took every trick of a finished per-trick hand, else None."""
        if len(self.tricks) < self.rules.tricks_per_hand:
            return None
        seats = {t.winner for t in self.tricks}
        return seats.pop() if len(seats) == 1 else None

    def trick_with(self, card: Card) -> int:
        """The trick (1-based) in which 5♥ or 3♠ was marked, 0 when none."""
        for i, t in enumerate(self.tricks, 1):
            if t.five if card == FIVE_HEARTS else t.three:
                return i
        return 0

    def played_tricks(self) -> list[PlayedTrick]:
        """Complete tricks of a card-reader hand: (leader, cards, winner)."""
        c = self.contract
        assert c is not None
        cards = self.cards
        leader = c.bidder
        trump = cards[0].suit if c.first_lead and cards else c.trump  # trump_by_first_lead
        out = []
        for i in range(0, len(cards) - len(cards) % 4, 4):
            trick = tuple(cards[i : i + 4])
            winner = trick_winner(
                trick, leader, trump, c.low, self.rules.low_specials is LowSpecials.LOW
            )
            out.append((leader, trick, winner))
            leader = winner
        return out

    def revokes(self) -> list[tuple[Seat, int, Suit]]:
        """Revokes of the card-reader hand so far: (seat, trick, the suit not followed)."""
        c = self.contract
        if c is None or c.mode is not Mode.READER:
            return []
        played = self.played_tricks()
        tricks = [(lead, cards) for lead, cards, _ in played]
        current = self.cards[len(played) * 4 :]
        if current:
            tricks.append((played[-1][2] if played else c.bidder, tuple(current)))
        return [(r.seat, r.trick, tricks[r.trick - 1][1][0].suit) for r in find_revokes(tricks)]

    def live(self) -> LiveContract:
        """The contract's live state during per-trick or card entry (exact: ``live_state``)."""
        from kaiser_core.live import live_state  # on TRICKS and CARDS only, not at start-up

        c = self.contract
        assert c is not None
        contract = Contract(c.bidder, table_bid(c.number, c.no_trump, c.low, self.rules))
        if c.mode is Mode.READER:
            played = self.played_tricks()
            taker = {card: w for _, cards, w in played for card in cards}
            on_table = self.cards[len(played) * 4 :]
            return live_state(
                self.rules,
                contract,
                [w for _, _, w in played],
                taker.get(FIVE_HEARTS),
                taker.get(THREE_SPADES),
                [card for card in on_table if card in (FIVE_HEARTS, THREE_SPADES)],
                Mode.READER,
            )
        # a special not marked may be in any trick, entered or to come: it may be answered last
        five = next((t.winner for t in self.tricks if t.five), None)
        three = next((t.winner for t in self.tricks if t.three), None)
        return live_state(self.rules, contract, [t.winner for t in self.tricks], five, three)

    def hand(self) -> Hand:
        """The finished hand, for the game; raises KaiserError while it is not complete."""
        c = self.contract
        if c is None:
            raise KaiserInputError("no hand to confirm")
        contract = Contract(c.bidder, table_bid(c.number, c.no_trump, c.low, self.rules))
        if c.mode is Mode.PER_TRICK:
            five = self.special_taker(FIVE_HEARTS)
            three = self.special_taker(THREE_SPADES)
            if five is None or three is None:
                raise KaiserInputError("a special's taker is not known yet")
            result: ByTrick | ByTeam | ByCard = ByTrick(
                tuple(t.winner for t in self.tricks), five, three
            )
        elif c.mode is Mode.PER_HAND:
            if self.taken is None:
                raise KaiserInputError("the hand's tricks are not entered yet")
            bidders = c.bidder.team
            tricks = {
                bidders: self.taken.bidders_tricks,
                bidders.other: self.rules.tricks_per_hand - self.taken.bidders_tricks,
            }
            side = {"bidders": bidders, "defenders": bidders.other}
            result = ByTeam(
                tricks[Team.NS], tricks[Team.EW], side[self.taken.five], side[self.taken.three]
            )
        else:
            cards = self.cards
            result = ByCard(tuple(tuple(cards[i : i + 4]) for i in range(0, len(cards), 4)))
        return Hand(contract, result, c.trump, c.low)
