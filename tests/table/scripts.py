"""Key scripts for whole hands, in the table's own words (TABLE.md's contract flows)."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.table import DIRECTION_OF_SEAT

SEAT_KEY = {seat.code: key.value for seat, key in DIRECTION_OF_SEAT.items()}
TRUMPS = ["S", "H", "D", "C", None]  # RIGHT cycles forward from spades


@dataclass
class Rulebook:
    min_bid: int = 6
    nt_min: int = 6
    tricks: int = 8


def contract_keys(bidder: str, number: int, trump: str | None, book: Rulebook) -> list[str]:
    """From SCORE: OK, push toward the bidder, set the trump, then the number, OK."""
    keys = ["OK", SEAT_KEY[bidder]]
    keys += ["RIGHT"] * TRUMPS.index(trump)
    start = max(book.min_bid, book.nt_min) if trump is None else book.min_bid
    keys += ["UP"] * (number - start)
    return [*keys, "OK"]


def per_trick_hand(
    bidder: str,
    number: int,
    trump: str | None,
    winners: list[str],
    five_in: int | None,
    three_in: int | None,
    book: Rulebook | None = None,
    ask: tuple[str | None, str | None] = (None, None),
) -> list[str]:
    """A per-trick hand: marks with A/B on the trick holding a special, or answers after."""
    book = book or Rulebook()
    keys = contract_keys(bidder, number, trump, book)
    for i, winner in enumerate(winners, 1):
        if five_in == i:
            keys.append("A")
        if three_in == i:
            keys.append("B")
        keys.append(SEAT_KEY[winner])
    if five_in is None:
        keys.append(SEAT_KEY[ask[0] or ""])
    if three_in is None:
        keys.append(SEAT_KEY[ask[1] or ""])
    return [*keys, "OK"]


def per_hand_hand(
    bidder: str,
    number: int,
    trump: str | None,
    bidders_tricks: int,
    five: str,
    three: str,
    book: Rulebook | None = None,
) -> list[str]:
    """A per-hand hand: bidders' tricks from 4, A/B cycle who took the specials."""
    book = book or Rulebook()
    keys = contract_keys(bidder, number, trump, book)
    step = "UP" if bidders_tricks >= 4 else "DOWN"
    keys += [step] * abs(bidders_tricks - 4)
    keys += ["A"] * (1 if five == "bidders" else 2)
    keys += ["B"] * (1 if three == "bidders" else 2)
    return [*keys, "OK", "OK"]
