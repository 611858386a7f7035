"""``recover`` against real faults: damaged bytes in the file, ``kill -9`` of recover itself,
read-only storage, the game in progress (issue 22: 3, 4, 6, 7, 8)."""

from __future__ import annotations

import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hardware import archive
from hardware.journal import Journal
from hardware.resume import commit, resume
from hardware.storage import beside
from kaiser_core.cards import Seat
from kaiser_core.entries import ConfirmEntry, RedealEntry, TableEntry
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table

from .conftest import REPO, _player, cli, copy_games, digest, one_line, pages, play, spoil_page
from .sqlite_pages import pages_of_game, set_last_rowid, zero_page

pytestmark = pytest.mark.slow

CLI = [sys.executable, "-m", "hardware.cli"]
#: SQLite's varint for 2**35 - 1 (34,359,738,367): the game id a damaged page read as.
HUGE = b"\xff\xff\xff\xff\x7f"


def exported(db: Path, *args: str) -> Any:
    result = cli("export", "--db", str(db), *args)
    assert result.returncode == 0, result.err
    return json.loads(result.out)


def recover(old: Path, out: Path, timeout: float = 60) -> Any:
    try:
        return cli("recover", "--db", str(old), "--out", str(out), timeout=timeout)
    except subprocess.TimeoutExpired:
        pytest.fail(f"recover did not end in {timeout} s")


def stored(db: Path) -> tuple[str | None, list[TableEntry], Screen]:
    """The current game's id, its entries and the table's screen, as the scorer loads them."""
    journal = Journal(db, read_only=True)
    try:
        table = Table(Rules(), choose_seat=lambda: Seat.N)
        resume(journal, table)
        return journal.get("current"), list(table.entries), table.ui.screen
    finally:
        journal.close()


def play_hands(db: Path, hands: int, seed: int = 4) -> None:
    """Keep playing the current game until it holds ``hands`` more confirmed hands."""
    journal = Journal(db)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    player = _player()(seed)
    done = 0
    while done < hands:
        for name in player.chunk(table):
            commit(journal, table.press(Key.from_name(name)), table)
        if table.ui.screen is Screen.SCORE:
            done = sum(1 for e in table.entries if isinstance(e, ConfirmEntry))
    assert table.game is not None and not table.game.over
    journal.close()


# -- 3: a game number no table reaches ----------------------------------------------------
def test_a_row_read_as_game_34359738367_does_not_keep_recover_busy(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 3)
    before = exported(db, "--all")
    [leaf] = pages(db, "games")
    set_last_rowid(db, leaf, HUGE)  # game 4's row now reads as game 34,359,738,367
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        assert con.execute("SELECT max(id) FROM games").fetchone()[0] == 2**35 - 1
    con.close()
    started = time.monotonic()
    result = recover(db, tmp_path / "new.db", timeout=30)
    assert result.returncode == 0, result.err
    assert time.monotonic() - started < 30
    assert "a damaged row read as game 34359738367 skipped" in result.out, result.out
    assert "lost: game 4" in result.out  # its row was the damaged one
    assert exported(tmp_path / "new.db", "--all") == before[:3]


def test_an_archive_line_with_a_huge_game_number_is_skipped(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 2, underway=False)
    path = archive.archive_path(db)
    record = archive.read(path)[0][1].record
    archive.append(path, 2**35 - 1, None, record)
    archive.append(path, 10**18, None, record)
    result = recover(db, tmp_path / "new.db", timeout=30)
    assert result.returncode == 0, result.err
    assert "2 unreadable archive lines" in result.out, result.out
    assert [g["hands"] for g in exported(tmp_path / "new.db", "--all")] == [
        g["hands"] for g in exported(db, "--all")
    ]


# -- 4: kill -9 of recover itself ---------------------------------------------------------
def _leftovers(folder: Path, keep: set[str]) -> set[str]:
    return {p.name for p in folder.iterdir()} - keep


@pytest.mark.slow
def test_recover_killed_at_random_moments_leaves_nothing_half_made(tmp_path: Path) -> None:
    db = tmp_path / "old" / "kaiser.db"
    db.parent.mkdir()
    play(db, 2)
    copy_games(db, 40)  # long enough to be killed in the middle
    spoil_page(db, pages(db, "entries")[0])  # game 1: the archive's
    reference = tmp_path / "reference.db"
    started = time.monotonic()
    assert recover(db, reference).returncode == 0
    took = time.monotonic() - started
    want = exported(reference, "--all")
    assert len(want) == 43
    rng = random.Random(22)
    mid_build = 0
    for i in range(6):
        folder = tmp_path / f"run{i}"
        folder.mkdir()
        out = folder / "kaiser.db"
        proc = subprocess.Popen(
            [*CLI, "recover", "--db", str(db), "--out", str(out)],
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while not any(folder.iterdir()) and proc.poll() is None:  # the build has begun
            assert time.monotonic() < deadline
            time.sleep(0.005)
        time.sleep(rng.uniform(0, took / 2))  # a random moment of the build
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        if out.exists():  # killed after the new database was in place: it is whole
            assert exported(out, "--all") == want, f"run {i}: a half-made {out}"
            continue
        mid_build += 1
        again = recover(db, out)
        assert again.returncode == 0, f"run {i}: {again.err}"
        left = _leftovers(folder, {"kaiser.db", "kaiser.db-archive.jsonl"})
        assert not left, f"run {i}: left behind {left}"
        assert exported(out, "--all") == want
        games = archive.read(archive.archive_path(out))[0]
        finished = [g for g in want if g["hands"] and g is not want[-1]]
        assert [games[k].record for k in sorted(games)] == finished
    assert mid_build >= 2, "no kill met the build: the test did not test it"


# -- 6: read-only storage -----------------------------------------------------------------
def _read_only(folder: Path, *args: str) -> Any:
    """``kaiser-scorer ARGS`` with ``folder`` bound read-only (as a card the kernel remounted)."""
    mount = f'mount --bind "{folder}" "{folder}" && mount -o remount,ro,bind "{folder}"'
    prefix = ["unshare", "--mount", "sh", "-c", mount + ' && exec "$@"', "sh"]
    probe = subprocess.run([*prefix, "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"no read-only bind mount here: {probe.stderr.decode().strip()}")
    proc = subprocess.run(
        [*prefix, sys.executable, "-m", "hardware.cli", *args],
        capture_output=True,
        timeout=60,
        cwd=REPO,
        check=False,
    )
    proc.out = proc.stdout.decode()  # type: ignore[attr-defined]
    proc.err = proc.stderr.decode()  # type: ignore[attr-defined]
    return proc


@pytest.mark.slow
@pytest.mark.parametrize("wal", [False, True], ids=["stopped", "killed-writing"])
def test_recover_reads_a_damaged_database_on_read_only_storage(tmp_path: Path, wal: bool) -> None:
    card = tmp_path / "card"
    card.mkdir()
    db = card / "kaiser.db"
    play(db, 2)
    spoil_page(db, pages(db, "entries")[0])  # game 1: the archive's
    closed = _as_the_scorer_had_it(db, tmp_path / "closed")
    if wal:  # the scorer was storing keys when the card went read-only: its WAL is there
        keys = tmp_path / "keys.txt"
        keys.write_text("UP\nRIGHT\nDOWN\nLEFT\n" * 5)
        run = subprocess.Popen(
            [*CLI, "run", "--board", "mock", "--keys", str(keys), "--db", str(db)],
            cwd=REPO,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert run.stdout is not None
        for _ in range(5):  # five keys stored, then the power is cut
            assert run.stdout.readline().startswith(b"ok "), "the scorer stopped storing"
        run.send_signal(signal.SIGKILL)
        run.wait(10)
        assert beside(db, "-wal").stat().st_size > 0
    current = _as_the_scorer_had_it(db, tmp_path / "copy")
    assert (current != closed) is wal  # the keys in the WAL are the newest of the game
    assert beside(db, "-shm").exists() is wal  # stopped: SQLite must read it as immutable
    before = digest(db)
    beside_it = _read_only(card, "recover", "--db", str(db))  # NAME-recovered.db: on the card
    assert beside_it.returncode == 2
    assert "kaiser-recovered.db cannot be written there: give --out" in one_line(beside_it)
    out = tmp_path / "new.db"
    result = _read_only(card, "recover", "--db", str(db), "--out", str(out))
    assert result.returncode == 0, result.err
    assert "1 from the archive" in result.out, result.out
    assert digest(db) == before
    assert stored(out) == current
    assert len(exported(out, "--all")) == 3


def _as_the_scorer_had_it(db: Path, copy: Path) -> Any:
    """The current game as the scorer loads it, from a copy (its WAL read too)."""
    copy.mkdir()
    for p in db.parent.iterdir():
        shutil.copy(p, copy / p.name)
    return stored(copy / db.name)


# -- 7: the game in progress and its screen -----------------------------------------------
def _twin(db: Path, folder: Path) -> Path:
    """A copy of the database and its archive before the damage (what the table had)."""
    folder.mkdir()
    for p in db.parent.glob(db.name + "*"):
        shutil.copy(p, folder / p.name)
    return folder / db.name


def test_recover_brings_back_the_game_in_progress_on_its_screen(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 2)  # game 3 under way, on the tricks screen
    twin = _twin(db, tmp_path / "twin")
    was = stored(db)
    assert was[0] == "3" and was[2] is Screen.TRICKS
    spoil_page(db, pages(db, "entries")[0])  # game 1: the archive's
    out = tmp_path / "new.db"
    result = recover(db, out)
    assert result.returncode == 0, result.err
    assert stored(out) == was  # the same game, every entry, the same screen
    keys = tmp_path / "keys.txt"
    keys.write_text("UP\nRIGHT\n")  # two tricks, as they would go on the old card
    for table in (twin, out):
        run = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(table))
        assert run.returncode == 0, run.err
    assert exported(out, "--all") == exported(twin, "--all")  # no new game was started
    assert len(exported(out, "--all")) == 3


def test_recover_mid_round_keeps_the_rounds_game_and_club_state(tmp_path: Path) -> None:
    from kaiser_core.table import waiting
    from kaiser_core.table.club_state import ClubState

    db = tmp_path / "kaiser.db"
    journal = Journal(db, exclusive=True)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    table.club = ClubState("Tue", 3)
    round_1 = {
        "round": 1,
        "ended": False,
        "hands_per_round": 2,
        "rules": {"profile": "standard", "options": {"max_hands": 2}},
        "tables": {"3": ["Ann", "Bob", "Cy", "Di"]},
        "sitting_out": [],
    }
    commit(journal, waiting.receive(table, round_1), table)
    hand = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK".split()  # noqa: SIM905
    for name in ["LEFT", *hand, "OK", "UP", "UP"]:  # W deals; hand 1; hand 2 begun
        commit(journal, table.press(Key.from_name(name)), table)
    club = {k: journal.get(k) for k in ("club", "club.round.1", "current")}
    journal.close()
    was = stored(db)
    out = tmp_path / "spare.db"
    result = recover(db, out)
    assert result.returncode == 0, result.err
    new = Journal(out, read_only=True)
    assert {k: new.get(k) for k in club} == club
    resumed = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(new, resumed)
    resumed.club = ClubState.from_json(new.meta_json("club"), "Tue", 3)
    new.close()
    assert stored(out) == was
    assert resumed.club.game_round == 1 and resumed.rules.max_hands == 2
    assert resumed.ui.screen is was[2] and resumed.seat_names[Seat.N] == "Ann"


# -- 8: one zeroed page in the game in progress -------------------------------------------
def _hands_before(entries: list[TableEntry], first_lost: int) -> tuple[list[TableEntry], int]:
    """The entries up to the last whole hand before entry ``first_lost`` (1-based), and the
    number of hands they hold."""
    read = entries[: first_lost - 1]
    ends = [i + 1 for i, e in enumerate(read) if isinstance(e, ConfirmEntry | RedealEntry)]
    kept = read[: ends[-1]] if ends else read[:1]
    return kept, sum(1 for e in kept if isinstance(e, ConfirmEntry))


@pytest.mark.parametrize("where", ["middle", "newest"])
def test_a_zeroed_page_of_the_game_in_progress_keeps_its_hands_before(
    tmp_path: Path, where: str
) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 2, underway=False)
    play_hands(db, 5)  # game 3: five hands, some 60 entry rows
    entries = stored(db)[1]
    ours = {p: s for p, s in pages_of_game(db, 3).items() if s[0] > 1}
    page = list(ours)[len(ours) // 2] if where == "middle" else list(ours)[-1]
    zero_page(db, page)
    kept, hands = _hands_before(entries, ours[page][0])
    assert 0 < hands < 5
    out = tmp_path / "new.db"
    result = recover(db, out)
    assert result.returncode == 0, result.err
    line = f"game 3: hands 1-{hands} kept, hand {hands + 1} and later lost"
    assert line in result.out, result.out
    assert "recovered 3 games" in result.out
    assert stored(out) == ("3", kept, Screen.SCORE)  # the next hand's bid
