"""The director's database holds several events: each one's log and kept games, and an old
one-event database (schema 1) is read as that event's."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hardware.director.store import SCHEMA, Store, StoreError

RECORD = {"names": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "<b>Zed</b>"}, "hands": []}


def test_two_events_share_a_database_but_not_their_logs(tmp_path: Path) -> None:
    db = tmp_path / "director.db"
    first = Store(db, "monday")
    first.add("t1", "director/next", b"", "action", "", "")
    first.save_game(1, 1, RECORD, ended=True)
    first.close()
    second = Store(db, "tuesday")
    assert list(second.rows()) == []  # monday's next round is not tuesday's
    second.add("t2", "kaiser/tuesday/table/1/status", b"{}", "status", "", "")
    second.save_game(1, 1, RECORD, ended=False)
    second.save_game(1, 1, {**RECORD, "hands": [{"redeal": True}]}, ended=False)  # replaced
    assert list(second.rows()) == [("t2", "kaiser/tuesday/table/1/status", b"{}", "status", "", "")]
    games = list(second.games())
    assert games == [
        ("monday", 1, 1, RECORD, True),
        ("tuesday", 1, 1, {**RECORD, "hands": [{"redeal": True}]}, False),
    ]
    assert second.event_ids() == ["monday", "tuesday"]
    second.close()
    again = Store(db, "monday")
    assert list(again.rows()) == [("t1", "director/next", b"", "action", "", "")]
    again.close()


def test_a_one_event_database_is_upgraded_in_place(tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    con = sqlite3.connect(db)
    con.executescript(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
        "CREATE TABLE log (seq INTEGER PRIMARY KEY, at TEXT NOT NULL, topic TEXT NOT NULL,"
        " payload BLOB NOT NULL, verdict TEXT NOT NULL DEFAULT '', reason TEXT NOT NULL"
        " DEFAULT '');"
        "INSERT INTO meta VALUES ('schema', 'kaiser-director/1'), ('event', 'monday');"
        "INSERT INTO log (at, topic, payload) VALUES ('t1', 'director/next', x'');"
    )
    con.commit()
    con.close()
    store = Store(db, "monday")
    assert list(store.rows()) == [("t1", "director/next", b"", "", "", "")]
    assert store.db.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (SCHEMA,)
    store.close()
    assert list(Store(db, "tuesday").rows()) == []


def test_a_database_of_something_else_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "other.db"
    con = sqlite3.connect(db)
    con.executescript(
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);"
        "INSERT INTO meta VALUES ('schema', 'kaiser-journal/3');"
    )
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="not a director database") as refused:
        Store(db, "monday")
    assert str(refused.value) == f"{db}: not a director database ('kaiser-journal/3')"
    (tmp_path / "junk.db").write_bytes(b"not sqlite at all" * 100)
    with pytest.raises(StoreError, match="cannot use it"):
        Store(tmp_path / "junk.db", "monday")
