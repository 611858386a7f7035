"""GAME OVER's view."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.views.base import TeamScore


@dataclass(frozen=True)
class GameOverView:
    """The winner, final totals, skunk, series standings."""

    winner: TeamScore
    loser: TeamScore
    skunk: bool
    reason: str
    series: tuple[int, int] | None = None
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now
