"""A damaged or read-only database met at start by the service: on its display, and a wait.

The service is ``run --board mock`` without ``--keys`` (the same path as the Pi boards, with
luma's ``dummy`` display, whose frames ``--screenshots`` saves). Without these, the service
exited with status 2 and a blank display, and systemd (``RestartPreventExitStatus=2``)
would not start it again once the database was fixed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from hardware.fault import DAMAGED, READ_ONLY, message_image
from hardware.storage import beside

from .conftest import REPO, cli, play
from .notify import Notify
from .test_read_only import NOBODY

pytestmark = pytest.mark.slow


def service(db: Path, shots: Path, notify: Notify, prefix: list[str] | None = None) -> Any:
    env = {k: v for k, v in os.environ.items() if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC")}
    env.update(notify.env())
    command = [sys.executable, "-m", "hardware.cli", "run", "--board", "mock", "--db", str(db)]
    return subprocess.Popen(
        [*(prefix or []), *command, "--screenshots", str(shots)],
        cwd=REPO,
        env={**env, "HOME": "/nonexistent"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def shown(proc: Any, shots: Path) -> Image.Image:
    """The first frame, once it is whole; the service is still running after it."""
    frame = shots / "frame-0001.png"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            return Image.open(frame).convert("1")
        except OSError:
            time.sleep(0.05)
    _, err = proc.communicate(timeout=10)
    raise AssertionError(f"no frame; exit {proc.returncode}: {err}")


def finish(proc: Any, timeout: float = 20) -> str:
    try:
        _, err = proc.communicate(timeout=timeout)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return str(err)


def test_a_damaged_database_at_start_is_on_the_display_until_it_is_recovered(
    tmp_path: Path,
) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 2)
    beside(db, "-damaged").write_text("quick_check: page 12: btreeInitPage\n")
    before = db.read_bytes()
    notify = Notify(tmp_path / "notify")
    proc = service(db, tmp_path / "frames", notify)
    try:
        frame = shown(proc, tmp_path / "frames")
        assert frame.tobytes() == message_image(DAMAGED).tobytes()  # what happened, what to do
        notify.waiting(proc)  # its wait loop turns (pings), not exiting into a blank screen
        assert proc.poll() is None
        # The screen's advice works while the service waits: it holds no lock.
        recovered = cli("recover", "--db", str(db))
        assert recovered.returncode == 0, recovered.err
        assert "recovered 3 games" in recovered.out  # 2 finished, 1 under way
        assert proc.poll() is None
        os.replace(tmp_path / "kaiser-recovered.db", db)
        beside(db, "-damaged").unlink()
        err = finish(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()
    assert proc.returncode == 0, err  # systemd starts it again, on the recovered file
    assert "the database is damaged" in err and f"recover --db {db}" in err
    assert "the database changed: starting again" in err and "Traceback" not in err
    assert db.read_bytes() != before
    assert cli("export", "--all", "--db", str(db)).returncode == 0


def test_a_read_only_database_at_start_says_read_only_on_the_display(shared: Path) -> None:
    db = shared / "kaiser.db"
    play(db, 1)
    db.chmod(0o444)
    shots = shared / "frames"
    notify = Notify(shared / "notify")
    proc = service(db, shots, notify, NOBODY)
    try:
        frame = shown(proc, shots)
        assert frame.tobytes() == message_image(READ_ONLY).tobytes()
        notify.waiting(proc)  # its wait loop turns
        assert proc.poll() is None
        db.chmod(0o644)  # the storage is writable again
        err = finish(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()
    assert proc.returncode == 0, err
    assert "read-only file" in err and "the database changed: starting again" in err
    assert "Traceback" not in err
