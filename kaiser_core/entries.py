"""What the table journals: one small value per player's entry, with its JSON form.

The journal stores these in order; the table's state is a fold over them, and undo drops
the last one.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from kaiser_core.cards import Card, Seat, Suit
from kaiser_core.errors import KaiserError


class Mode(enum.Enum):
    """How a hand's outcome is entered."""

    PER_TRICK = "per-trick"
    PER_HAND = "per-hand"
    READER = "card-reader"

    @property
    def label(self) -> str:
        """Menu label."""
        return {"per-trick": "per trick", "per-hand": "per hand", "card-reader": "card reader"}[
            self.value
        ]


@dataclass(frozen=True)
class Start:
    """The game began with this first dealer."""

    first_dealer: Seat


@dataclass(frozen=True)
class RedealEntry:
    """The hand was thrown in before bidding; same dealer."""


@dataclass(frozen=True)
class ContractEntry:
    """The contract: bidder, number, trump (None for no-trump), low, and the entry mode."""

    bidder: Seat
    number: int
    trump: Suit | None
    low: bool = False
    mode: Mode = Mode.PER_TRICK

    @property
    def no_trump(self) -> bool:
        """True for a no-trump contract."""
        return self.trump is None


@dataclass(frozen=True)
class TrickEntry:
    """One trick: its winner, and whether 5♥ or 3♠ was marked in it."""

    winner: Seat
    five: bool = False
    three: bool = False


@dataclass(frozen=True)
class CardEntry:
    """One card read by the card reader, in play order."""

    card: Card


@dataclass(frozen=True)
class SpecialEntry:
    """The answer to "5♥ taken by?" or "3♠ taken by?"."""

    card: Card
    seat: Seat


@dataclass(frozen=True)
class TakenEntry:
    """Per-hand entry: the bidders' tricks and who took each special."""

    bidders_tricks: int
    five: str  # "bidders" or "defenders"
    three: str


@dataclass(frozen=True)
class ConfirmEntry:
    """The hand's summary was confirmed: the hand is scored."""


TableEntry = (
    Start
    | RedealEntry
    | ContractEntry
    | TrickEntry
    | CardEntry
    | SpecialEntry
    | TakenEntry
    | ConfirmEntry
)


def entry_to_json(entry: TableEntry) -> dict[str, Any]:
    """The journal's JSON form of an entry."""
    if isinstance(entry, Start):
        return {"kind": "start", "first_dealer": entry.first_dealer.code}
    if isinstance(entry, RedealEntry):
        return {"kind": "redeal"}
    if isinstance(entry, ContractEntry):
        return {
            "kind": "contract",
            "bidder": entry.bidder.code,
            "number": entry.number,
            "trump": entry.trump.code if entry.trump else None,
            "low": entry.low,
            "mode": entry.mode.value,
        }
    if isinstance(entry, TrickEntry):
        return {
            "kind": "trick",
            "winner": entry.winner.code,
            "five": entry.five,
            "three": entry.three,
        }
    if isinstance(entry, CardEntry):
        return {"kind": "card", "card": entry.card.code}
    if isinstance(entry, SpecialEntry):
        return {"kind": "special", "card": entry.card.code, "seat": entry.seat.code}
    if isinstance(entry, TakenEntry):
        return {
            "kind": "taken",
            "bidders_tricks": entry.bidders_tricks,
            "five": entry.five,
            "three": entry.three,
        }
    return {"kind": "confirm"}


def entry_from_json(data: Any) -> TableEntry:
    """Read back ``entry_to_json``; raises KaiserError for anything else."""
    try:
        kind = data["kind"]
        if kind == "start":
            return Start(Seat.from_code(data["first_dealer"]))
        if kind == "redeal":
            return RedealEntry()
        if kind == "contract":
            trump = data["trump"]
            number = data["number"]
            if not isinstance(number, int) or isinstance(number, bool):
                raise KaiserError(f"bad contract number {number!r}")
            return ContractEntry(
                Seat.from_code(data["bidder"]),
                number,
                None if trump is None else Suit.from_code(trump),
                bool(data["low"]),
                Mode(data["mode"]),
            )
        if kind == "trick":
            return TrickEntry(
                Seat.from_code(data["winner"]), bool(data["five"]), bool(data["three"])
            )
        if kind == "card":
            return CardEntry(Card.from_code(data["card"]))
        if kind == "special":
            return SpecialEntry(Card.from_code(data["card"]), Seat.from_code(data["seat"]))
        if kind == "taken":
            tricks = data["bidders_tricks"]
            if (
                not isinstance(tricks, int)
                or data["five"] not in ("bidders", "defenders")
                or (data["three"] not in ("bidders", "defenders"))
            ):
                raise KaiserError("bad taken entry")
            return TakenEntry(tricks, data["five"], data["three"])
        if kind == "confirm":
            return ConfirmEntry()
    except (KeyError, TypeError, ValueError) as err:
        raise KaiserError(f"unreadable journal entry {data!r}: {err}") from None
    raise KaiserError(f"unknown journal entry kind {data.get('kind')!r}")
