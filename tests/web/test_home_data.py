"""The home pages' stored digests: what the scorer stores equals what is worked out from
the records, an older journal is read the same without a write, and a change costs the
changed game only. Real journals: game records in the archive, rebuilt by ``recover``."""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest

from hardware import archive, digest
from hardware.archive import append, archive_path
from hardware.journal import Journal
from hardware.recover import cmd_recover
from hardware.web.home import journal_games, open_read_only
from hardware.web.home_data import PAGE, HomeData
from kaiser_core.sheet import build_sheet
from kaiser_core.stats import GameInput, player_stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "club"))
from club_games import play

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "<b>Zed</b>"]


def records(count: int, seed: int = 5) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    return [play(rng, rng.sample(PLAYERS, 4), 4)[-1] for _ in range(count)]


def journal_of(folder: Path, recs: list[dict[str, Any]]) -> Path:
    old, new = folder / "old.db", folder / "kaiser.db"
    for number, record in enumerate(recs, 1):
        append(archive_path(old), number, None, record)
    assert cmd_recover(argparse.Namespace(db=str(old), out=str(new))) == 0
    return new


def files_hash(db: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(db.parent.glob(db.name + "*")):
        h.update(p.name.encode() + p.read_bytes())
    return h.hexdigest()


def test_stored_digests_equal_what_the_records_work_out(tmp_path: Path) -> None:
    db = journal_of(tmp_path, records(12))
    games = dict(journal_games(db))
    journal = open_read_only(db)
    try:
        stored = digest.load(journal.db, list(games))
        finished = [
            i for (i,) in journal.db.execute("SELECT id FROM games WHERE state = 'finished'")
        ]
    finally:
        journal.close()
    assert sorted(stored) == finished and len(finished) >= 8
    for game_id, found in stored.items():
        assert found["sheet"] == json.loads(json.dumps(build_sheet(games[game_id])))
    data = HomeData(db, open_read_only)
    assert data.stats() == player_stats(GameInput(r) for r in games.values())
    assert data.worked_out == len(games) - len(finished)  # only the unfinished ones
    assert data.game(finished[0])["sheet"] == stored[finished[0]]["sheet"]
    assert data.game(999) is None


@pytest.mark.slow
def test_an_older_journal_is_read_the_same_and_not_written(tmp_path: Path) -> None:
    db = journal_of(tmp_path, records(9, seed=8))
    games = dict(journal_games(db))
    with sqlite3.connect(db) as conn:
        conn.execute("DROP TABLE digests")  # as a journal of an older version
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = files_hash(db)
    data = HomeData(db, open_read_only)
    assert data.stats() == player_stats(GameInput(r) for r in games.values())
    rows, count = data.rows(0)
    assert count == len(games) and [r["number"] for r in rows] == sorted(games, reverse=True)
    assert data.worked_out == len(games)
    assert files_hash(db) == before  # web never writes
    # the scorer's next start brings it up to date
    journal = Journal(db, exclusive=True)
    try:
        assert archive.backfill_digests(journal) == len(digest.load(journal.db, list(games)))
        assert digest.missing(journal.db) == []
    finally:
        journal.close()


@pytest.mark.slow
def test_a_new_game_costs_only_itself_and_the_sum_stays_exact(tmp_path: Path) -> None:
    recs = records(2 * PAGE + 3, seed=13)
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    db = journal_of(tmp_path / "a", recs[:-1])
    data = HomeData(db, open_read_only)
    data.stats()
    made = data.worked_out
    # the scorer finishes one more game: its rows, entries and digest, and rev moves
    other = journal_of(tmp_path / "b", recs[-1:])
    with sqlite3.connect(db) as conn, sqlite3.connect(other) as src:
        game = src.execute("SELECT rules, names, state, winner, ns, ew FROM games").fetchone()
        conn.execute(
            "INSERT INTO games(id, rules, names, state, winner, ns, ew) "
            "VALUES(?, ?, ?, ?, ?, ?, ?)",
            (len(recs), *game),
        )
        for seq, body in src.execute("SELECT seq, data FROM entries ORDER BY seq"):
            conn.execute("INSERT INTO entries VALUES(?, ?, ?)", (len(recs), seq, body))
        body = src.execute("SELECT body FROM digests").fetchone()
        if body is not None:
            conn.execute("INSERT INTO digests VALUES(?, ?)", (len(recs), body[0]))
        conn.execute("UPDATE meta SET value = value + 1 WHERE key = 'rev'")
    games = dict(journal_games(db))
    assert data.stats() == player_stats(GameInput(r) for r in games.values())
    assert data.worked_out - made == (0 if body is not None else 1)  # the new one only
    rows, count = data.rows(2)  # the third page: the oldest
    assert count == len(games) > 2 * PAGE
    assert [r["number"] for r in rows] == sorted(games, reverse=True)[2 * PAGE :]
