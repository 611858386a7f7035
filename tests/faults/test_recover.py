"""The archive of finished games, and ``recover`` building a new database from a damaged one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hardware import archive
from hardware.recover import record_entries
from kaiser_core.record import score_record

from .conftest import cli, digest, one_line, pages, play, spoil_page

pytestmark = pytest.mark.slow


def exported(db: Path) -> list[dict[str, object]]:
    result = cli("export", "--all", "--db", str(db))
    assert result.returncode == 0, result.err
    return json.loads(result.out)


def test_every_finished_game_is_archived_beside_the_database(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 3)
    games, bad = archive.read(archive.archive_path(db))
    assert bad == 0 and sorted(games) == [1, 2, 3]
    records = exported(db)
    for game_id, saved in games.items():
        assert saved.record == records[game_id - 1]
        assert score_record(saved.record)["winner"] is not None
    size = archive.archive_path(db).stat().st_size
    assert size < 3 * 8192, size  # a few KB a game


def test_an_archive_line_cut_short_is_skipped_and_ended(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1, underway=False)
    path = archive.archive_path(db)
    with open(path, "ab") as f:
        f.write(b'{"archive":1,"game":2,"rec')  # a crash in the middle of an append
    record = archive.read(path)[0][1].record
    archive.append(path, 3, None, record)
    games, bad = archive.read(path)
    assert sorted(games) == [1, 3] and bad == 1


def test_records_turn_back_into_the_tables_entries(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1, underway=False)
    record = archive.read(archive.archive_path(db))[0][1].record
    rules, names, entries = record_entries(record)
    from kaiser_core.table import Scene, Table

    table = Table(rules)
    table.load(rules, entries, Scene())
    assert table.game is not None and table.game.over
    from kaiser_core.record import record_json

    assert record_json(rules, table.first_dealer, table.core_entries(), names) == record


def test_recover_takes_the_readable_games_and_the_archive(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 3)
    before = exported(db)
    leaves = pages(db, "entries")
    spoil_page(db, leaves[0])  # game 1's entries: only the archive has them now
    damaged = digest(db)
    result = cli("recover", "--db", str(db))
    assert result.returncode == 0, result.err
    new = tmp_path / "kaiser-recovered.db"
    assert "recovered 4 games" in result.out and "1 from the archive" in result.out
    assert digest(db) == damaged  # the damaged file is left as it was
    after = exported(new)
    assert after[:3] == before[:3]  # the finished games, record for record
    assert after[3]["hands"] == before[3]["hands"]
    run = cli("run", "--board", "mock", "--keys", "/dev/null", "--db", str(new))
    assert run.returncode == 0, run.err
    assert sorted(archive.read(archive.archive_path(new))[0]) == [1, 2, 3]


def test_recover_from_a_truncated_file(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 2)
    before = exported(db)
    with open(db, "r+b") as f:
        f.truncate(2048)
    result = cli("recover", "--db", str(db), "--out", str(tmp_path / "new.db"))
    assert result.returncode == 0, result.err
    assert exported(tmp_path / "new.db")[:2] == before[:2]
    again = cli("recover", "--db", str(db), "--out", str(tmp_path / "new.db"))
    assert again.returncode == 2 and "exists already" in one_line(again)
