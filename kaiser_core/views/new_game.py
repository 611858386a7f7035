"""The NEW GAME screen's view."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kaiser_core.cards import Seat


@dataclass(frozen=True)
class NewGameView:
    """Choose the first dealer: push toward a seat, OK for a random one."""

    rules_name: str
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now
    seats: Mapping[Seat, str] = field(default_factory=dict)  # the players on their seats
    picking: Seat | None = None  # a roster's names step: the seat whose name UP/DOWN change
    names_back: bool = False  # the dealer step after the names step: B goes back to them
