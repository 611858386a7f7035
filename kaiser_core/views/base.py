"""The views a first frame needs, and the parts other views hold (``kaiser_core.views``
hands them out; its rules hold for them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kaiser_core.cards import Seat, Suit, Team


@dataclass(frozen=True)
class TeamScore:
    """A team's name and total, e.g. ``TeamScore(Team.NS, "Us", 31)``."""

    team: Team
    name: str
    total: int


@dataclass(frozen=True)
class ContractLabel:
    """A contract for display: ``E 8♥``, ``W 7 NT``, ``N 9♠ low``."""

    bidder: Seat
    number: int
    trump: Suit | None  # None is no-trump
    low: bool = False
    first_lead: bool = False  # a suit contract whose first card led names trump


@dataclass(frozen=True)
class NewGameView:
    """Choose the first dealer: push toward a seat, OK for a random one."""

    rules_name: str
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now
    seats: Mapping[Seat, str] = field(default_factory=dict)  # the players on their seats
    picking: Seat | None = None  # a roster's names step: the seat whose name UP/DOWN change
    names_back: bool = False  # the dealer step after the names step: B goes back to them


@dataclass(frozen=True)
class LiveContract:
    """The contract's live state: points so far, needed, the most still possible."""

    points: int
    needed: int
    most_possible: int
    status: str  # "", "MADE" or "SET"


@dataclass(frozen=True)
class ListView:
    """A scrolling list of lines with a title (history, rules, teach progress)."""

    title: str
    lines: tuple[str, ...]
    index: int
    message: str = ""
    wrap: bool = False  # long lines take more rows instead of ending in an ellipsis
    hint: tuple[str, ...] = ()  # what the keys do now
