"""What a start checks before the first write: ours, whole, and sound where the keys write.

The start stays cheap (no full ``quick_check``: it reads the whole file, so start-up would
grow with the history; the idle check runs it, ``hardware.sources.check``). It reads the
schema, then every page the next keys write to, through SQLite (which reads the newest
copy of a page, from the WAL where it is there): all of ``meta`` (SQLite's quick_check of
that one table and its index: a date per finished game, a few KiB), and the newest rows of
``games`` and ``entries`` with the pages above them. A store appends at the end of those
two; an undo or a page split moves rows between the last leaf and the two before it, so
the rows read reach a few leaves back. A damaged page elsewhere is found when it is read,
or by the idle check.

A database refused at the start is closed without SQLite's checkpoint (the last
connection to close copies the WAL into the file): the damaged file and its WAL stay as
they were, for ``recover``.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from pathlib import Path

from hardware.storage import (
    DatabaseDamaged,
    JournalError,
    damaged_line,
    db_uri,
    found,
    is_corruption,
    tables,
)

log = logging.getLogger("hardware.journal")
APP = "kaiser-scorer"
SCHEMA = 1
#: The newest rows a start reads of each table the keys append to (about four leaves each:
#: a games row is some 300 bytes, an entry some 60, on 1 KiB pages).
NEWEST = {"games": 16, "entries": 64}


def check_schema(db: sqlite3.Connection, path: Path, read_only: bool) -> bool:
    """True for a finished Kaiser database; False for one left half-made (no game)."""
    names = tables(db)
    ours = {"meta", "games", "entries"}
    app = None
    if "meta" in names:
        row = db.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
        app = row[0] if row else None
    if app is None and names <= ours:
        games = 0
        if "games" in names:
            one = db.execute("SELECT count(*) FROM (SELECT 1 FROM games LIMIT 1)")
            games = int(one.fetchone()[0])
        if not games and not read_only:
            log.warning("%s: made half (no game in it): finishing it", path)
            return False
        if not games:
            return False
    if app != APP:
        raise JournalError(f"{path}: not a Kaiser scorer database; it was left untouched")
    schema = db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
    if schema is None or schema[0] != str(SCHEMA):
        raise JournalError(f"{path}: database schema {schema} is not {SCHEMA}")
    if not names >= ours:
        raise DatabaseDamaged(damaged_line(path, "a table of the schema is missing"))
    return True


def write_path_damage(db: sqlite3.Connection) -> str | None:
    """What is wrong on the pages the next keys write to (None: they are sound)."""
    try:
        rows = [str(r[0]) for r in db.execute("PRAGMA quick_check(meta)")]
        if rows != ["ok"]:
            return found("quick_check of meta", rows)
        db.execute(
            "SELECT count(*), sum(length(rules) + length(names)) FROM "
            "(SELECT rules, names FROM games ORDER BY id DESC LIMIT ?)",
            (NEWEST["games"],),
        ).fetchone()
        db.execute(
            "SELECT count(*), sum(length(data)) FROM "
            "(SELECT data FROM entries ORDER BY game_id DESC, seq DESC LIMIT ?)",
            (NEWEST["entries"],),
        ).fetchone()
    except sqlite3.DatabaseError as err:
        if is_corruption(err):
            return str(err) or type(err).__name__
        raise
    return None


def close_untouched(db: sqlite3.Connection, path: Path) -> None:
    """Close ``db`` without the checkpoint on close: a read-only connection holds the file
    meanwhile (SQLite checkpoints only when it closes the last one; a read-only one never)."""
    guard = None
    with contextlib.suppress(sqlite3.Error):
        guard = sqlite3.connect(db_uri(path, "ro"), uri=True, timeout=1)
        guard.execute("PRAGMA schema_version").fetchone()  # it has the WAL open now
    try:
        db.close()
    finally:
        if guard is not None:
            guard.close()
