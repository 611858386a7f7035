"""The WAL as SQLite reads it (hardware.wal): the header check trusts it only where SQLite does."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from hardware.storage import DatabaseDamaged, check_header
from hardware.wal import covers, read_wal


def crashed(folder: Path, rows: int, checkpoint_first: bool = False) -> Path:
    """A WAL database as a killed process leaves it (files copied while it is open)."""
    live = folder / "live.db"
    con = sqlite3.connect(live, isolation_level=None)
    con.execute("PRAGMA page_size=1024")
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA wal_autocheckpoint=0")
    con.execute("CREATE TABLE t (x TEXT)")
    if checkpoint_first:
        for i in range(rows):
            con.execute("INSERT INTO t VALUES (?)", (f"{i:0500d}",))
        con.execute("PRAGMA wal_checkpoint(FULL)")  # the file holds these; the WAL restarts
    for i in range(rows):
        con.execute("INSERT INTO t VALUES (?)", (f"{i:0500d}",))
    db = folder / "kaiser.db"
    shutil.copy(live, db)
    shutil.copy(folder / "live.db-wal", folder / "kaiser.db-wal")
    con.close()
    return db


def pages_of(db: Path) -> int:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return int(con.execute("PRAGMA page_count").fetchone()[0])
    finally:
        con.close()


def test_the_wal_says_what_sqlite_reads(tmp_path: Path) -> None:
    db = crashed(tmp_path, 40)
    wal = read_wal(db.with_name("kaiser.db-wal"), 1024)
    assert wal is not None
    assert wal.db_pages == pages_of(db) > 20
    assert set(range(2, wal.db_pages + 1)) <= wal.pages  # every page written since made
    assert read_wal(db.with_name("kaiser.db-wal"), 4096) is None  # another page size
    assert read_wal(tmp_path / "none-wal", 1024) is None


def test_a_torn_or_changed_frame_ends_the_log_at_the_commit_before(tmp_path: Path) -> None:
    db = crashed(tmp_path, 40)
    path = db.with_name("kaiser.db-wal")
    whole = read_wal(path, 1024)
    assert whole is not None
    data = path.read_bytes()
    frame = 24 + 1024
    path.write_bytes(data[: len(data) - 100])  # the last commit's frame cut short
    torn = read_wal(path, 1024)
    assert torn is not None and torn.frames < whole.frames
    spoiled = bytearray(data)
    spoiled[32 + 5 * frame + 24 + 10] ^= 0xFF  # a byte of the sixth frame's page
    path.write_bytes(bytes(spoiled))
    early = read_wal(path, 1024)
    assert early is None or early.frames <= 5
    path.write_bytes(data[:32] + bytes(len(data) - 32))  # frames of zeros: not ours
    assert read_wal(path, 1024) is None


def test_a_checkpoint_stopped_half_way_is_sound(tmp_path: Path) -> None:
    db = crashed(tmp_path, 40)
    # Page 1 as a checkpoint writes it first (it says 40-odd pages); the disk filled before
    # the rest: they are in the WAL only. Sound, as quick_check says.
    whole = sqlite3.connect(db.with_name("live.db")).serialize()
    db.write_bytes(whole[:1024])
    check_header(db)
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    assert con.execute("PRAGMA quick_check").fetchall() == [("ok",)]
    con.close()


def test_pages_only_the_file_held_are_not_found_in_the_wal(tmp_path: Path) -> None:
    db = crashed(tmp_path, 40, checkpoint_first=True)
    wal = read_wal(db.with_name("kaiser.db-wal"), 1024)
    assert wal is not None
    # The first rows' pages were only in the file (the WAL restarted since): cut them off
    # and no WAL stands in for them.
    missing = [p for p in range(2, wal.db_pages + 1) if p not in wal.pages]
    assert missing
    with open(db, "r+b") as f:
        f.truncate((missing[0] - 1) * 1024)
    assert not covers(wal, missing[0] - 1)
    with pytest.raises(DatabaseDamaged, match="cut short"):
        check_header(db)
