"""The league's data in the director's database: a night's path reads no history (the
same statements with 100 nights kept as with none), an older database (schema 2) gets its
games summed up and its nights' entrants and rounds worked out once."""

from __future__ import annotations

import asyncio
import json
import random
import re
import sqlite3
from pathlib import Path

import pytest
from league_sim import event_data, one_hand, play_night

from hardware.director.league import League
from hardware.director.league_store import load_history
from hardware.director.service import Service
from hardware.director.state import NEXT, Director
from hardware.director.store import SCHEMA, Store
from kaiser_core.club.event import parse_event

pytestmark = pytest.mark.slow  # 100 nights are written first

PLAYERS = [f"P{i}" for i in range(9)]


def night_statements(db: Path) -> list[str]:
    """The SQL a new night's first round and first game run, in order."""

    async def run() -> list[str]:
        store = Store(db, "tonight")
        service = Service(Director(parse_event(event_data("tonight", PLAYERS, 2))), store)
        seen: list[str] = []
        store.db.set_trace_callback(seen.append)
        service.act(NEXT)
        seats = service.director.seatings[0].tables[1]
        body = {"event": "tonight", "table": 1, "round": 1, "journal": "j", "rev": 1,
                "finished": True, "record": one_hand(seats, True, random.Random(1))}  # fmt: skip
        service.message("kaiser/tonight/table/1/round/1/game", json.dumps(body).encode())
        store.db.set_trace_callback(None)
        store.close()
        return [re.sub(r"'\d{4}-\d\d-\d\dT[0-9:.+]+'", "'<time>'", s) for s in seen]

    return asyncio.run(run())


def test_a_night_runs_the_same_statements_with_100_nights_kept(tmp_path: Path) -> None:
    empty = night_statements(tmp_path / "empty.db")
    db = tmp_path / "club.db"
    rng = random.Random(3)
    for n in range(100):
        play_night(db, f"night-{n:03d}", PLAYERS, 2, lambda s: rng.random() < 0.5, rng)
    assert len(load_history(Store(db, "", create=False, lock=False)).events) == 100
    full = night_statements(db)
    assert full == empty and full
    assert not [s for s in full if s.lstrip().upper().startswith("SELECT")], full
    # A restarted night reads its own log through the index, not the 100 nights' rows.
    store = Store(db, "night-050")
    plan = store.db.execute(
        "EXPLAIN QUERY PLAN SELECT at, topic, payload FROM log WHERE event = ? ORDER BY seq",
        ("night-050",),
    ).fetchall()
    assert any("USING INDEX log_event" in row[-1] for row in plan), plan


OLD_DDL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE log (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, topic TEXT NOT NULL,
    payload BLOB NOT NULL, verdict TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL DEFAULT '',
    event TEXT NOT NULL DEFAULT '');
CREATE TABLE games (event TEXT NOT NULL, tbl INTEGER NOT NULL, round INTEGER NOT NULL,
    record TEXT NOT NULL, ended INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (event, tbl, round));
INSERT INTO meta VALUES ('schema', 'kaiser-director/2'), ('event', 'old');
"""


def test_an_older_database_gets_its_nights_worked_out_once(tmp_path: Path, caplog) -> None:
    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.executescript(OLD_DDL)
    rng = random.Random(2)
    games = {
        (1, 1): one_hand(["Ann", "Bob", "Cy", "Di"], True, rng),
        (2, 1): one_hand(["Ed", "Flo", "Gus", "Hal"], False, rng),
        (1, 2): one_hand(["Ann", "Ed", "Cy", "Flo"], True, rng),
    }
    for (table, number), record in games.items():
        con.execute("INSERT INTO games VALUES ('old', ?, ?, ?, 0)",
                    (table, number, json.dumps(record)))  # fmt: skip
    con.execute("INSERT INTO games VALUES ('old', 3, 2, '{\"names\": 3}', 0)")  # unscorable
    for at in ("2026-11-01T19:00", "2026-11-01T19:40"):
        con.execute("INSERT INTO log (at, topic, payload, event) VALUES (?, ?, x'', 'old')",
                    (at, NEXT))  # fmt: skip
    con.commit()
    con.close()
    store = Store(db, "new")
    assert store.upgraded
    history = load_history(store)
    assert store.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (SCHEMA,)
    info = history.events["old"]
    assert set(info.members) == {"Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"}
    assert [r.at for r in history.rounds] == ["2026-11-01T19:00", "2026-11-01T19:40"]
    assert history.rounds[1].seating.sitting_out == ("Bob", "Di", "Gus", "Hal")  # no game kept
    assert len(history.night_games("old")) == 3
    assert "not summed up" in caplog.text
    league = League(store)
    night = league.night_body("old")
    assert night is not None and night["rows"][0]["total"] > 0
    assert league.ratings()["rows"][0]["rounds"] >= 1
    store.close()
    # Worked out once: the next open finds them kept.
    again = Store(db, "new")
    assert not again.upgraded
    before = again.db.total_changes
    load_history(again)
    assert again.db.total_changes == before
