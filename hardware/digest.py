"""A finished game's digest: what the home pages show of it, worked out once, when it ends.

The scorer (the only writer) stores it in the journal's ``digests`` table when a game
finishes, as it writes the archive line, and drops it when an undo reopens the game;
``hardware.archive.backfill_digests`` adds the missing ones of a journal written by an
older version (at the scorer's start and by ``recover``). ``kaiser-scorer web`` stays
read-only: it reads them, and works out the missing ones itself (keeping them in
memory). One digest is JSON::

    {"v": 1, "record": {...}, "row": {...}, "sheet": {...}, "stats": {...}}

``row`` is the history's line (names, rules, hands, totals, winner), ``sheet`` the game's
page (``kaiser_core.sheet.build_sheet``), ``stats`` the game's part of the statistics
(``kaiser_core.stats.contribution``).
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterable
from typing import Any

from kaiser_core.errors import KaiserError

log = logging.getLogger(__name__)
VERSION = 1
DDL = "CREATE TABLE IF NOT EXISTS digests (game_id INTEGER PRIMARY KEY, body TEXT NOT NULL)"


def sheet(record: dict[str, Any]) -> dict[str, Any]:
    """The game's page: its score sheet (``kaiser_core.sheet.build_sheet``)."""
    from kaiser_core.sheet import build_sheet

    return build_sheet(record)


def digest(record: dict[str, Any], with_sheet: bool = True) -> dict[str, Any]:
    """A game record's digest (``with_sheet``: with its page); raises KaiserError when the
    record does not score."""
    # Imported here: the journal imports this module, and the scorer's start-up needs none.
    from kaiser_core.record import parse_record, result_json
    from kaiser_core.stats import contribution

    parsed = parse_record(record)
    game = parsed.game()
    result = result_json(game)
    rules = record.get("rules", "standard")
    row = {
        "names": record.get("names", {}),
        "rules": rules if isinstance(rules, str) else rules.get("profile", ""),
        "hands": sum(1 for h in result["hands"] if not h["redeal"]),
        "totals": result["totals"],
        "winner": result["winner"],
    }
    stats = contribution(game, parsed.names, False)
    out = {"v": VERSION, "record": record, "row": row, "stats": stats}
    if with_sheet:
        out["sheet"] = sheet(record)
    return out


def ensure(db: sqlite3.Connection) -> None:
    """Add the table to a journal of an older version. When that cannot be written now (the
    storage full) the scorer still starts: without digests, as the older version did."""
    try:
        db.execute(DDL)
    except sqlite3.OperationalError as err:
        log.warning("the finished games' digests cannot be kept: %s", err)


def has_table(db: sqlite3.Connection) -> bool:
    """True when the journal has a ``digests`` table (an older one has none)."""
    found = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'digests'")
    return found.fetchone() is not None


def save(db: sqlite3.Connection, game_id: int, record: dict[str, Any]) -> None:
    """Store the digest of finished game ``game_id`` (the scorer, as the game ends)."""
    body = json.dumps(digest(record), ensure_ascii=False, separators=(",", ":"))
    db.execute("INSERT OR REPLACE INTO digests(game_id, body) VALUES(?, ?)", (game_id, body))


def keep(journal: Any, game_id: int, record: dict[str, Any]) -> None:
    """As a game finishes: store its digest in a transaction of its own. A failure (the
    storage full, a record that does not score) is only logged: the web works it out."""
    try:
        with journal.transaction():
            save(journal.db, game_id, record)
    except (sqlite3.Error, KaiserError) as err:
        log.error("%s: game %d has no digest (%s)", journal.path, game_id, err)


def drop(db: sqlite3.Connection, game_id: int) -> None:
    """The game changed (an undo reopened it): its digest no longer holds."""
    try:
        db.execute("DELETE FROM digests WHERE game_id = ?", (game_id,))
    except sqlite3.OperationalError as err:
        if "no such table" not in str(err):  # none in this journal (``ensure``): nothing to do
            raise


def load(db: sqlite3.Connection, ids: Iterable[int]) -> dict[int, dict[str, Any]]:
    """The stored digests of the finished games ``ids`` (those that have one and read)."""
    wanted = list(ids)
    if not wanted or not has_table(db):
        return {}
    found: dict[int, dict[str, Any]] = {}
    for start in range(0, len(wanted), 500):
        chunk = wanted[start : start + 500]
        marks = ",".join("?" * len(chunk))
        rows = db.execute(
            "SELECT d.game_id, d.body FROM digests d JOIN games g ON g.id = d.game_id "
            f"WHERE g.state = 'finished' AND d.game_id IN ({marks})",
            chunk,
        )
        for game_id, body in rows:
            try:
                value = json.loads(body)
            except ValueError:
                continue
            if isinstance(value, dict) and value.get("v") == VERSION:
                found[int(game_id)] = value
    return found


def missing(db: sqlite3.Connection) -> list[int]:
    """The finished games without a digest, oldest first."""
    if not has_table(db):
        return [r[0] for r in db.execute("SELECT id FROM games WHERE state = 'finished'")]
    return [
        r[0]
        for r in db.execute(
            "SELECT id FROM games WHERE state = 'finished' "
            "AND id NOT IN (SELECT game_id FROM digests) ORDER BY id"
        )
    ]


__all__ = [
    "DDL",
    "digest",
    "drop",
    "ensure",
    "has_table",
    "keep",
    "load",
    "missing",
    "save",
    "sheet",
]
