"""Values the journal hands back: a stored game, the saved table state; where the file is."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from kaiser_core.cards import Seat, Team
from kaiser_core.entries import TableEntry
from kaiser_core.rules import Rules
from kaiser_core.table import Ui
from kaiser_core.table.past import PastGame


def default_db_path() -> Path:
    """``$STATE_DIRECTORY`` under systemd, else the user's state folder."""
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0]) / "kaiser.db"
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "kaiser-scorer" / "kaiser.db"


@dataclass(frozen=True)
class GameRow:
    """One stored game."""

    id: int
    rules: Rules
    names: dict[str, str]
    state: str
    series: int | None


@dataclass(frozen=True)
class Saved:
    """What the journal holds for the table: the current game (if any), UI, names, series,
    the players on their seats and the finished games."""

    game_id: int | None
    rules: Rules | None
    entries: list[TableEntry]
    ui: Ui
    names: dict[Team, str]
    series: tuple[int, int] | None
    has_ui: bool
    seats: dict[Seat, str] = field(default_factory=dict)  # the game's players by seat
    past: tuple[PastGame, ...] = ()  # the finished games before it, newest first
