"""What the table journals: one small value per player's entry, with its JSON form.

The journal stores these in order; the table's state is a fold over them, and undo drops
the last one. Each entry class owns its forms: ``to_json``/``from_json`` (the journal),
``describe`` (the "undone: ..." notice) and ``reopens`` (the screen and cursors an undo
goes back to). ``KINDS`` maps the JSON ``kind`` to its class.

>>> entry_from_json(entry_to_json(TrickEntry(Seat.E, five=True)))
TrickEntry(winner=Seat.E, five=True, three=False)
>>> TrickEntry(Seat.E).describe()
'trick to E'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeAlias

from kaiser_core.cards import Card, Seat, Suit
from kaiser_core.errors import KaiserInputError
from kaiser_core.messages import Message
from kaiser_core.modes import Mode as Mode

#: The bid screen's trump choices in order (None is no-trump); ``Ui.trump`` indexes it.
TRUMP_CYCLE: tuple[Suit | None, ...] = (Suit.S, Suit.H, Suit.D, Suit.C, None)


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise KaiserInputError(f"bad {what} {value!r}")
    return value


def _side(value: Any) -> str:
    if value not in ("bidders", "defenders"):
        raise KaiserInputError(f"bad side {value!r}")
    return str(value)


@dataclass(frozen=True)
class Reopen:
    """Where an undo of an entry goes: a screen's value ("" = where the entries lead)."""

    screen: str = ""
    fields: Mapping[str, Any] | None = None


class _Entry:
    """What every entry class offers (its ``kind`` and forms)."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form."""
        return {"kind": self.kind}

    def describe(self) -> str:
        """A short description, for "undone: ..."."""
        return Message(f"entry.{self.kind}")

    def reopens(self) -> Reopen:
        """The screen and cursors an undo of this entry returns to."""
        return Reopen()


@dataclass(frozen=True)
class Start(_Entry):
    """The game began with this first dealer."""

    kind: ClassVar[str] = "start"
    first_dealer: Seat

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form."""
        return {"kind": self.kind, "first_dealer": self.first_dealer.code}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Start:
        """Read back ``to_json``."""
        return cls(Seat.from_code(data["first_dealer"]))


@dataclass(frozen=True)
class RedealEntry(_Entry):
    """The hand was thrown in before bidding; same dealer. ``passed``: all four passed
    (``dealer_must_bid`` false), kept as such in the game record."""

    kind: ClassVar[str] = "redeal"
    passed: bool = False

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form (``passed`` only when true: older journals read the same)."""
        return {"kind": self.kind, **({"passed": True} if self.passed else {})}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RedealEntry:
        """Read back ``to_json``."""
        return cls(data.get("passed") is True)

    def reopens(self) -> Reopen:
        """Back to choosing the bidder."""
        return Reopen("bidder")


@dataclass(frozen=True)
class ContractEntry(_Entry):
    """The contract: bidder, number, trump (None for no-trump), low, and the entry mode.

    ``first_lead``: a suit contract under ``trump_by_first_lead`` (no suit named: trump is
    None, and the first card led will name it).
    """

    kind: ClassVar[str] = "contract"
    bidder: Seat
    number: int
    trump: Suit | None
    low: bool = False
    mode: Mode = Mode.PER_TRICK
    first_lead: bool = False

    @property
    def no_trump(self) -> bool:
        """True for a no-trump contract."""
        return self.trump is None and not self.first_lead

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form."""
        return {
            "kind": self.kind,
            "bidder": self.bidder.code,
            "number": self.number,
            "trump": self.trump.code if self.trump else None,
            "low": self.low,
            "mode": self.mode.value,
            **({"first_lead": True} if self.first_lead else {}),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ContractEntry:
        """Read back ``to_json``."""
        trump = data["trump"]
        return cls(
            Seat.from_code(data["bidder"]),
            _int(data["number"], "contract number"),
            None if trump is None else Suit.from_code(trump),
            bool(data["low"]),
            Mode(data["mode"]),
            data.get("first_lead") is True,
        )

    def describe(self) -> str:
        """E.g. ``contract E 8♥`` (``contract E 8`` when the first card led names trump)."""
        trump = self.trump or ("" if self.first_lead else "NT")
        return Message("entry.contract", bidder=self.bidder, number=self.number, trump=trump)

    def reopens(self) -> Reopen:
        """Back to the bid screen with this bid on it (the plain place: index 0)."""
        fields = {
            "bidder": self.bidder,
            "number": self.number,
            "trump": 0 if self.first_lead else TRUMP_CYCLE.index(self.trump),
            "low": self.low,
        }
        return Reopen("bid", fields)


@dataclass(frozen=True)
class TrickEntry(_Entry):
    """One trick: its winner, and whether 5♥ or 3♠ was marked in it."""

    kind: ClassVar[str] = "trick"
    winner: Seat
    five: bool = False
    three: bool = False

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form."""
        return {
            "kind": self.kind,
            "winner": self.winner.code,
            "five": self.five,
            "three": self.three,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TrickEntry:
        """Read back ``to_json``."""
        return cls(Seat.from_code(data["winner"]), bool(data["five"]), bool(data["three"]))

    def describe(self) -> str:
        """E.g. ``trick to E``."""
        return Message("entry.trick", seat=self.winner)

    def reopens(self) -> Reopen:
        """Back to the tricks screen with its marks."""
        return Reopen("tricks", {"mark_five": self.five, "mark_three": self.three})


@dataclass(frozen=True)
class CardEntry(_Entry):
    """One card read by the card reader, in play order."""

    kind: ClassVar[str] = "card"
    card: Card

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form."""
        return {"kind": self.kind, "card": self.card.code}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CardEntry:
        """Read back ``to_json``."""
        return cls(Card.from_code(data["card"]))

    def describe(self) -> str:
        """E.g. ``card 8♥``."""
        return Message("entry.card", card=self.card)


@dataclass(frozen=True)
class SpecialEntry(_Entry):
    """The answer to "5♥ taken by?" or "3♠ taken by?"."""

    kind: ClassVar[str] = "special"
    card: Card
    seat: Seat

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form."""
        return {"kind": self.kind, "card": self.card.code, "seat": self.seat.code}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SpecialEntry:
        """Read back ``to_json``."""
        return cls(Card.from_code(data["card"]), Seat.from_code(data["seat"]))

    def describe(self) -> str:
        """E.g. ``5♥ to N``."""
        return Message("entry.special", card=self.card, seat=self.seat)


@dataclass(frozen=True)
class TakenEntry(_Entry):
    """Per-hand entry: the bidders' tricks and who took each special."""

    kind: ClassVar[str] = "taken"
    bidders_tricks: int
    five: str  # "bidders" or "defenders"
    three: str

    def to_json(self) -> dict[str, Any]:
        """The journal's JSON form."""
        return {
            "kind": self.kind,
            "bidders_tricks": self.bidders_tricks,
            "five": self.five,
            "three": self.three,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TakenEntry:
        """Read back ``to_json``."""
        tricks = _int(data["bidders_tricks"], "taken entry")
        return cls(tricks, _side(data["five"]), _side(data["three"]))

    def describe(self) -> str:
        """``hand's tricks``."""
        return Message("entry.taken")

    def reopens(self) -> Reopen:
        """Back to the quick screen with these values."""
        fields = {
            "quick_tricks": self.bidders_tricks,
            "quick_five": self.five,
            "quick_three": self.three,
        }
        return Reopen("quick", fields)


@dataclass(frozen=True)
class ConfirmEntry(_Entry):
    """The hand's summary was confirmed: the hand is scored."""

    kind: ClassVar[str] = "confirm"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ConfirmEntry:
        """Read back ``to_json``."""
        return cls()

    def describe(self) -> str:
        """``confirmed hand``."""
        return Message("entry.confirm")


TableEntry: TypeAlias = (
    Start
    | RedealEntry
    | ContractEntry
    | TrickEntry
    | CardEntry
    | SpecialEntry
    | TakenEntry
    | ConfirmEntry
)

#: The JSON ``kind`` of each entry class.
KINDS: dict[str, type[TableEntry]] = {
    cls.kind: cls
    for cls in (
        Start,
        RedealEntry,
        ContractEntry,
        TrickEntry,
        CardEntry,
        SpecialEntry,
        TakenEntry,
        ConfirmEntry,
    )
}


def entry_to_json(entry: TableEntry) -> dict[str, Any]:
    """The journal's JSON form of an entry."""
    return entry.to_json()


def entry_from_json(data: Any) -> TableEntry:
    """Read back ``entry_to_json``; raises KaiserError for anything else."""
    try:
        kind = data["kind"]
        cls = KINDS.get(kind) if isinstance(kind, str) else None
        if cls is not None:
            return cls.from_json(data)
    except (KeyError, TypeError, ValueError) as err:
        raise KaiserInputError(f"unreadable journal entry {data!r}: {err}") from None
    raise KaiserInputError(f"unknown journal entry kind {data.get('kind')!r}")
