"""What a damaged database still holds, read game by game and row by row (``recover``).

The file is only read: ``mode=ro``, and ``immutable=1`` when read-only storage leaves SQLite
no ``-shm`` to make. A damaged page fails every query that reads it, so each game is read
on its own; when the scan of its entries fails they are read one by one, and the game keeps
every entry before the first that does not read (or does not replay), back to the last
whole hand: the hands after a lost one cannot be placed (their totals and dealers depend
on it). A game number past ``MAX_GAME`` is a damaged page's, never a game's.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from hardware.storage import db_uri
from kaiser_core.entries import ConfirmEntry, RedealEntry, TableEntry, entry_from_json
from kaiser_core.errors import KaiserError
from kaiser_core.rules import Rules
from kaiser_core.table import Scene, Table

#: No table plays a millionth game (ten a night for 270 years): a larger number is damage.
MAX_GAME = 1_000_000
#: What a row that does not read raises (beyond SQLite's own errors).
UNREADABLE = (KaiserError, ValueError, TypeError, KeyError, RecursionError)


@dataclass
class Game:
    """A game to write into the new database."""

    id: int
    rules: Rules
    names: dict[str, str]
    series: int | None
    entries: list[TableEntry]
    state: str = "playing"
    source: str = "database"
    hands: int | None = None  # cut short: the whole hands kept (the next one on was lost)


@dataclass
class Found:
    """What the damaged file still holds."""

    games: dict[int, Game] = field(default_factory=dict)
    ids: set[int] = field(default_factory=set)  # every game number it names, read or not
    wild: set[int] = field(default_factory=set)  # numbers past MAX_GAME: damaged rows
    meta: dict[str, str] = field(default_factory=dict)  # the meta values that still read


def connect(path: Path) -> sqlite3.Connection | None:
    """The damaged file opened read-only, or None when SQLite cannot open it at all."""
    for immutable in (False, True):  # immutable: read-only storage and no -shm beside it
        db = None
        try:
            db = sqlite3.connect(db_uri(path, "ro", immutable=immutable), uri=True)
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.OperationalError:
            if db is not None:
                db.close()
        except sqlite3.Error:  # the schema itself is damaged: nothing reads
            if db is not None:
                db.close()
            return None
    return None


def read_damaged(path: Path, known: set[int]) -> Found:
    """Every game of the file that still reads (``known``: numbers the archive has too)."""
    db = connect(path)
    if db is None:
        return Found()
    try:
        found = Found(meta=_meta(db))
        named = _ids(db) | known
        with contextlib.suppress(ValueError):
            named.add(int(found.meta.get("current") or 0))
        found.wild = {i for i in named if i > MAX_GAME or i < 0}
        found.ids = named - found.wild - {0}
        # Every number up to the highest: a damaged page may hide a game from the scans
        # while its own rows still read.
        for game_id in range(1, max(found.ids, default=0) + 1):
            try:
                found.games[game_id] = read_game(db, game_id)
            except (sqlite3.Error, *UNREADABLE):
                continue
    finally:
        db.close()
    return found


def _ids(db: sqlite3.Connection) -> set[int]:
    """The game numbers the file names: each scan gives what it read before a bad page."""
    ids: set[int] = set()
    for query in (
        "SELECT id FROM games",
        "SELECT max(id) FROM games",
        "SELECT DISTINCT game_id FROM entries",
    ):
        with contextlib.suppress(sqlite3.Error):
            ids.update(r[0] for r in db.execute(query) if isinstance(r[0], int))
    return ids


def _meta(db: sqlite3.Connection) -> dict[str, str]:
    """The meta values that read (a bad page in the scan: the ones the scorer needs by key)."""
    found: dict[str, str] = {}
    with contextlib.suppress(sqlite3.Error):
        found.update(db.execute("SELECT key, value FROM meta"))
    for key in ("current", "ui", "club"):
        if key not in found:
            with contextlib.suppress(sqlite3.Error):
                row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
                if row is not None:
                    found[key] = row[0]
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str)}


def read_game(db: sqlite3.Connection, game_id: int) -> Game:
    """One game as far as it reads and replays; raises when its row or rules do not read."""
    row = db.execute(
        "SELECT rules, names, state, series FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        raise KeyError(game_id)
    rules = Rules.from_spec(json.loads(row[0]))
    try:
        names = json.loads(row[1])
    except UNREADABLE:
        names = {}
    if not isinstance(names, dict):
        names = {}
    names = {k: v for k, v in names.items() if isinstance(v, str)}
    series = row[3] if isinstance(row[3], int) else None
    entries, whole = _rows(db, game_id)
    game = Game(game_id, rules, names, series, [])
    kept, game.state, over = replay(rules, entries)
    if (whole and len(kept) == len(entries)) or over:
        game.entries = kept  # a game that ended holds nothing after its last hand
    else:
        game.entries = whole_hands(kept)
        game.hands = sum(1 for e in game.entries if isinstance(e, ConfirmEntry))
        game.state = replay(rules, game.entries)[1]
    if not game.entries:
        raise KeyError(game_id)  # not even its start: nothing of it is left
    if row[2] == "abandoned":
        game.state = "abandoned"
    return game


def _rows(db: sqlite3.Connection, game_id: int) -> tuple[list[TableEntry], bool]:
    """A game's entries up to the first that does not read; True when none failed."""
    try:
        rows = db.execute(
            "SELECT seq, data FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
    except sqlite3.Error:  # a bad page on the way: row by row, each found by its key
        return _row_by_row(db, game_id)
    entries: list[TableEntry] = []
    for seq, (number, data) in enumerate(rows, 1):
        if number != seq:
            return entries, False  # a row is missing
        try:
            entries.append(entry_from_json(json.loads(data)))
        except UNREADABLE:
            return entries, False
    return entries, True


def _row_by_row(db: sqlite3.Connection, game_id: int) -> tuple[list[TableEntry], bool]:
    entries: list[TableEntry] = []
    while True:
        try:
            row = db.execute(
                "SELECT data FROM entries WHERE game_id = ? AND seq = ?",
                (game_id, len(entries) + 1),
            ).fetchone()
            if row is None:
                return entries, True  # the game's end (the scan failed past it)
            entries.append(entry_from_json(json.loads(row[0])))
        except (sqlite3.Error, *UNREADABLE):
            return entries, False


def replay(rules: Rules, entries: list[TableEntry]) -> tuple[list[TableEntry], str, bool]:
    """The entries that replay (up to the first that does not), the state, and whether the
    game is over."""
    table = Table(rules)
    table.load(rules, [], Scene())
    for entry in entries:
        try:
            table.apply(entry)
        except KaiserError:
            break
    over = table.game is not None and table.game.over
    return list(table.entries), "finished" if over else "playing", over


def whole_hands(entries: list[TableEntry]) -> list[TableEntry]:
    """The entries up to the end of the last whole hand (its confirm or redeal)."""
    ends = [i + 1 for i, e in enumerate(entries) if isinstance(e, ConfirmEntry | RedealEntry)]
    return entries[: ends[-1]] if ends else entries[:1]
