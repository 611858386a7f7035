"""The home pages' data of one journal, kept in memory and brought up to date per ``rev``.

Each game is held as its digest (``hardware.digest``): a finished game's as the scorer
stored it (or, in a journal of an older version, worked out here once and kept in
memory: ``web`` never writes), an unfinished game's worked out again when the journal's
``rev`` moved and its state or entries did. The statistics are the sum of the games'
parts, kept as games come and change. So a request costs its page, not the history:
``rows`` one page of the list, ``game`` one game, ``stats`` the sum already made.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hardware import digest
from hardware.reading import read_stored
from hardware.storage import JournalError
from kaiser_core.errors import KaiserError, KaiserInputError
from kaiser_core.stats import add_contribution, stats_rows

PAGE = 50  # games a page of the history lists, newest first
#: What tells that a game changed since it was digested: its state, totals, and its
#: entries' count and length (an undo and another hand changes them; the scorer also drops
#: a finished game's stored digest when an undo reopens it).
MARKS = (
    "SELECT g.id, g.state, g.ns, g.ew, g.winner, count(e.seq), total(length(e.data)) "
    "FROM games g LEFT JOIN entries e ON e.game_id = g.id"
)


def _worked_out(journal: Any, game_id: int) -> dict[str, Any]:
    """A game's digest made here from its entries ({"error": ...} when it does not score)."""
    from hardware.app import GameDamaged, export_game  # the one call into the export code

    try:
        record = export_game(journal, game_id)
    except GameDamaged as err:  # its rows do not read: listed as damaged, the others served
        return {"record": {}, "error": str(err.args[0]), "damaged": True}
    try:
        return digest.digest(record, with_sheet=False)  # the sheet when its page is asked for
    except KaiserError as err:
        return {"record": record, "error": str(err)}


class HomeData:
    """One journal's games as digests, their statistics summed; thread-safe."""

    def __init__(self, db_path: Path, opener: Callable[[Path], Any]) -> None:
        self.path = db_path
        self.opener = opener  # opens the journal read-only (hardware.web.home)
        self.lock = threading.Lock()
        self.key: tuple[str, str] | None = None  # (journal id, rev) the data is of
        self.games: dict[int, dict[str, Any]] = {}  # game id -> digest
        self.marks: dict[int, tuple[Any, ...]] = {}  # game id -> its MARKS when digested
        self.total: dict[str, Any] = {}  # the statistics' sum over every game
        self.order: list[int] = []  # the games' ids, oldest first
        self.errors: set[int] = set()  # games whose record does not score
        self.worked_out = 0  # digests made here (not stored by the scorer)
        self.behind: str | None = None  # the last reading's "may be behind" line

    # -- reading --------------------------------------------------------------------
    def _read(self, work: Callable[[Any], Any]) -> Any:
        """``work`` on the journal read by SQLite's rules (``hardware.reading``); keeps the
        line saying what is shown may be behind the table (or None) in ``behind``."""
        try:
            result, self.behind = read_stored(lambda: self.opener(self.path), work)
        except sqlite3.DatabaseError as err:
            raise JournalError(f"{self.path}: cannot be read ({err})") from None
        return result

    def current(self) -> tuple[str, str]:
        """The journal's (id, rev) now: what a cached page is valid for."""
        return self._read(_key)  # type: ignore[no-any-return]

    def refresh(self) -> tuple[str, str]:
        """Bring the games and the statistics up to the journal's rev; returns it."""
        with self.lock:
            return self._read(self._refresh)  # type: ignore[no-any-return]

    def _refresh(self, journal: Any) -> tuple[str, str]:
        key = _key(journal)
        if key == self.key:
            return key
        if self.key is None or key[0] != self.key[0]:  # another journal (recover made it)
            self.games, self.marks, self.total, self.order = {}, {}, {}, []
            self.errors = set()
        # Only the scorer writes, and only to its current game and the newest one: a game
        # known to be finished or abandoned is looked at again only if it is one of those.
        last = self.order[-1] if self.order else 0
        watch = {i for i, m in self.marks.items() if m[0] == "playing"}
        current = journal.get("current")
        watch.update({last, int(current)} if current and current.isdigit() else {last})
        marks = ",".join("?" * len(watch))
        rows = journal.db.execute(
            MARKS + f" WHERE g.id > ? OR g.id IN ({marks}) GROUP BY g.id ORDER BY g.id",
            (last, *sorted(watch)),
        ).fetchall()
        changed = [(int(r[0]), tuple(r[1:])) for r in rows if self.marks.get(r[0]) != tuple(r[1:])]
        stored = digest.load(journal.db, [i for i, m in changed if m[0] == "finished"])
        for game_id, mark in changed:
            found = stored.get(game_id)
            if found is None:
                found = _worked_out(journal, game_id)
                self.worked_out += 1
            self._put(game_id, found)
            if game_id not in self.marks:
                self.order.append(game_id)  # ids only grow
            self.marks[game_id] = mark
        self.key = key
        return key

    def _put(self, game_id: int, found: dict[str, Any]) -> None:
        old = self.games.get(game_id)
        if old is not None and "stats" in old:
            add_contribution(self.total, old["stats"], -1)
        self.games[game_id] = found
        scores = "error" not in found or found.get("damaged")  # a damaged game: left out
        (self.errors.discard if scores else self.errors.add)(game_id)
        if "stats" in found:
            add_contribution(self.total, found["stats"])

    # -- the pages' data ------------------------------------------------------------
    def rows(self, page: int) -> tuple[list[dict[str, Any]], int]:
        """One page of the history (newest first), and how many games there are."""
        self.refresh()
        return self.page_rows(page)

    def page_rows(self, page: int) -> tuple[list[dict[str, Any]], int]:
        """``rows`` as of the last ``refresh``."""
        with self.lock:  # another request's refresh may be changing them
            count = len(self.order)
            end = max(0, count - page * PAGE)
            chosen = self.order[max(0, end - PAGE) : end][::-1]
            return [{"number": i, "href": f"/games/{i}", **self._row(i)} for i in chosen], count

    def _row(self, game_id: int) -> dict[str, Any]:
        found = self.games[game_id]
        if "row" in found:
            return dict(found["row"])
        record = found["record"]
        return {
            "names": record.get("names", {}),
            "error": found["error"],
            "damaged": found.get("damaged", False),
            "hands": 0,
            "totals": {"NS": 0, "EW": 0},
            "winner": None,
        }

    def stats(self) -> list[dict[str, Any]]:
        """Every player's statistics; KaiserError naming a game that does not score."""
        self.refresh()
        return self.player_rows()

    def player_rows(self) -> list[dict[str, Any]]:
        """``stats`` as of the last ``refresh``."""
        with self.lock:
            if self.errors:
                first = min(self.errors)
                raise KaiserInputError(f"game {first}: {self.games[first]['error']}")
            return stats_rows(self.total)

    def game(self, game_id: int) -> dict[str, Any] | None:
        """One game's digest, reading that game only (None: no such game)."""
        with self.lock:
            return self._read(lambda journal: self._one(journal, game_id))  # type: ignore[no-any-return]

    def _one(self, journal: Any, game_id: int) -> dict[str, Any] | None:
        row = journal.db.execute(MARKS + " WHERE g.id = ? GROUP BY g.id", (game_id,)).fetchone()
        if row is None:
            return None
        mark = tuple(row[1:])
        if self.marks.get(game_id) == mark:
            found = self.games[game_id]
        else:
            stored = digest.load(journal.db, [game_id]) if mark[0] == "finished" else {}
            found = stored.get(game_id) or _worked_out(journal, game_id)
        if "sheet" not in found and "error" not in found:  # worked out here: made when asked
            found["sheet"] = digest.sheet(found["record"])
        return found


def _key(journal: Any) -> tuple[str, str]:
    return (journal.get("journal") or "", journal.get("rev") or "")


__all__ = ["PAGE", "HomeData"]
