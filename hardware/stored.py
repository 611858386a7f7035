"""Values the journal hands back: a stored game, the saved table state; where the file is."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from hardware.storage import JournalError
from kaiser_core.cards import Seat, Team
from kaiser_core.entries import TableEntry
from kaiser_core.rules import Rules
from kaiser_core.table import Scene
from kaiser_core.table.past import PastGame


def default_db_path() -> Path:
    """``$STATE_DIRECTORY`` under systemd (the first of its list), else the user's state
    folder: ``$XDG_STATE_HOME`` where it is absolute (the XDG spec ignores a relative one),
    else ``$HOME/.local/state`` (HOME unset: the passwd entry's), in ``kaiser-scorer``.

    Raises JournalError (one line) when that folder cannot be known: never a database in
    the current folder, nor at the root for an empty HOME.
    """
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return _absolute("STATE_DIRECTORY", state, state.split(":")[0]) / "kaiser.db"
    xdg = os.environ.get("XDG_STATE_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg) / "kaiser-scorer" / "kaiser.db"
    home = os.environ.get("HOME")
    if home is None:
        import pwd

        try:
            home = pwd.getpwuid(os.getuid()).pw_dir
        except KeyError:
            from hardware.i18n.errors import error

            raise JournalError(error("state.no_home", uid=os.getuid())) from None
    return _absolute("HOME", home, home) / ".local" / "state" / "kaiser-scorer" / "kaiser.db"


def _absolute(name: str, value: str, folder: str) -> Path:
    if not os.path.isabs(folder):
        from hardware.i18n.errors import error

        raise JournalError(error("state.not_absolute", name=name, value=repr(value)))
    return Path(folder)


def db_path_of(db: str | None) -> Path:
    """The database of ``--db`` (a path, as given), else :func:`default_db_path`."""
    return Path(db) if db else default_db_path()


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
    ui: Scene
    names: dict[Team, str]
    series: tuple[int, int] | None
    has_ui: bool
    seats: dict[Seat, str] = field(default_factory=dict)  # the game's players by seat
    past: tuple[PastGame, ...] = ()  # the finished games before it, newest first
