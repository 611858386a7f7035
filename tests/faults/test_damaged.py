"""Half-made, damaged, foreign and oddly named database files: never written to by mistake."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from hardware.journal import Journal
from hardware.resume import commit, resume
from hardware.sources.check import quick_check
from hardware.storage import DatabaseDamaged, JournalError
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table

from .conftest import (
    _player,
    cli,
    copy_games,
    digest,
    game_ends,
    key_script,
    killed_after,
    one_line,
    pages,
    play,
    spoil_page,
    store_keys,
)

pytestmark = pytest.mark.slow

KEYS = "OK\nDOWN\nUP\n"


def keys_file(tmp_path: Path) -> Path:
    keys = tmp_path / "keys.txt"
    keys.write_text(KEYS)
    return keys


def run(tmp_path: Path, db: Path) -> object:
    return cli("run", "--board", "mock", "--keys", str(keys_file(tmp_path)), "--db", str(db))


def half_made(db: Path) -> None:
    """What a kill during the first creation leaves: 1 KiB, WAL set, no table yet."""
    con = sqlite3.connect(db)
    con.execute("PRAGMA page_size=1024")
    con.execute("PRAGMA journal_mode=WAL")
    con.close()


def test_a_half_made_database_is_finished(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    half_made(db)
    assert db.stat().st_size == 1024
    assert cli("export", "--db", str(db)).returncode == 2  # nothing to export, no traceback
    result = run(tmp_path, db)
    assert result.returncode == 0, result.err
    export = cli("export", "--db", str(db))
    assert export.returncode == 0, export.err
    assert json.loads(export.out)["format"] == "kaiser-game/1"


def test_a_file_with_games_but_no_mark_is_never_touched(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    with sqlite3.connect(db) as con:
        con.execute("DELETE FROM meta WHERE key = 'app'")
    con.close()
    before = digest(db)
    result = run(tmp_path, db)
    assert result.returncode == 2
    assert "not a Kaiser scorer database" in one_line(result)
    assert digest(db) == before


def test_a_truncated_file_is_refused_and_left_as_it_is(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    copy_games(db, 30)
    size = db.stat().st_size
    with open(db, "r+b") as f:
        f.truncate(size // 2)
    before = digest(db)
    result = run(tmp_path, db)
    assert result.returncode == 2
    line = one_line(result)
    assert "damaged" in line and "cut short" in line and "recover --db" in line
    assert digest(db) == before
    export = cli("export", "--db", str(db), "--all")
    assert export.returncode == 2
    assert "damaged" in one_line(export)


def test_a_bad_page_of_the_current_game_is_caught_at_start(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    copy_games(db, 60)
    spoil_page(db, pages(db, "entries")[-1])  # the newest rows: the game under way
    before = digest(db)
    result = run(tmp_path, db)
    assert result.returncode == 2, result.err
    assert "damaged" in one_line(result)
    assert digest(db) == before


def test_a_bad_page_in_old_games_is_found_off_the_key_path(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    copy_games(db, 60)
    spoil_page(db, pages(db, "entries")[len(pages(db, "entries")) // 2])
    export = cli("export", "--db", str(db), "--all")
    assert export.returncode == 2, export.out[:200]
    assert "damaged" in one_line(export)
    journal = Journal(db, exclusive=True)  # the cheap start checks pass ...
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    assert journal.check() is not None  # ... quick_check (idle time, recover) does not
    with pytest.raises(DatabaseDamaged, match="recover --db"):
        commit(journal, table.press(Key.OK), table)
    journal.close()
    before = digest(db)
    result = run(tmp_path, db)  # the mark beside the file: no scorer writes to it again
    assert result.returncode == 2
    assert "damaged" in one_line(result)
    assert digest(db) == before


def test_damage_met_by_a_later_write_stops_all_writing(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1, underway=False)
    copy_games(db, 60)
    journal = Journal(db, exclusive=True)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for page in pages(db, "entries")[-3:]:
        spoil_page(db, page)
    other.execute("INSERT INTO meta(key, value) VALUES('poke', '1')")  # resets the cache
    other.close()
    player = _player()(5)
    with pytest.raises(DatabaseDamaged):
        for _ in range(30):
            for name in player.chunk(table):
                commit(journal, table.press(Key.from_name(name)), table)
    with pytest.raises(DatabaseDamaged):  # and every later one, without touching the file
        commit(journal, table.press(Key.OK), table)
    journal.close()
    assert db.with_name("kaiser.db-damaged").exists()


def test_a_foreign_database_is_refused_untouched(tmp_path: Path) -> None:
    db = tmp_path / "songs.db"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE songs (title TEXT)")
    con.close()
    before = digest(db)
    result = run(tmp_path, db)
    assert result.returncode == 2
    assert "not a Kaiser scorer database" in one_line(result)
    assert digest(db) == before


@pytest.mark.parametrize("name", ["songs.db?x", "x%41.db", "my#1.db", "a b&c=d.db"])
def test_db_is_a_path_not_a_uri(tmp_path: Path, name: str) -> None:
    songs = tmp_path / "songs.db"
    with sqlite3.connect(songs) as con:
        con.execute("CREATE TABLE songs (title TEXT)")
    con.close()
    before = digest(songs)
    result = run(tmp_path, tmp_path / name)
    assert result.returncode == 0, result.err
    assert (tmp_path / name).stat().st_size > 0
    assert digest(songs) == before
    made = {p.name for p in tmp_path.iterdir()} - {"songs.db", "keys.txt", name}
    assert all(m.startswith(name + "-") for m in made), made  # no xA.db, no "my"
    assert cli("export", "--db", str(tmp_path / name)).returncode == 0


def test_a_directory_is_not_a_database(tmp_path: Path) -> None:
    result = run(tmp_path, tmp_path)
    assert result.returncode == 2
    assert "not a file" in one_line(result)


def test_journal_error_is_the_projects_error() -> None:
    from kaiser_core.errors import KaiserError

    assert issubclass(JournalError, KaiserError)
    assert issubclass(DatabaseDamaged, JournalError)


def files(db: Path) -> dict[str, bytes]:
    """The database and its WAL, byte for byte (the lock, mark and shm aside; an empty WAL
    is none: SQLite makes one when it opens a file that has none)."""
    found = {p.name: p.read_bytes() for p in db.parent.iterdir()}
    return {n: b for n, b in found.items() if n == db.name or (n == db.name + "-wal" and b)}


def run_keys(tmp_path: Path, db: Path, keys: list[str]) -> Any:
    script = tmp_path / "keys.txt"
    script.write_text("\n".join(keys) + "\n")
    return cli("run", "--board", "mock", "--quiet", "--keys", str(script), "--db", str(db))


@pytest.mark.slow
def test_a_damaged_file_with_a_wal_is_refused_as_it_was(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    keys = key_script(700, seed=3)
    store_keys(db, keys[:600])  # two games, stopped (the WAL copied into the file) ...
    killed_after(db, keys[600:605])  # ... five keys more, then killed: they are in the WAL
    assert db.with_name("kaiser.db-wal").stat().st_size > 0
    for page in range(3, db.stat().st_size // 1024 + 1):  # every page but the first two
        spoil_page(db, page)
    before = files(db)
    result = run_keys(tmp_path, db, keys[605:645])
    assert result.returncode == 2, result.err
    assert "damaged" in one_line(result)
    assert "ok " not in result.out
    assert files(db) == before  # neither the file nor its WAL: recover reads them as they were


def dates_spoiled(db: Path) -> list[str]:
    """150 finished games, each dated in meta, and the second one six keys before its end:
    the index leaves of the dates spoiled (the start reads neither, the last key writes);
    the six keys."""
    keys = key_script(900, seed=8)
    last = game_ends(keys, 2)
    store_keys(db, keys[: last - 5])
    copy_games(db, 150)
    with sqlite3.connect(db, isolation_level=None) as con:  # each finished game's date
        con.execute(
            "INSERT OR IGNORE INTO meta(key, value) "
            "SELECT 'ended:' || id, '2024-05-01 21:00' FROM games WHERE state = 'finished'"
        )
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    leaves = pages(db, "sqlite_autoindex_meta_1")
    assert len(leaves) >= 3
    for page in leaves[1:-1]:
        spoil_page(db, page)
    return keys[last - 5 : last + 1]


@pytest.mark.slow
def test_damage_where_the_next_keys_write_is_found_before_the_first(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    keys = dates_spoiled(db)
    before = files(db)
    result = run_keys(tmp_path, db, keys)
    assert result.returncode == 2, result.err
    assert "damaged" in one_line(result)
    assert "ok " not in result.out, result.out  # not a key taken on a damaged file
    assert files(db) == before


def test_what_a_check_found_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    dates_spoiled(db)
    verdict = quick_check(db)  # the idle check's
    assert verdict is not None and "\n" not in verdict, verdict
    journal = Journal(db, read_only=True)
    found = journal.check()
    journal.close()
    assert found is not None and "\n" not in found, found
