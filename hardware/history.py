"""The finished games the table's History shows, read from the journal as values.

A game's date is the meta value ``ended:<id>``, written when it finishes (older games
have none). The table gets the most recent finished games (``PAST_LIMIT``, without their
entries: start-up stays as fast with a long history) when it is loaded, the one it just
left (with them) after each key that leaves a game, and ``entries_of`` to read the
entries of a game whose hands it lists.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from kaiser_core.cards import SEATS, Seat, Team
from kaiser_core.entries import TableEntry
from kaiser_core.errors import KaiserError
from kaiser_core.rules import Rules
from kaiser_core.table import Table
from kaiser_core.table.past import PastGame


class Journal(Protocol):
    """What this module reads of ``hardware.journal.Journal`` (which imports this module)."""

    db: sqlite3.Connection
    path: Path

    def get(self, key: str) -> str | None: ...

    def entries(self, game_id: int) -> list[TableEntry]: ...


log = logging.getLogger(__name__)
#: How many finished games the table keeps for its History.
PAST_LIMIT = 30
#: The clock that dates a finished game (a test sets its own).
clock: Callable[[], float] = time.time


def seats_of(names: dict[str, str]) -> dict[Seat, str]:
    """The players by seat in a stored game's names (which also hold the teams')."""
    return {s: names[s.code] for s in SEATS if s.code in names}


def stored_names(table: Table) -> dict[str, str]:
    """The names a new game stores: the teams' that are not their codes, and the players'."""
    names = {t.code: n for t, n in table.names.items() if n != t.code}
    names.update({s.code: n for s, n in table.seat_names.items()})
    return names


def mark_end(journal: Journal, game_id: int) -> None:
    """Date a game that has just finished (local time, to the minute): inside the store's
    transaction (a full disk after the commit would make a stored key look lost)."""
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(clock()))
    journal.db.execute(
        "INSERT INTO meta(key, value) VALUES(?, ?) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        (f"ended:{game_id}", stamp),
    )


def past_game(journal: Journal, game_id: int, hands: bool = True) -> PastGame | None:
    """One finished game as the table's History shows it (``hands``: with its entries, else
    the table asks ``entries_of`` when it lists them); None when it is not finished."""
    row = journal.db.execute(
        "SELECT rules, names, state, winner, ns, ew FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None or row[2] != "finished":
        return None
    try:
        names = json.loads(row[1])
        return PastGame(
            game_id,
            journal.get(f"ended:{game_id}") or "",
            Rules.from_spec(json.loads(row[0])),
            names if isinstance(names, dict) else {},
            tuple(journal.entries(game_id)) if hands else (),
            (int(row[4]), int(row[5])),
            Team(row[3]) if row[3] in ("NS", "EW") else None,
        )
    except (KaiserError, ValueError, TypeError) as err:  # an old game that does not read
        log.warning("%s: game %d left out of the history: %s", journal.path, game_id, err)
        return None


def past_games(journal: Journal, current: int | None) -> tuple[PastGame, ...]:
    """The most recent finished games but the current one, newest first."""
    rows = journal.db.execute(
        "SELECT id FROM games WHERE state = 'finished' AND id IS NOT ? ORDER BY id DESC LIMIT ?",
        (current, PAST_LIMIT),
    ).fetchall()
    found = (past_game(journal, int(r[0]), hands=False) for r in rows)
    return tuple(g for g in found if g is not None)


def past_source(journal: Journal, current: int | None) -> Callable[[], tuple[PastGame, ...]]:
    """What the table calls for its finished games when first needed (none when they
    cannot be read: the journal closed or damaged meanwhile; logged)."""

    def read() -> tuple[PastGame, ...]:
        try:
            return past_games(journal, current)
        except (sqlite3.Error, KaiserError, ValueError) as err:
            log.warning("%s: the finished games cannot be listed: %s", journal.path, err)
            return ()

    return read


def entries_of(journal: Journal) -> Callable[[int], tuple[TableEntry, ...]]:
    """What the table calls for a listed game's entries (none when they cannot be read)."""

    def read(game_id: int) -> tuple[TableEntry, ...]:
        try:
            return tuple(journal.entries(game_id))
        except (sqlite3.Error, KaiserError, ValueError) as err:
            log.warning("%s: game %d cannot be listed: %s", journal.path, game_id, err)
            return ()

    return read


def after_store(journal: Journal, table: Table, before: str | None) -> tuple[PastGame, ...] | None:
    """The finished games with the one the table just left, if finished (read after the
    commit), for the table to take; None when the commit left no game."""
    after = journal.get("current")
    if not before or before == after:
        return None
    left = past_game(journal, int(before))
    if left is None:
        return None
    others = [g for g in table.past if g.number != left.number]
    return (left, *others)[:PAST_LIMIT]
