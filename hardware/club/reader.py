"""The publisher's view of the journal: read-only, a fresh snapshot at each wake-up.

Opened ``mode=ro`` and never ``immutable`` (the scorer keeps writing): each read is one
SQLite read transaction, so a round's record, the journal id and the rev always agree.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hardware.club.revision import ROUND_KEY
from hardware.storage import db_uri
from kaiser_core.cards import Team
from kaiser_core.entries import entry_from_json
from kaiser_core.hand import Hand
from kaiser_core.record import record_json
from kaiser_core.rules import Rules
from kaiser_core.table import Scene, Screen, Table


@dataclass(frozen=True)
class RoundGame:
    """One round's game as the table stored it."""

    round: int
    finished: bool
    record: dict[str, Any]
    hands: int
    totals: dict[str, int]


@dataclass(frozen=True)
class Snapshot:
    """The journal's id, its rev, every round's game, and the round now being played."""

    journal: str
    rev: int
    rounds: dict[int, RoundGame]
    current: int | None


class JournalReader:
    """Reads the scorer's database without ever writing to it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._inode: int | None = None
        self._cache: dict[tuple[int, int, str], RoundGame] = {}

    def _connect(self) -> sqlite3.Connection:
        try:
            inode = os.stat(self.path).st_ino
        except OSError:
            inode = None
        if inode != self._inode:  # the file was replaced (a restored database)
            self.close()
            self._inode = inode
        if self._db is None:
            db = sqlite3.connect(db_uri(self.path, "ro"), uri=True, isolation_level=None)
            db.execute("PRAGMA query_only=1")
            self._db = db
        return self._db

    def close(self) -> None:
        """Close the connection (the next read opens a new one: a replaced file is seen)."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def read(self) -> Snapshot | None:
        """A consistent snapshot; None while the database has no journal id yet."""
        db = self._connect()
        db.execute("BEGIN")
        try:
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            if "journal" not in meta:
                return None
            rounds: dict[int, RoundGame] = {}
            for key, value in meta.items():
                if key.startswith(ROUND_KEY) and key[len(ROUND_KEY) :].isdigit():
                    number = int(key[len(ROUND_KEY) :])
                    game = self._game(db, number, int(value))
                    if game is not None:
                        rounds[number] = game
            club = json.loads(meta.get("club") or "null")
            current = club.get("game_round") if isinstance(club, dict) else None
            return Snapshot(meta["journal"], int(meta.get("rev") or 0), rounds, current)
        finally:
            db.execute("COMMIT")

    def _game(self, db: sqlite3.Connection, number: int, game_id: int) -> RoundGame | None:
        row = db.execute(
            "SELECT rules, names, state, (SELECT count(*) FROM entries WHERE game_id = id), "
            "(SELECT coalesce(max(seq), 0) FROM entries WHERE game_id = id) "
            "FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        # The entries only grow at the end or lose their last (undo): count, last seq and
        # state name the stored game; the last entry's text tells an undo-and-redo apart.
        last = db.execute(
            "SELECT data FROM entries WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
        ).fetchone()
        key = (game_id, int(row[3]) * 1_000_000 + int(row[4]), f"{row[2]}:{last}")
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        rules = Rules.from_spec(json.loads(row[0]))
        entries = [
            entry_from_json(json.loads(r[0]))
            for r in db.execute(
                "SELECT data FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
            )
        ]
        table = Table(rules)
        table.load(rules, entries, Scene.at(Screen.SCORE))
        names = json.loads(row[1])
        record = record_json(rules, table.first_dealer, table.core_entries(), names)
        game = table.game
        over = game is not None and game.over
        totals = {t.code: game.totals[t] if game else 0 for t in (Team.NS, Team.EW)}
        hands = sum(isinstance(e, Hand) for e in game.entries) if game is not None else 0
        result = RoundGame(number, over, record, hands, totals)
        self._cache = {k: v for k, v in self._cache.items() if k[0] != game_id}
        self._cache[key] = result
        return result
