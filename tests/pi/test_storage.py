"""A full disk or a read-only database: NOT SAVED on the screen, nothing stored is lost, and
the game goes on once storage works again."""

from __future__ import annotations

import argparse
import logging
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from hardware.config import Config
from hardware.journal import Journal
from hardware.oled import Display
from hardware.runner import run_mock
from hardware.scorer import NOT_SAVED, Scorer
from hardware.screens import render
from kaiser_core.table import Scene

from .conftest import TABLE_MD_EXAMPLE, Bench, new_table, press

pytestmark = pytest.mark.slow

#: Two hands: TABLE.md's example, then S wins 7 spades: tricks to S, N, S, E, S, N, W, S, the
#: 5 of hearts in trick 4 (E), the 3 of spades in trick 2 (N).
TWO_HANDS = [
    *TABLE_MD_EXAMPLE,
    *["OK", "DOWN", "UP", "OK"],
    *["DOWN", "B", "UP", "DOWN", "A", "RIGHT", "DOWN", "UP", "LEFT", "DOWN"],
    "OK",
]


def stored_state(path: Path) -> tuple[list[Any], Scene, Any]:
    """What a restart would show: a fresh connection, a fresh table."""
    other = Journal(path)
    try:
        table = new_table(other)
        ui = dataclass_without_message(table.ui)
        return list(table.entries), ui, table.game.totals if table.game else None
    finally:
        other.close()


def dataclass_without_message(ui: Scene) -> Scene:
    import dataclasses

    return dataclasses.replace(ui, message="")


def reference_totals(tmp_path: Path) -> Any:
    journal = Journal(tmp_path / "reference.db")
    table = new_table(journal)
    scorer = Scorer(table, journal, Display(Bench().factory), render)
    assert all(e.error == "" for e in press(scorer, *TWO_HANDS))
    totals = dict(table.game.totals)
    journal.close()
    return totals


class ReadOnly:
    """The database cannot be written: PRAGMA query_only (root ignores chmod)."""

    name = "read-only"

    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def fail(self) -> None:
        self.journal.db.execute("PRAGMA query_only = ON")

    def heal(self) -> None:
        self.journal.db.execute("PRAGMA query_only = OFF")


class FullDisk:
    """The disk is full: the database may not grow by a page (small pages fill quickly)."""

    name = "full-disk"

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        db = journal.db
        db.execute("PRAGMA journal_mode = DELETE")
        db.execute("PRAGMA page_size = 512")
        db.execute("VACUUM")
        db.execute("PRAGMA journal_mode = WAL")

    def fail(self) -> None:
        pages = self.journal.db.execute("PRAGMA page_count").fetchone()[0]
        self.journal.db.execute(f"PRAGMA max_page_count = {pages}")

    def heal(self) -> None:
        self.journal.db.execute("PRAGMA max_page_count = 1000000")


@pytest.mark.parametrize("fault", [ReadOnly, FullDisk], ids=lambda f: f.name)
def test_storage_failure_says_not_saved_keeps_what_was_stored_and_the_game_goes_on(
    tmp_path: Path, fault: Any, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "kaiser.db"
    journal = Journal(path)
    storage = fault(journal)
    table = new_table(journal)
    bench = Bench()
    scorer = Scorer(table, journal, Display(bench.factory), render)
    keys = list(TWO_HANDS)
    done = 0
    for name in keys[:12]:  # the deal, the contract, five tricks
        assert press(scorer, name)[0].error == ""
        done += 1
    storage.fail()
    lost = 0
    with caplog.at_level(logging.WARNING):
        while done < len(keys):
            before = stored_state(path)
            event = press(scorer, keys[done])[0]
            if not event.error:  # this change still fitted (a UI change, a page with room)
                done += 1
                continue
            lost += 1
            # The table is back at what is stored, and says so; nothing stored is lost.
            assert table.ui.message == NOT_SAVED
            assert table.view().message == NOT_SAVED
            assert stored_state(path) == before
            assert list(table.entries) == before[0]
            assert dataclass_without_message(table.ui) == before[1]
            assert not journal.db.in_transaction
            if lost == 3:
                break
    assert lost == 3, "the fault never hit"
    assert len(before[0]) >= 6  # the start, the contract and five tricks at least
    errors = [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(errors) == 1 and "could not store the entry" in errors[0].getMessage()

    storage.heal()
    for name in keys[done:]:
        assert press(scorer, name)[0].error == ""
    assert table.ui.message != NOT_SAVED
    assert dict(table.game.totals) == reference_totals(tmp_path)
    assert stored_state(path)[2] == table.game.totals
    assert any("storage works again (3 changes" in r.getMessage() for r in caplog.records)
    journal.close()


def test_a_failed_commit_does_not_leave_the_transaction_open(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "kaiser.db")
    # A COMMIT that fails and leaves the transaction open, as SQLITE_FULL or an I/O error
    # may: a deferred foreign key that does not hold.
    journal.db.execute("PRAGMA foreign_keys = ON")
    with pytest.raises(sqlite3.IntegrityError), journal.transaction():
        journal.db.execute("PRAGMA defer_foreign_keys = ON")
        journal.db.execute("INSERT INTO entries(game_id, seq, data) VALUES(99, 1, '{}')")
        journal.db.execute("INSERT INTO meta(key, value) VALUES('x', '1')")
    assert not journal.db.in_transaction
    assert journal.get("x") is None
    with journal.transaction():
        journal.db.execute("INSERT INTO meta(key, value) VALUES('y', '2')")
    assert journal.get("y") == "2"
    # An error inside the transaction rolls it back, and that error is the one raised.
    with pytest.raises(ZeroDivisionError), journal.transaction():
        journal.db.execute("INSERT INTO meta(key, value) VALUES('z', '3')")
        _ = 1 / 0
    assert not journal.db.in_transaction and journal.get("z") is None
    journal.close()


def test_scripted_play_stops_at_a_key_that_was_not_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "kaiser.db"
    journal = Journal(path)
    table = new_table(journal)
    journal.db.execute("PRAGMA query_only = ON")
    args = argparse.Namespace(screenshots=None)
    status = run_mock(Config(), journal, table, render, ["UP", "OK"], args)
    out, err = capsys.readouterr()
    assert status == 1
    assert out == ""  # no "ok 1 UP": the key was not stored
    assert "key 1 (UP) was not stored: attempt to write a readonly database" in err
    # A restart with storage back resumes at that key.
    journal = Journal(path)
    table = new_table(journal)
    status = run_mock(Config(), journal, table, render, ["UP", "OK"], args)
    out, _ = capsys.readouterr()
    assert status == 0 and out.splitlines() == ["ok 1 UP", "ok 2 OK"]
