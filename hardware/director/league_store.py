"""The club's history read from the director's database (``kaiser_core.club.league``).

Nights kept before the league existed (schema 2) have no summaries, entrants nor rounds:
they are worked out once from their records and their log (``fill_in``), then kept.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Iterator
from typing import Any

from hardware.director.state import NEXT
from hardware.director.store import Store
from kaiser_core.club.league import EventInfo, GameRow, History, RoundRow, game_row, summarize
from kaiser_core.club.seating import Seating
from kaiser_core.errors import KaiserError
from kaiser_core.record import score_record

log = logging.getLogger(__name__)


def _seating(text: str, names: dict[str, str]) -> Seating:
    data = json.loads(text)
    tables = {
        int(t): tuple(names.setdefault(n, n) for n in seats)
        for t, seats in data.get("tables", {}).items()
    }
    out = tuple(names.setdefault(n, n) for n in data.get("sitting_out", ()))
    return Seating(tables, out)  # type: ignore[arg-type]


def _where(column: str, only: str | None, without: str | None) -> tuple[str, tuple[str, ...]]:
    if only is not None:
        return f" WHERE {column} = ?", (only,)
    if without is not None:
        return f" WHERE {column} != ?", (without,)
    return "", ()


def load_history(store: Store, only: str | None = None, without: str | None = None) -> History:
    """The events, rounds and summed-up games kept (``only`` one event, or ``without`` one)."""
    if store.upgraded or _missing(store.db):
        fill_in(store)
    db = store.db
    history = History()
    names: dict[str, str] = {}  # one string per name, however many rounds and games name it
    where, args = _where("id", only, without)
    for ident, body in db.execute("SELECT id, body FROM events" + where, args):
        data = json.loads(body)
        members = {str(k): tuple(v) for k, v in data["members"].items()}
        fmt = str(data.get("format", "individual"))
        history.events[ident] = EventInfo(ident, data["name"], data["rounds"], members, fmt)
    where, args = _where("event", only, without)
    rows = db.execute("SELECT event, round, at, seating, ended FROM rounds" + where, args)
    for event, number, at, seating, ended in rows:
        seated = _seating(seating, names)
        history.rounds.append(RoundRow(event, number, at, seated, bool(ended)))
    history.rounds.sort(key=lambda r: (r.at, r.event, r.round))
    query = "SELECT event, tbl, round, ended, summary FROM games" + where
    for event, table, number, ended, summary in db.execute(query, args):
        if summary is None:
            continue  # a record that cannot be scored (fill_in logged it)
        data = json.loads(summary)
        data["seats"] = [names.setdefault(n, n) for n in data["seats"]]
        data["kaisers"] = [names.setdefault(n, n) for n in data.get("kaisers", ())]
        if data.get("set"):
            data["set"][0] = names.setdefault(data["set"][0], data["set"][0])
        row = game_row(names.setdefault(event, event), table, number, data, bool(ended))
        history.games.setdefault((event, number), []).append(row)
    return history


def _missing(db: sqlite3.Connection) -> bool:
    """Whether a kept game lacks its summary or its event (an older director kept it)."""
    found = db.execute(
        "SELECT 1 FROM games WHERE summary IS NULL OR event NOT IN (SELECT id FROM events) LIMIT 1"
    ).fetchone()
    return found is not None


def _summaries(db: sqlite3.Connection) -> Iterator[tuple[str, int, int, dict[str, Any]]]:
    """Each game without a summary, summed up from its record (unscorable ones: logged)."""
    rows = db.execute("SELECT event, tbl, round, record FROM games WHERE summary IS NULL")
    for event, table, number, text in rows.fetchall():
        try:
            record = json.loads(text)
            result = score_record(record)
            seats = [str(record["names"][s]) for s in "NESW"]
        except (KaiserError, ValueError, KeyError, TypeError) as err:
            log.warning("%s table %d round %d: not summed up: %s", event, table, number, err)
            continue
        yield event, table, number, summarize(result, seats, bool(result.get("winner")))


def fill_in(store: Store) -> None:
    """Sum up every game kept without a summary; give each event without entrants the
    players of its games, and each of its rounds without a row the tables of its games
    (started when the log says, or in round order)."""
    db = store.db
    with db:
        db.execute("BEGIN")
        for event, table, number, summary in _summaries(db):
            db.execute(
                "UPDATE games SET summary = ? WHERE event = ? AND tbl = ? AND round = ?",
                (json.dumps(summary, ensure_ascii=False), event, table, number),
            )
        bare = [
            e
            for (e,) in db.execute(
                "SELECT DISTINCT event FROM games WHERE event NOT IN (SELECT id FROM events)"
            ).fetchall()
        ]
        for event in bare:
            _derive_event(db, event)
    store.upgraded = False


def _derive_event(db: sqlite3.Connection, event: str) -> None:
    """An older night's entrants and rounds, from its games and its log."""
    players: dict[str, None] = {}
    tables: dict[int, dict[str, list[str]]] = {}
    for table, number, summary in db.execute(
        "SELECT tbl, round, summary FROM games WHERE event = ? AND summary IS NOT NULL"
        " ORDER BY round, tbl",
        (event,),
    ):
        seats = json.loads(summary)["seats"]
        players.update(dict.fromkeys(seats))
        tables.setdefault(number, {})[str(table)] = seats
    starts = [
        at
        for (at,) in db.execute(
            "SELECT at FROM log WHERE event = ? AND topic = ? ORDER BY seq", (event, NEXT)
        )
    ]
    rounds = max([len(starts), *tables])
    body = {"name": event, "format": "individual", "rounds": rounds,
            "members": {p: [p] for p in players}}  # fmt: skip
    db.execute("INSERT OR REPLACE INTO events VALUES (?, ?)", (event, json.dumps(body)))
    for number in range(1, rounds + 1):
        seated = tables.get(number, {})
        out = [p for p in players if all(p not in s for s in seated.values())]
        at = starts[number - 1] if number <= len(starts) else f"~{event}-{number:03d}"
        seating = json.dumps({"tables": seated, "sitting_out": out}, ensure_ascii=False)
        db.execute(
            "INSERT OR IGNORE INTO rounds VALUES (?, ?, ?, ?, 1)", (event, number, at, seating)
        )


def stored_seasons(store: Store) -> dict[str, dict[str, Any]]:
    """The season files the director was given, as kept: id to the ``[season]`` data."""
    return {i: json.loads(b) for i, b in store.db.execute("SELECT id, body FROM seasons")}


__all__ = ["GameRow", "fill_in", "load_history", "stored_seasons"]
