"""The director's SQLite database: every message and every action, in arrival order.

The state is the fold of this log (``Director.replay``), so a restarted director is
exactly where it was; the retained messages it then receives again are duplicates.
One database may hold several events (each log row names its event); ``games`` keeps
each event's kept record of every table and round, for the statistics across events.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
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

    def __init__(self, path: Path, event_id: str, lock: bool = True) -> None:
        """Open (or make) the database; ``lock``: as the one director serving it (an
        export beside a running director does not lock it)."""
        self.event_id = event_id
        self.lock = -1
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if lock:
                self.lock = _lock(path)
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
                client = f"kaiser-director-{secrets.token_hex(8)}"
                self.db.execute("INSERT OR IGNORE INTO meta VALUES ('client', ?)", (client,))
        except (OSError, sqlite3.Error) as err:
            self.close()
            raise StoreError(f"{path}: cannot use it as the director's database: {err}") from None
        except StoreError:
            self.close()
            raise

    def client_id(self) -> str:
        """The director's MQTT client id: made with the database, a secret (a table's
        login that used it would take the director's place on the broker)."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'client'").fetchone()
        return str(row[0])

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
        """Close the file and let go of the lock."""
        if hasattr(self, "db"):
            self.db.close()
        if self.lock >= 0:
            os.close(self.lock)
            self.lock = -1


def _lock(path: Path) -> int:
    """``<db>-lock`` locked with flock: one director per database (two would both append
    to the log and publish rounds over each other); the OS lets go when it dies."""
    lock = path.with_name(path.name + "-lock")
    fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        os.close(fd)
        who = f" (process {holder})" if holder.isdigit() else ""
        raise StoreError(
            f"{path}: another director is using this database{who}: stop it first"
        ) from None
    with contextlib.suppress(OSError):
        os.pwrite(fd, f"{os.getpid():<31}\n".encode(), 0)
    return fd
