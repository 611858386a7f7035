"""The parts several views hold (a team's score, a contract's label, the live state)."""

from __future__ import annotations

from dataclasses import dataclass

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
class LiveContract:
    """The contract's live state: points so far, needed, the most still possible."""

    points: int
    needed: int
    most_possible: int
    status: str  # "", "MADE" or "SET"
