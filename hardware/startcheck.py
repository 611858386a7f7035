"""What a start checks before the first write: that the file is a Kaiser database, whole.

No PRAGMA quick_check here: it reads the whole file, so start-up would grow with the
history. The idle check runs it off the key path (``hardware.sources.check``); a damaged
page read at any time is caught where it is read (``Journal.note_damage``).
"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from hardware.storage import (
    DatabaseDamaged,
    JournalError,
    damaged_line,
    tables,
)

log = logging.getLogger("hardware.journal")
APP = "kaiser-scorer"
SCHEMA = 1


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
