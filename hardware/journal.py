"""The journal: every entry in SQLite (WAL, synchronous writes) before the screen changes.

Tables: ``meta`` (schema mark, the UI state, the scripted-play position), ``games`` (rules,
names, state, final totals, series) and ``entries`` (each game's entries in order). Undo
deletes the last entry row; the state is always the fold of what is stored.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaiser_core.cards import Team
from kaiser_core.entries import TableEntry, entry_from_json, entry_to_json
from kaiser_core.errors import KaiserError
from kaiser_core.rules import Rules
from kaiser_core.table import Change, Table, Ui

log = logging.getLogger(__name__)
APP = "kaiser-scorer"
SCHEMA = 1

_DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    rules TEXT NOT NULL,
    names TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'playing',
    winner TEXT,
    ns INTEGER NOT NULL DEFAULT 0,
    ew INTEGER NOT NULL DEFAULT 0,
    series INTEGER
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


def _rollback(db: sqlite3.Connection) -> None:
    """Roll back the open transaction, if any; a failure is logged, not raised."""
    if not db.in_transaction:
        return
    try:
        db.execute("ROLLBACK")
    except sqlite3.Error as err:
        log.warning("rollback failed: %s", err)


class JournalError(Exception):
    """The database cannot be used (corrupt, foreign, unwritable); the message says which."""


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


class Journal:
    """An open scorer database."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        existed = self.path.exists() and self.path.stat().st_size > 0
        if not existed:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            uri = f"file:{self.path}?mode={'rw' if existed else 'rwc'}"
            self.db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=5)
            self._check(existed)
            if not existed:  # small pages: about 1 KiB of WAL per stored key (SD cards wear)
                self.db.execute("PRAGMA page_size=1024")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            if not existed:
                with self.transaction():
                    for stmt in _DDL.split(";"):
                        if stmt.strip():
                            self.db.execute(stmt)
                    self._set("app", APP)
                    self._set("schema", str(SCHEMA))
        except sqlite3.DatabaseError as err:
            raise JournalError(
                f"{self.path}: not a usable scorer database ({err}); it was left untouched"
            ) from None

    def _check(self, existed: bool) -> None:
        if not existed:
            return
        try:
            row = self.db.execute("SELECT value FROM meta WHERE key = 'app'").fetchone()
        except sqlite3.DatabaseError as err:
            raise JournalError(
                f"{self.path}: not a Kaiser scorer database ({err}); it was left untouched"
            ) from None
        if row is None or row[0] != APP:
            raise JournalError(f"{self.path}: not a Kaiser scorer database; it was left untouched")
        schema = self.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if schema is None or schema[0] != str(SCHEMA):
            raise JournalError(f"{self.path}: database schema {schema} is not {SCHEMA}")
        # No PRAGMA quick_check here: it reads the whole file, so start-up would grow with
        # the history. SQLite reports a damaged page when it reads one (restore() says so).

    def close(self) -> None:
        """Close the database (the WAL is checkpointed by SQLite)."""
        self.db.close()

    # -- low level ------------------------------------------------------------------------
    class _Tx:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def __enter__(self) -> None:
            self.db.execute("BEGIN IMMEDIATE")

        def __exit__(self, kind: object, *rest: object) -> None:
            if kind is None:
                try:
                    self.db.execute("COMMIT")
                except BaseException:
                    _rollback(self.db)  # a failed COMMIT (SQLITE_FULL, I/O) may leave it open
                    raise
            else:
                _rollback(self.db)  # the error in flight is the one to report

    def transaction(self) -> Journal._Tx:
        """A write transaction: committed durably on success, rolled back on error."""
        return Journal._Tx(self.db)

    def rollback(self) -> None:
        """End a write transaction that an error left open; nothing when none is."""
        _rollback(self.db)

    def _set(self, key: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO meta(key, value) VALUES(?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def get(self, key: str) -> str | None:
        """A meta value."""
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    # -- games ----------------------------------------------------------------------------
    def current_game(self) -> GameRow | None:
        """The game the table shows (unfinished, or just finished), if any."""
        raw = self.get("current")
        if raw is None or raw == "":
            return None
        return self.game(int(raw))

    def game(self, game_id: int) -> GameRow | None:
        """One stored game."""
        row = self.db.execute(
            "SELECT id, rules, names, state, series FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        return GameRow(
            row[0], Rules.from_spec(json.loads(row[1])), json.loads(row[2]), row[3], row[4]
        )

    def latest_game(self) -> GameRow | None:
        """The most recent game, finished or not."""
        row = self.db.execute("SELECT max(id) FROM games").fetchone()
        return self.game(row[0]) if row and row[0] is not None else None

    def game_ids(self) -> list[int]:
        """Every stored game, oldest first."""
        return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY id")]

    def entries(self, game_id: int) -> list[TableEntry]:
        """A game's entries in order."""
        rows = self.db.execute(
            "SELECT data FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [entry_from_json(json.loads(r[0])) for r in rows]

    def ui(self) -> Ui:
        """The stored UI state."""
        raw = self.get("ui")
        try:
            return Ui.from_json(json.loads(raw)) if raw else Ui()
        except ValueError:
            return Ui()

    def series_standings(self, series: int | None) -> tuple[int, int] | None:
        """NS and EW totals added over the series' finished games."""
        if series is None:
            return None
        row = self.db.execute(
            "SELECT coalesce(sum(ns), 0), coalesce(sum(ew), 0) FROM games "
            "WHERE series = ? AND state = 'finished'",
            (series,),
        ).fetchone()
        return (int(row[0]), int(row[1]))

    # -- loading and storing a table ------------------------------------------------------
    def restore(self, table: Table) -> None:
        """Load the current game and UI into ``table``.

        Raises JournalError when the stored entries do not replay.
        """
        try:
            row = self.current_game()
            ui = self.ui()
            entries = self.entries(row.id) if row is not None else []
        except (sqlite3.DatabaseError, KaiserError, ValueError) as err:
            raise JournalError(
                f"{self.path}: the database is damaged ({err}); left untouched"
            ) from None
        try:
            if row is None:
                table.load(None, [], ui)
                return
            table.load(row.rules, entries, ui)
        except KaiserError as err:
            raise JournalError(f"{self.path}: game {row.id} does not replay: {err}") from None
        names = row.names
        for team in (Team.NS, Team.EW):
            if team.code in names:
                table.names[team] = names[team.code]
        table.series = self.series_standings(row.series) if row.rules.series else None

    def store(self, change: Change, table: Table, extra: dict[str, str] | None = None) -> None:
        """Journal one key's change durably (one transaction), with optional meta values."""
        if not change.stored and not extra:
            return
        with self.transaction():
            current = self.get("current")
            game_id = int(current) if current else None
            if change.abandon and game_id is not None:
                self.db.execute("UPDATE games SET state = 'abandoned' WHERE id = ?", (game_id,))
                self._set("current", "")
                game_id = None
            if change.new_game is not None:
                game_id = self._new_game(change.new_game, table)
            if game_id is not None and (change.drop or change.append):
                if change.drop:
                    self.db.execute(
                        "DELETE FROM entries WHERE game_id = ? AND seq IN "
                        "(SELECT seq FROM entries WHERE game_id = ? ORDER BY seq DESC LIMIT ?)",
                        (game_id, game_id, change.drop),
                    )
                row = self.db.execute(
                    "SELECT coalesce(max(seq), 0) FROM entries WHERE game_id = ?", (game_id,)
                ).fetchone()
                seq = int(row[0])
                for entry in change.append:
                    seq += 1
                    self.db.execute(
                        "INSERT INTO entries(game_id, seq, data) VALUES(?, ?, ?)",
                        (game_id, seq, json.dumps(entry_to_json(entry), separators=(",", ":"))),
                    )
                self._update_game(game_id, table)
            if table.game is None and not change.abandon and table.ui.screen.value == "new-game":
                self._set("current", "")
            self._set("ui", json.dumps(table.ui.to_json(), separators=(",", ":")))
            for key, value in (extra or {}).items():
                self._set(key, value)
        if (
            table.game is not None
            and table.game.rules.series
            and (change.new_game is not None or change.append or change.drop)
        ):
            row = self.current_game()
            table.series = self.series_standings(row.series if row else None)

    def _new_game(self, rules: Rules, table: Table) -> int:
        series = None
        if rules.series:
            prev = self.db.execute(
                "SELECT id, series, state, rules FROM games ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if prev and prev[2] == "finished" and Rules.from_spec(json.loads(prev[3])).series:
                series = prev[1]
        names = {t.code: n for t, n in table.names.items() if n != t.code}
        cur = self.db.execute(
            "INSERT INTO games(rules, names, series) VALUES(?, ?, ?)",
            (json.dumps(rules.to_spec()), json.dumps(names), series),
        )
        game_id = int(cur.lastrowid or 0)
        if rules.series and series is None:
            self.db.execute("UPDATE games SET series = id WHERE id = ?", (game_id,))
        self._set("current", str(game_id))
        return game_id

    def _update_game(self, game_id: int, table: Table) -> None:
        game = table.game
        if game is None:
            return
        state = "finished" if game.over else "playing"
        self.db.execute(
            "UPDATE games SET state = ?, winner = ?, ns = ?, ew = ? WHERE id = ?",
            (
                state,
                game.winner.code if game.winner else None,
                game.totals[Team.NS],
                game.totals[Team.EW],
                game_id,
            ),
        )

    def meta_json(self, key: str) -> Any:
        """A meta value decoded from JSON, or None."""
        raw = self.get(key)
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return None
