"""Two scorers on one database: the second is refused (exit 2, one line); export still works."""

from __future__ import annotations

import fcntl
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import REPO, cli, one_line, play

pytestmark = pytest.mark.slow


def lock_held(db: Path) -> bool:
    lock = db.with_name(db.name + "-lock")
    if not lock.exists():
        return False
    fd = os.open(lock, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def start_scorer(db: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "hardware.cli", "run", "--board", "mock", "--db", str(db)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while not lock_held(db):
        assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
        assert time.monotonic() < deadline, "the scorer never took the database"
        time.sleep(0.05)
    return proc


def test_a_second_scorer_is_refused_while_export_works(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    keys = tmp_path / "keys.txt"
    keys.write_text("OK\nDOWN\n")
    before = cli("export", "--db", str(db))
    assert before.returncode == 0, before.err
    first = start_scorer(db)
    try:
        second = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(db))
        assert second.returncode == 2
        line = one_line(second)
        assert "another scorer is using this database" in line
        assert f"process {first.pid}" in line
        export = cli("export", "--db", str(db))  # read-only: works beside the scorer
        assert export.returncode == 0, export.err
        assert json.loads(export.out) == json.loads(before.out)
    finally:
        first.send_signal(signal.SIGTERM)
        assert first.wait(20) == 0
    again = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(db))
    assert again.returncode == 0, again.err


def test_the_lock_goes_with_a_killed_scorer(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    first = start_scorer(db)
    first.kill()
    first.wait(10)
    assert not lock_held(db)
    keys = tmp_path / "keys.txt"
    keys.write_text("UP\n")
    run = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(db))
    assert run.returncode == 0, run.err
