"""Per-trick entry's views: TRICKS and the questions after it."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import Card, Seat
from kaiser_core.views.base import ContractLabel, LiveContract


@dataclass(frozen=True)
class TricksView:
    """Per-trick entry: trick k of n, tricks per team, the specials, the marks."""

    contract: ContractLabel
    trick: int
    of: int
    tricks_ns: int
    tricks_ew: int
    five_with: Seat | None
    three_with: Seat | None
    mark_five: bool
    mark_three: bool
    live: LiveContract
    message: str = ""
    progress: str = ""  # under max_hands: "hand 7 of 10"
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class AskSpecialView:
    """After the last trick: who took 5♥ (or 3♠)? Push toward the seat."""

    card: Card  # 5♥ or 3♠
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now
