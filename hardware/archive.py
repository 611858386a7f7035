"""The archive beside the database: each finished game's record, one JSON line, fsynced.

``kaiser.db-archive.jsonl`` holds one line per finished game (a game finished again after
an undo gets a newer line; the last one counts)::

    {"archive": 1, "game": 7, "series": null, "state": "finished", "record": {...}}

``record`` is the game record of GAME_RECORD.md. ``kaiser-scorer recover`` rebuilds a
database from it when the database file is damaged.

A full disk may refuse the line after the game was stored. So the transaction that finishes
a game also puts it on the database's list of games not yet archived (meta ``PENDING``);
the line is appended after the commit, and the list loses the game with the next commit.
What is still on the list at a start is appended then (``catch_up``): a line written twice
(a kill between the append and the next commit) is the same line, and the last one counts.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from hardware.storage import ARCHIVE_SUFFIX, PENDING, NotOurFile, beside, open_own
from kaiser_core.errors import KaiserError

log = logging.getLogger(__name__)
VERSION = 1
MAX_LINE = 4 << 20  # a game record is a few KB; a longer line is not one of ours


def archive_path(db_path: Path) -> Path:
    """``kaiser.db`` -> ``kaiser.db-archive.jsonl``."""
    return beside(db_path, ARCHIVE_SUFFIX)


@dataclass(frozen=True)
class Archived:
    """One archived game."""

    game: int
    series: int | None
    record: dict[str, Any]


class Journal(Protocol):
    """What this module needs of ``hardware.journal.Journal`` (which imports this module)."""

    db: sqlite3.Connection
    path: Path
    archive: Path
    archived: set[int]

    def get(self, key: str) -> str | None: ...

    def game(self, game_id: int) -> Any: ...

    def entries(self, game_id: int) -> list[Any]: ...

    def _set(self, key: str, value: str) -> None: ...

    def transaction(self) -> Any: ...


#: A game's series and record, ready to append.
Line = tuple[int | None, dict[str, Any]]


def pending(journal: Journal) -> set[int]:
    """The finished games the archive may lack (the list in meta)."""
    try:
        ids = json.loads(journal.get(PENDING) or "[]")
    except ValueError:
        return set()
    return {i for i in ids if isinstance(i, int)} if isinstance(ids, list) else set()


def set_pending(journal: Journal, ids: set[int]) -> None:
    """Write the list (inside the caller's transaction); an empty one is no row."""
    if ids:
        journal._set(PENDING, json.dumps(sorted(ids)))
    else:
        journal.db.execute("DELETE FROM meta WHERE key = ?", (PENDING,))


def live_record(journal: Journal, game_id: int, table: Any) -> dict[int, Line]:
    """The line of the game the table has just finished, from the table (no replay)."""
    from kaiser_core.record import record_json  # the record's writer: once a game is over

    game, row = table.game, journal.game(game_id)
    if game is None or row is None:
        return {}
    record = record_json(game.rules, game.first_dealer, list(game.entries), row.names)
    return {game_id: (row.series, record)}


def stored_record(journal: Journal, game_id: int) -> Line | None:
    """A finished game's line from the database (None: it is not finished, or gone)."""
    from kaiser_core.record import record_json
    from kaiser_core.table import Scene, Screen, Table

    row = journal.game(game_id)
    if row is None or row.state != "finished":
        return None
    table = Table(row.rules)
    table.load(row.rules, journal.entries(game_id), Scene.at(Screen.SCORE))
    return row.series, record_json(row.rules, table.first_dealer, table.core_entries(), row.names)


def backfill_digests(journal: Any) -> int:
    """Store the digest (``hardware.digest``) of every finished game that has none (a
    journal of an older version), from its stored record; one transaction. Returns how many
    were added; a game whose record does not read or score is left out (logged), and the web
    pages work it out and say so for it."""
    from hardware import digest

    ids = digest.missing(journal.db)
    if not ids:
        return 0
    added = 0
    with journal.transaction():
        journal.db.execute(digest.DDL)
        for game_id in ids:
            try:
                line = stored_record(journal, game_id)
                if line is not None:
                    digest.save(journal.db, game_id, line[1])
                    added += 1
            except (KaiserError, ValueError) as err:  # ValueError: a row that is not JSON
                log.warning("%s: game %d has no digest: %s", journal.path, game_id, err)
    return added


def append_pending(journal: Journal, ids: set[int], live: dict[int, Line]) -> set[int]:
    """Append the games ``ids`` (``live``: lines already made); the ids done. The first one
    the storage refuses is logged and ends the round: they stay on the list."""
    done: set[int] = set()
    for game_id in sorted(ids):
        try:
            line = live.get(game_id) or stored_record(journal, game_id)
            if line is not None:
                append(journal.archive, game_id, *line)
        except (KaiserError, ValueError) as err:  # it no longer replays: nothing to append
            log.error("%s: game %d cannot be archived: %s", journal.archive, game_id, err)
        except (OSError, NotOurFile) as err:
            log.error(
                "%s: game %d not archived (%s): tried again at the next start",
                journal.archive,
                game_id,
                getattr(err, "strerror", None) or err,
            )
            break
        done.add(game_id)
    return done


def game_over(journal: Journal, game_id: int, table: Any) -> None:
    """Append the game that just finished (and any a full disk kept out) to the archive,
    then store its digest (``hardware.digest``, the home pages'). A failure is logged: the
    game stays on the list for the next start, and the web works out a missing digest."""
    from hardware import digest

    try:
        live = live_record(journal, game_id, table)
        journal.archived |= append_pending(journal, pending(journal), live)
    except sqlite3.Error as err:  # stored all the same: appended at the next start
        log.warning("%s: game %d not archived now: %s", journal.archive, game_id, err)
        return
    if game_id in live:
        digest.keep(journal, game_id, live[game_id][1])


def catch_up(journal: Journal) -> None:
    """At a start: append the finished games still on the list, then take them off it."""
    done = append_pending(journal, pending(journal), {})
    if not done:
        return
    log.info("%s: games %s archived now", journal.archive, ", ".join(map(str, sorted(done))))
    try:
        with journal.transaction():
            set_pending(journal, pending(journal) - done)
    except sqlite3.OperationalError as err:  # a full disk: appended again next time
        log.warning("%s: the list of games to archive stays (%s)", journal.path, err)


def append(path: Path, game: int, series: int | None, record: dict[str, Any]) -> None:
    """Append one finished game and fsync it (the folder too when the file is new).

    Raises OSError when the storage refuses, NotOurFile for a FIFO or a symlink in its place
    (the caller logs it; the database has the game).
    """
    line = json.dumps(
        {"archive": VERSION, "game": game, "series": series, "state": "finished", "record": record},
        separators=(",", ":"),
        ensure_ascii=False,
    )
    new = not os.path.lexists(path)
    fd = open_own(path, os.O_RDWR | os.O_APPEND | os.O_CREAT)
    try:
        size = os.fstat(fd).st_size
        # A line cut short by a crash is ended first, so this one stays whole on its own.
        start = b"\n" if size and os.pread(fd, 1, size - 1) != b"\n" else b""
        data = start + line.encode("utf-8") + b"\n"
        written = 0
        try:
            while written < len(data):
                written += os.write(fd, data[written:])
            os.fsync(fd)
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, size)  # a full disk leaves no half line
            raise
    finally:
        os.close(fd)
    if new:
        folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def read(path: Path) -> tuple[dict[int, Archived], int]:
    """The archived games by id (the last line of each wins) and the count of bad lines."""
    games: dict[int, Archived] = {}
    bad = 0
    for raw in _lines(path):
        try:
            data = json.loads(raw)
            game, series, record = data["game"], data.get("series"), data["record"]
            if not isinstance(game, int) or not isinstance(record, dict):
                raise ValueError("not an archived game")
            if series is not None and not isinstance(series, int):
                raise ValueError("bad series")
        except (ValueError, KeyError, TypeError, RecursionError):
            bad += 1
            continue
        games[game] = Archived(game, series, record)
    return games, bad


def _lines(path: Path) -> Iterator[bytes]:
    try:
        fd = open_own(path, os.O_RDONLY)  # a FIFO would never end: NotOurFile, one line
    except FileNotFoundError:
        return
    with os.fdopen(fd, "rb") as f:
        while True:
            raw = f.readline(MAX_LINE + 1)
            if not raw:
                return
            if len(raw) > MAX_LINE:
                while raw and not raw.endswith(b"\n"):  # skip the rest of the long line
                    raw = f.readline(MAX_LINE)
                yield b"!"
                continue
            if raw.strip():
                yield raw
