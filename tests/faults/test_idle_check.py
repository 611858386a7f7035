"""The full quick_check runs off the key path: when idle, in its own thread and connection."""

from __future__ import annotations

import argparse
import sqlite3
import threading
from pathlib import Path

import pytest

from hardware.boards import build
from hardware.config import Config
from hardware.fault import DAMAGED, message_image
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import commit, resume
from hardware.runner import is_service, serve
from hardware.scorer import Call, Event, Scorer
from hardware.screens import render
from hardware.sources.check import CheckSource
from hardware.storage import DatabaseDamaged, WriterLock, beside
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table

from .conftest import copy_games, pages, play, spoil_page

pytestmark = pytest.mark.slow


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def old_games_spoiled(tmp_path: Path) -> Path:
    """Damage where start-up does not look: a page in the middle of the old games."""
    db = tmp_path / "kaiser.db"
    play(db, 1)
    copy_games(db, 60)
    spoil_page(db, pages(db, "entries")[len(pages(db, "entries")) // 2])
    return db


def scorer_on(db: Path, clock: Clock, keep: bool = True) -> tuple[Scorer, list[str]]:
    journal = Journal(db, exclusive=True)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)  # the cheap start checks pass
    scorer = Scorer(table, journal, Display(dummy_factory()), render, clock=clock)
    scorer.keep_on_fault = keep
    faults: list[str] = []
    scorer.on_fault = faults.append
    return scorer, faults


def next_event(scorer: Scorer) -> Event:
    event = scorer.events.get(timeout=30)
    assert isinstance(event.value, Call)
    return event


def test_damage_in_old_games_is_found_when_idle_and_stops_all_writing(tmp_path: Path) -> None:
    db = old_games_spoiled(tmp_path)
    clock = Clock()
    scorer, faults = scorer_on(db, clock)
    check = CheckSource(db, idle=20, every=3600)
    check.start(scorer)
    clock.now += 10
    scorer.handle(Event.key("OK"))  # a key: the table is busy
    clock.now += 15
    check.poll(scorer)
    assert not check.running  # 20 s after start, but only 15 s after the last key
    clock.now += 6
    check.poll(scorer)
    assert check.running
    scorer.handle(next_event(scorer))  # the verdict, on the main thread
    assert not check.running and check.checks == 1
    assert scorer.fault == DAMAGED
    assert len(faults) == 1 and "damaged" in faults[0] and f"recover --db {db}" in faults[0]
    assert beside(db, "-damaged").exists()  # no later scorer writes to it either
    device = scorer.display.device
    assert device is not None
    expected = message_image(DAMAGED).convert(device.mode)
    assert device.image.tobytes() == expected.tobytes()  # the display says it
    screen = scorer.table.ui.screen
    before = db.read_bytes()
    for name in ("OK", "UP", "HOLD-B"):
        scorer.handle(Event.key(name))  # keys change nothing now, and raise nothing
    assert scorer.table.ui.screen is screen and db.read_bytes() == before
    with pytest.raises(DatabaseDamaged, match="recover --db"):
        commit(scorer.journal, scorer.table.press(Key.OK), scorer.table)
    scorer.journal.close()


def test_damage_found_by_a_key_script_ends_the_run_with_the_line(tmp_path: Path) -> None:
    db = old_games_spoiled(tmp_path)
    clock = Clock()
    scorer, faults = scorer_on(db, clock, keep=False)  # a script, the emulator
    check = CheckSource(db, idle=20)
    check.start(scorer)
    clock.now += 30
    check.poll(scorer)
    with pytest.raises(DatabaseDamaged, match="recover --db"):
        scorer.handle(next_event(scorer))
    assert faults == [] and scorer.fault == ""
    scorer.journal.close()


def test_a_sound_database_is_checked_once_then_rarely(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    clock = Clock()
    scorer, faults = scorer_on(db, clock)
    check = CheckSource(db, idle=20, every=3600)
    check.start(scorer)
    clock.now += 21
    check.poll(scorer)
    scorer.handle(next_event(scorer))
    assert check.checks == 1 and not faults and scorer.fault == ""
    clock.now += 600
    check.poll(scorer)
    assert not check.running  # the next one is due an hour later
    clock.now += 3000
    check.poll(scorer)
    assert check.running
    scorer.handle(next_event(scorer))
    assert check.checks == 2 and not faults
    scorer.journal.close()


def test_keys_are_stored_while_a_check_holds_its_read_transaction(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    copy_games(db, 30)
    clock = Clock()
    scorer, faults = scorer_on(db, clock)
    reading, release = threading.Event(), threading.Event()

    class Held(CheckSource):
        def _hold(self, con: sqlite3.Connection) -> None:
            con.execute("BEGIN")
            con.execute("SELECT count(*) FROM entries").fetchone()  # a read snapshot is open
            reading.set()
            release.wait(30)
            con.execute("COMMIT")

    check = Held(db, idle=20)
    check.start(scorer)
    clock.now += 21
    check.poll(scorer)
    assert reading.wait(30)
    keys = ["OK", "UP", "OK", "RIGHT", "RIGHT", "DOWN", "LEFT", "UP"]
    for name in keys:  # the scorer is still the writer, and nobody waits for the check
        scorer.handle(Event.key(name))
    assert scorer.keys_stored == len(keys) and scorer.not_saved == 0 and check.running
    release.set()
    scorer.handle(next_event(scorer))
    assert check.checks == 1 and not faults
    scorer.journal.close()


def test_a_check_is_interrupted_when_the_scorer_stops(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    clock = Clock()
    scorer, faults = scorer_on(db, clock)
    check = CheckSource(db, idle=20)
    check.start(scorer)
    check.close()  # the stop came first: the check's connection is interrupted at once
    clock.now += 21
    check.poll(scorer)
    scorer.handle(next_event(scorer))
    assert check.checks == 0 and not check.running and not faults
    scorer.journal.close()


def test_the_service_shows_damage_lets_go_of_the_database_and_restarts_once_fixed(
    tmp_path: Path,
) -> None:
    db = old_games_spoiled(tmp_path)
    args = argparse.Namespace(screenshots=None)
    board = build("mock", Config(), args)  # no key script: the service on the mock board
    assert is_service(board) and not is_service(build("mock", Config(), args, keys=["OK"]))
    scorers: list[Scorer] = []
    result: list[int] = []

    def service() -> None:  # SQLite connections stay in the thread that made them
        journal = Journal(db, exclusive=True)
        table = Table(Rules(), choose_seat=lambda: Seat.N)
        resume(journal, table)
        result.append(serve(board, journal, table, render, args, scorer_hook=scorers.append))

    thread = threading.Thread(target=service)
    thread.start()
    try:
        while not scorers:
            thread.join(0.01)
        scorer = scorers[0]
        scorer.call(lambda: scorer.damaged("quick_check: page 40: btreeInitPage"))
        for _ in range(500):
            if scorer.fault:
                break
            thread.join(0.01)
        assert scorer.fault == DAMAGED and thread.is_alive()  # the service stays, and says so
        WriterLock(db).release()  # the lock is free: kaiser-scorer recover can run
        thread.join(2.5)
        assert thread.is_alive()  # nothing changed: it waits
        beside(db, "-damaged").unlink()  # recovered, or the file put back
        thread.join(10)
        assert not thread.is_alive()
    finally:
        if thread.is_alive():
            scorers[0].stop("test")
            thread.join(10)
    assert result == [0]  # systemd (Restart=always) starts it again on the new file
    assert scorer.stop_reason == "the database changed"
