"""A brand-new database logs nothing about its WAL: "the WAL copied into the file to make
room" is for a WAL a crash or a full disk left, not for the start's own first writes (a new
user read it as a full disk)."""

from __future__ import annotations

import logging
import shutil
import sqlite3
from pathlib import Path

from hardware.journal import Journal


def test_a_new_database_says_nothing_about_making_room(tmp_path: Path, caplog) -> None:
    caplog.set_level(logging.INFO)
    journal = Journal(tmp_path / "kaiser.db")
    journal.close()
    assert [r.message for r in caplog.records if "make room" in r.message] == []


def test_a_wal_left_behind_is_still_copied_at_start(tmp_path: Path, caplog) -> None:
    db = tmp_path / "kaiser.db"
    Journal(db).close()
    keep = sqlite3.connect(db)  # a writer that never checkpoints, as a killed process
    keep.execute("PRAGMA wal_autocheckpoint=0")
    keep.execute("INSERT INTO meta(key, value) VALUES('left', 'by a crash')")
    keep.commit()
    crashed = tmp_path / "crashed"  # the files as a power cut leaves them: the WAL kept
    crashed.mkdir()
    for name in ("kaiser.db", "kaiser.db-wal"):
        shutil.copy2(tmp_path / name, crashed / name)
    keep.close()
    assert (crashed / "kaiser.db-wal").stat().st_size > 0
    caplog.set_level(logging.INFO)
    Journal(crashed / "kaiser.db").close()
    assert any("make room" in r.message for r in caplog.records)
