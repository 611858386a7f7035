"""The director's SQLite database: every message and every action, in arrival order.

The state is the fold of this log (``Director.replay``), so a restarted director is
exactly where it was; the retained messages it then receives again are duplicates.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

SCHEMA = "kaiser-director/1"
_DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    topic TEXT NOT NULL,
    payload BLOB NOT NULL,
    verdict TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT ''
);
"""


class StoreError(Exception):
    """The database cannot be used (not ours, another event's, unreadable)."""


class Store:
    """The log, in a SQLite file (WAL)."""

    def __init__(self, path: Path, event_id: str) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(_DDL)
            marks = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"{path}: cannot use it as the director's database: {err}") from None
        if not marks:
            with self.db:
                self.db.execute("BEGIN")
                self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA,))
                self.db.execute("INSERT INTO meta VALUES ('event', ?)", (event_id,))
        elif marks.get("schema") != SCHEMA:
            raise StoreError(f"{path}: not a director database ({marks.get('schema')!r})")
        elif marks.get("event") != event_id:
            raise StoreError(f"{path}: holds event {marks.get('event')!r}, not {event_id!r}")

    def add(self, at: str, topic: str, payload: bytes, verdict: str, reason: str) -> None:
        """Keep one message or action."""
        self.db.execute(
            "INSERT INTO log (at, topic, payload, verdict, reason) VALUES (?, ?, ?, ?, ?)",
            (at, topic, payload, verdict, reason),
        )

    def rows(self) -> Iterator[tuple[str, str, bytes]]:
        """Every kept message, oldest first: (at, topic, payload)."""
        for at, topic, payload in self.db.execute(
            "SELECT at, topic, payload FROM log ORDER BY seq"
        ):
            yield at, topic, bytes(payload)

    def close(self) -> None:
        """Close the file."""
        self.db.close()
