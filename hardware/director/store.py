"""The director's SQLite database: every message and every action, in arrival order.

The state is the fold of this log (``Director.replay``), so a restarted director is
exactly where it was; the retained messages it then receives again are duplicates.
One database may hold several events (each log row names its event); ``games`` keeps
each event's kept record of every table and round, for the statistics across events.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

SCHEMA = "kaiser-director/2"
OLD_SCHEMA = "kaiser-director/1"  # one event per database, named in meta
#: What the log keeps of a refused message's payload, and of any reason.
REFUSED_KEPT = 1024
REASON_KEPT = 500
_DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    topic TEXT NOT NULL,
    payload BLOB NOT NULL,
    verdict TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '',
    event TEXT NOT NULL DEFAULT '',
    digest TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS games (
    event TEXT NOT NULL,
    tbl INTEGER NOT NULL,
    round INTEGER NOT NULL,
    record TEXT NOT NULL,
    ended INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event, tbl, round)
);
"""


class StoreError(Exception):
    """The database cannot be used (not ours, unreadable)."""


class Store:
    """The log, in a SQLite file (WAL)."""

    def __init__(self, path: Path, event_id: str) -> None:
        self.event_id = event_id
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(path, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            marks = dict(self._marks())
            if marks.get("schema") == OLD_SCHEMA:
                self._upgrade(marks.get("event", ""))
            elif marks and marks.get("schema") != SCHEMA:
                raise StoreError(f"{path}: not a director database ({marks.get('schema')!r})")
            self.db.executescript(_DDL)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(log)")}
            if "digest" not in columns:  # a refused message's digest (issue 26)
                self.db.execute("ALTER TABLE log ADD COLUMN digest TEXT NOT NULL DEFAULT ''")
            with self.db:
                self.db.execute("BEGIN")
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (SCHEMA,))
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('event', ?)", (event_id,))
        except (OSError, sqlite3.Error) as err:
            raise StoreError(f"{path}: cannot use it as the director's database: {err}") from None

    def _marks(self) -> list[tuple[str, str]]:
        found = self.db.execute("SELECT name FROM sqlite_master WHERE name = 'meta'").fetchone()
        return self.db.execute("SELECT key, value FROM meta").fetchall() if found else []

    def _upgrade(self, event_id: str) -> None:
        """A database of schema 1 (one event): its rows are that event's."""
        with self.db:
            self.db.execute("BEGIN")
            self.db.execute("ALTER TABLE log ADD COLUMN event TEXT NOT NULL DEFAULT ''")
            self.db.execute("UPDATE log SET event = ?", (event_id,))

    def add(
        self, at: str, topic: str, payload: bytes, verdict: str, reason: str, digest: str = ""
    ) -> None:
        """Keep one message or action of this event; of a refused message only its first
        ``REFUSED_KEPT`` bytes and its ``digest`` (it changes nothing: the log says what
        and why)."""
        if verdict == "refused":
            payload = payload[:REFUSED_KEPT]
        self.db.execute(
            "INSERT INTO log (at, topic, payload, verdict, reason, event, digest)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            (at, topic, payload, verdict, reason[:REASON_KEPT], self.event_id, digest),
        )

    def rows(self) -> Iterator[tuple[str, str, bytes, str, str, str]]:
        """Every kept message of this event, oldest first: (at, topic, payload, verdict,
        reason, digest). A refused message's payload is left out: a database of an older
        director may hold one of 100 MB, which the replay must not read (SQLite reads a
        column only when it is asked for)."""
        for at, topic, payload, verdict, reason, digest in self.db.execute(
            "SELECT at, topic, CASE WHEN verdict = 'refused' THEN x'' ELSE payload END,"
            " verdict, substr(reason, 1, ?), digest FROM log WHERE event = ? ORDER BY seq",
            (REASON_KEPT, self.event_id),
        ):
            yield at, topic, bytes(payload), verdict, reason, digest

    def save_game(self, table: int, number: int, record: Any, ended: bool) -> None:
        """Keep (or replace) this event's record of table ``table`` in round ``number``
        (the record, or its JSON text as the director keeps it)."""
        text = record if isinstance(record, str) else json.dumps(record, ensure_ascii=False)
        self.db.execute(
            "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?)",
            (self.event_id, table, number, text, int(ended)),
        )

    def games(self) -> Iterator[tuple[str, int, int, dict[str, Any], bool]]:
        """Every event's kept games: (event, table, round, record, ended early or not)."""
        for event, table, number, text, ended in self.db.execute(
            "SELECT event, tbl, round, record, ended FROM games ORDER BY event, round, tbl"
        ):
            yield event, table, number, json.loads(text), bool(ended)

    def event_ids(self) -> list[str]:
        """The events that have games in this database."""
        return [e for (e,) in self.db.execute("SELECT DISTINCT event FROM games ORDER BY event")]

    def close(self) -> None:
        """Close the file."""
        self.db.close()
