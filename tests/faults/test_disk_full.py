"""A disk that really fills (a small tmpfs), then gets space back: through the real ``run``.

A full disk is a commit that fails: the key is NOT SAVED, the script stops there, and every
key acknowledged before (``ok N KEY``) is stored. Space back, the next start goes on from
there: a database that SQLite's ``quick_check`` calls sound is never called damaged.
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hardware import archive
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import NOT_SAVED, Event, Scorer
from hardware.screens import render
from hardware.storage import db_uri
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Table

from .conftest import REPO, cli, fill, game_ends, key_script, one_line, store_keys


def run(db: Path, keys: list[str], folder: Path) -> object:
    script = folder / "keys.txt"
    script.write_text("\n".join(keys) + "\n")
    return cli("run", "--board", "mock", "--quiet", "--keys", str(script), "--db", str(db))


def acked(out: str) -> int:
    """The last key ``run`` printed ``ok N KEY`` for (0: none)."""
    lines = [x.split() for x in out.splitlines() if x.startswith("ok ")]
    return int(lines[-1][1]) if lines else 0


def quick_check(db: Path) -> list[str]:
    con = sqlite3.connect(db_uri(db, "ro"), uri=True)
    try:
        return [str(r[0]) for r in con.execute("PRAGMA quick_check")]
    finally:
        con.close()


def stored_done(db: Path) -> int:
    """How many keys of the script the database holds (the script's position in meta)."""
    con = sqlite3.connect(db_uri(db, "ro"), uri=True)
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'script'").fetchone()
    finally:
        con.close()
    return int(json.loads(row[0])["done"]) if row else 0


@pytest.mark.slow
@pytest.mark.parametrize("kib", [64, 100, 200])
def test_space_back_after_a_full_disk_the_game_goes_on(
    small_disk: Any, tmp_path: Path, kib: int
) -> None:
    disk = small_disk(kib)
    db = disk.path / "kaiser.db"
    keys = key_script(700, seed=kib)
    first = run(db, keys, tmp_path)
    assert first.returncode == 1, first.err  # the disk filled: a key was not stored
    assert "was not stored: database or disk is full" in first.err, first.err
    done = acked(first.out)
    assert 0 < done < len(keys)
    assert stored_done(db) == done  # every acknowledged key, and not the one that failed
    disk.resize(4096)  # room for the WAL too (it grows to 1 MiB before a checkpoint)
    assert quick_check(db) == ["ok"]
    again = run(db, keys, tmp_path)
    assert again.returncode == 0, again.err
    assert "damaged" not in again.err
    assert again.out.splitlines()[0] == f"ok {done + 1} {keys[done]}"  # on from there
    assert acked(again.out) == len(keys)


def snapshot(db: Path) -> tuple[list[Any], list[Any], str | None]:
    """What a fresh start reads: every entry, every game's state, the UI."""
    con = sqlite3.connect(db_uri(db, "ro"), uri=True)
    try:
        entries = con.execute("SELECT game_id, seq, data FROM entries ORDER BY 1, 2").fetchall()
        games = con.execute("SELECT id, state FROM games ORDER BY id").fetchall()
        ui = con.execute("SELECT value FROM meta WHERE key = 'ui'").fetchone()
    finally:
        con.close()
    return entries, games, ui[0] if ui else None


def scorer_for(journal: Journal) -> Scorer:
    """The real main loop's handler on ``journal`` (luma's dummy display, the real screens)."""
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    return Scorer(table, journal, Display(dummy_factory()), render)


def press(scorer: Scorer, name: str) -> Event:
    event = Event.key(name)
    scorer.handle(event)
    return event


def finished(db: Path) -> set[int]:
    return {game for game, state in snapshot(db)[1] if state == "finished"}


@pytest.mark.slow
def test_the_key_that_ends_a_game_is_saved_and_archived_or_not_saved(
    small_disk: Any, tmp_path: Path
) -> None:
    keys = key_script(900, seed=11)
    last = game_ends(keys, 2)
    made = tmp_path / "made"
    made.mkdir()
    journal = Journal(made / "kaiser.db")
    scorer = scorer_for(journal)
    assert all(not press(scorer, name).error for name in keys[:last])
    journal.close()
    disk = small_disk(2048)
    db = disk.path / "kaiser.db"
    seen = set()
    for leave in range(0, 40 * 1024, 4096):
        for old in disk.path.iterdir():
            old.unlink()
        for path in made.iterdir():
            shutil.copy(path, disk.path / path.name)
        journal = Journal(db, exclusive=True)
        scorer = scorer_for(journal)
        before = snapshot(db)
        filler = fill(disk.path, leave)
        event = press(scorer, keys[last])
        after = snapshot(db)
        archived = set(archive.read(archive.archive_path(db))[0])
        if event.error:  # NOT SAVED only when the key really is not stored
            assert scorer.table.ui.message == NOT_SAVED
            assert after == before, f"{leave} bytes free: stored, yet NOT SAVED"
        else:
            assert scorer.table.ui.message != NOT_SAVED
            assert after != before and finished(db) == {1, 2}
        seen.add((bool(event.error), 2 in archived))
        journal.close()
        filler.unlink()  # space back: the next start
        journal = Journal(db, exclusive=True)
        archived = set(archive.read(archive.archive_path(db))[0])
        assert finished(db) <= archived, f"{leave} bytes free: a finished game not archived"
        journal.close()
    # The disk filled at the commit, after it (the archive), and not at all.
    assert seen == {(True, False), (False, False), (False, True)}, seen


@pytest.mark.slow
def test_a_disk_the_wal_filled_takes_the_key_again_once_it_is_folded_in(
    small_disk: Any,
) -> None:
    keys = key_script(1500, seed=5)
    again = []
    for kib in range(150, 400, 50):
        disk = small_disk(kib)
        db = disk.path / "kaiser.db"
        journal = Journal(db, exclusive=True)
        scorer = scorer_for(journal)
        done = 0
        while not press(scorer, keys[done]).error:
            done += 1
        assert scorer.table.ui.message == NOT_SAVED
        before = snapshot(db)
        folded = db.with_name("kaiser.db-wal").stat().st_size == 0  # the WAL is in the file
        retry = press(scorer, keys[done])  # nothing given back: the scorer made room itself
        if folded:
            assert not retry.error, retry.error
        again.append(not retry.error)
        if retry.error:
            assert snapshot(db) == before
        else:
            assert scorer.table.ui.message != NOT_SAVED
            assert len(snapshot(db)[0]) >= len(before[0])
        journal.close()
        disk.unmount()
    assert any(again), again


@pytest.mark.slow
@pytest.mark.parametrize("before", ["none", "stopped"])
def test_a_start_on_a_full_disk_says_so_and_goes_on_once_there_is_room(
    small_disk: Any, tmp_path: Path, before: str
) -> None:
    disk = small_disk(400)
    db = disk.path / "kaiser.db"
    keys = key_script(120, seed=2)
    if before == "stopped":
        store_keys(db, keys[:60])
    filler = fill(disk.path)
    refused = run(db, keys[60:], tmp_path)
    assert refused.returncode == 2, refused.err
    line = one_line(refused)
    assert "the storage is full" in line and "not a usable" not in line, line
    filler.unlink()
    again = run(db, keys[60:], tmp_path)
    assert again.returncode == 0, again.err
    assert acked(again.out) == len(keys) - 60


@pytest.mark.slow
def test_a_service_on_a_full_disk_says_so_and_starts_again_once_there_is_room(
    small_disk: Any,
) -> None:
    from hardware.fault import FULL, database_state, fault_screen
    from hardware.storage import StorageFull

    disk = small_disk(400)
    db = disk.path / "kaiser.db"
    store_keys(db, key_script(40, seed=4))
    filler = fill(disk.path)
    with pytest.raises(StorageFull) as err:
        Journal(db, exclusive=True)
    assert fault_screen(err.value) == FULL
    waiting = database_state(db)  # what the service watches, on the fault screen
    assert database_state(db) == waiting
    filler.unlink()
    assert database_state(db) != waiting  # room again: it starts again
    Journal(db, exclusive=True).close()


@pytest.mark.slow
def test_every_acknowledged_key_survives_a_kill_on_a_disk_that_fills(
    small_disk: Any, tmp_path: Path
) -> None:
    rng = random.Random(9)
    keys = key_script(400, seed=9)
    store_keys(tmp_path / "reference.db", keys)  # the same keys, no fault
    script = tmp_path / "keys.txt"
    script.write_text("\n".join(keys) + "\n")
    command = [sys.executable, "-m", "hardware.cli", "run", "--board", "mock", "--quiet"]
    disk = small_disk(96)
    db = disk.path / "kaiser.db"
    kills = fills = 0
    while not db.exists() or stored_done(db) < len(keys):
        proc = subprocess.Popen(
            [*command, "--keys", str(script), "--db", str(db)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        lines, kill_after = [], rng.randint(1, 120)
        while len(lines) < kill_after and (line := proc.stdout.readline()):
            lines.append(line)
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
        lines += proc.stdout.readlines()  # acknowledged before the kill landed
        err = proc.stderr.read().decode()
        proc.wait(30)
        done = acked(b"".join(lines).decode())
        assert stored_done(db) >= done, f"ok {done} printed, {stored_done(db)} stored"
        assert "Traceback" not in err and "damaged" not in err, err
        if "database or disk is full" in err or "storage is full" in err:
            fills += 1
            disk.resize(disk.kib + 64)  # space back
    assert kills >= 3 and fills >= 1, (kills, fills)
    mine = cli("export", "--all", "--db", str(db))
    theirs = cli("export", "--all", "--db", str(tmp_path / "reference.db"))
    assert mine.returncode == 0 and json.loads(mine.out) == json.loads(theirs.out)
