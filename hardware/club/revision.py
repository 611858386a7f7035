"""The journal's id and rev (CLUB.md), and the club values stored with each change.

``journal`` is a random id made when the database is made (``recover`` makes a new
database, so a new id); ``rev`` is raised in the same transaction as every stored change,
undo included, and never goes down. An older database gets both the first time a scorer
opens it (nothing else in it changes).
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
from typing import Any, Protocol


class Journal(Protocol):
    """What this module needs of ``hardware.journal.Journal`` (no import: no cycle)."""

    db: sqlite3.Connection

    def get(self, key: str) -> str | None:
        """A meta value."""

    def _set(self, key: str, value: str) -> None: ...

    def transaction(self) -> Any:
        """A write transaction."""


#: Meta keys: the round a club game was played for -> the game's id.
ROUND_KEY = "club.round."


def new_journal_id() -> str:
    """A random id for a new database (16 hex digits)."""
    return os.urandom(8).hex()  # as secrets.token_hex(8), without hashlib's MBs of OpenSSL


def ensure_ids(journal: Journal) -> None:
    """Give a database made before ids existed its journal id and rev (one transaction)."""
    if journal.get("journal") is not None and journal.get("rev") is not None:
        return
    with journal.transaction():
        if journal.get("journal") is None:
            journal._set("journal", new_journal_id())
        if journal.get("rev") is None:
            journal._set("rev", "0")


def stamp(journal: Journal, table: Any, new_game: int | None) -> None:
    """Inside the store's transaction: raise rev; keep the club state and the round's game."""
    journal.db.execute(
        "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'rev'"
    )
    club = getattr(table, "club", None)
    if club is None:
        return
    text = club_text(club)
    if journal.get("club") != text:  # a read costs less than a write (fewer WAL pages)
        journal._set("club", text)
    if new_game is not None and club.game_round is not None:
        journal._set(f"{ROUND_KEY}{club.game_round}", str(new_game))
        seats = club.seat_names()
        if seats:
            journal.db.execute(
                "UPDATE games SET names = ? WHERE id = ?",
                (json.dumps(seats, ensure_ascii=False), new_game),
            )


@functools.lru_cache(maxsize=64)
def _club_text(club: Any) -> str:
    return json.dumps(club.to_json(), separators=(",", ":"), ensure_ascii=False)


def club_text(club: Any) -> str:
    """The club state's JSON text (kept: its rules' spec costs more than the rest of a store)."""
    try:
        return _club_text(club)
    except TypeError:  # not hashable: made anew
        return json.dumps(club.to_json(), separators=(",", ":"), ensure_ascii=False)


def carried(key: str) -> bool:
    """Whether ``recover`` takes a meta value over into the new database: the club state and
    each round's game (the game keeps its number; the journal id and rev are the new file's)."""
    return key == "club" or key.startswith(ROUND_KEY)
