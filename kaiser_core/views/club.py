"""Club mode's views: waiting, the round's seating, ROUND OVER."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kaiser_core.cards import Seat
from kaiser_core.views.base import TeamScore


@dataclass(frozen=True)
class ClubWaitView:
    """Club mode, before a round: the event, the round awaited, the broker."""

    event: str
    waiting: str
    broker: str
    online: bool
    message: str = ""


@dataclass(frozen=True)
class ClubRoundView:
    """Club mode: the round's four players on their seats; push toward the first dealer."""

    title: str
    seats: Mapping[Seat, str]
    message: str = ""


@dataclass(frozen=True)
class RoundOverView:
    """Club mode: the round's result and its round scores (high first)."""

    title: str
    result: str
    rows: tuple[TeamScore, ...]
    hint: str
    message: str = ""
