"""The director's SQLite database: every message and every action, in arrival order.

The state is the fold of this log (``Director.replay``), so a restarted director is
exactly where it was; the retained messages it then receives again are duplicates.
One database may hold several events (each log row names its event); ``games`` keeps
each event's kept record of every table and round, with its summary (league.summarize), for
the statistics, seasons and ratings across events; ``events`` each event's entrants,
``rounds`` each started round's seating and start, ``seasons`` the season files served.
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

from kaiser_core.errors import KaiserStorageError

SCHEMA = "kaiser-director/3"
OLD_SCHEMA = "kaiser-director/1"  # one event per database, named in meta
NO_LEAGUE = "kaiser-director/2"  # no summaries, events, rounds nor seasons yet
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
    summary TEXT,
    PRIMARY KEY (event, tbl, round)
);
CREATE INDEX IF NOT EXISTS log_event ON log (event, seq);
CREATE TABLE IF NOT EXISTS events (id TEXT PRIMARY KEY, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rounds (
    event TEXT NOT NULL,
    round INTEGER NOT NULL,
    at TEXT NOT NULL,
    seating TEXT NOT NULL,
    ended INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event, round)
);
CREATE TABLE IF NOT EXISTS seasons (id TEXT PRIMARY KEY, body TEXT NOT NULL);
"""


class StoreError(KaiserStorageError):
    """The database cannot be used (not ours, unreadable)."""


class Store:
    """The log, in a SQLite file (WAL)."""

    def __init__(self, path: Path, event_id: str, create: bool = True, lock: bool = True) -> None:
        """Open (``create``: or make) the database; ``event_id`` "" opens no event's log;
        ``lock``: as the one director serving it (an export beside a running director
        does not lock it)."""
        self.event_id = event_id
        self.lock = -1
        self.upgraded = False  # from schema 2: the summaries and rounds are to be filled in
        if not create and not path.is_file():
            raise StoreError(f"{path}: no such director database")
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
            if marks.get("schema") in (OLD_SCHEMA, NO_LEAGUE):
                self._add_summaries()
            elif marks and marks.get("schema") != SCHEMA:
                raise StoreError(f"{path}: not a director database ({marks.get('schema')!r})")
            self.db.executescript(_DDL)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(log)")}
            if "digest" not in columns:  # a refused message's digest (issue 26)
                self.db.execute("ALTER TABLE log ADD COLUMN digest TEXT NOT NULL DEFAULT ''")
            with self.db:
                self.db.execute("BEGIN")
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (SCHEMA,))
                if event_id:
                    self.db.execute("INSERT OR REPLACE INTO meta VALUES ('event', ?)", (event_id,))
                client = f"kaiser-director-{secrets.token_hex(8)}"
                self.db.execute("INSERT OR IGNORE INTO meta VALUES ('client', ?)", (client,))
        except StoreError:  # an OSError too: said as it is
            self.close()
            raise
        except (OSError, sqlite3.Error) as err:
            self.close()
            raise StoreError(f"{path}: cannot use it as the director's database: {err}") from None

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

    def _add_summaries(self) -> None:
        """Schema 2 to 3: the games get a summary column (filled in by league_store)."""
        found = self.db.execute("SELECT name FROM sqlite_master WHERE name = 'games'").fetchone()
        if found:
            self.db.execute("ALTER TABLE games ADD COLUMN summary TEXT")
        self.upgraded = True

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

    def save_game(
        self, table: int, number: int, record: Any, ended: bool, summary: str | None = None
    ) -> None:
        """Keep (or replace) this event's record of table ``table`` in round ``number``
        (the record, or its JSON text as the director keeps it) and its summary (JSON)."""
        text = record if isinstance(record, str) else json.dumps(record, ensure_ascii=False)
        self.db.execute(
            "INSERT OR REPLACE INTO games VALUES (?, ?, ?, ?, ?, ?)",
            (self.event_id, table, number, text, int(ended), summary),
        )

    def save_round(self, number: int, at: str, seating: str, ended: bool) -> None:
        """Keep this event's round ``number``: when it started, its seating (the round
        message's JSON) and whether it has ended."""
        self.db.execute(
            "INSERT INTO rounds VALUES (?, ?, ?, ?, ?) ON CONFLICT (event, round)"
            " DO UPDATE SET seating = excluded.seating, ended = excluded.ended",
            (self.event_id, number, at, seating, int(ended)),
        )

    def save_event(self, body: str) -> None:
        """Keep this event's entrants, name and rounds (JSON)."""
        self.db.execute("INSERT OR REPLACE INTO events VALUES (?, ?)", (self.event_id, body))

    def save_season(self, ident: str, body: str) -> None:
        """Keep a season file's data (JSON), so exports and later runs know it."""
        self.db.execute("INSERT OR REPLACE INTO seasons VALUES (?, ?)", (ident, body))

    def games(self) -> Iterator[tuple[str, int, int, dict[str, Any], bool]]:
        """Every event's kept games: (event, table, round, record, ended early or not)."""
        for event, table, number, text, ended in self.db.execute(
            "SELECT event, tbl, round, record, ended FROM games ORDER BY event, round, tbl"
        ):
            yield event, table, number, json.loads(text), bool(ended)

    def record(self, event: str, table: int, number: int) -> dict[str, Any] | None:
        """The kept record of ``event``'s table ``table`` in round ``number``, if any."""
        row = self.db.execute(
            "SELECT record FROM games WHERE event = ? AND tbl = ? AND round = ?",
            (event, table, number),
        ).fetchone()
        if row is None:
            return None
        value: dict[str, Any] = json.loads(row[0])
        return value

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
