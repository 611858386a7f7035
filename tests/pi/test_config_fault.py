"""A broken config on a service board: the line on the display, a wait, no restart loop."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from faults.notify import Notify  # tests/faults/notify.py
from PIL import Image

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_a_bad_config_is_shown_and_the_service_waits_for_a_fixed_file(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[board]\nname = "toaster"\n')
    shots = tmp_path / "frames"
    env = {k: v for k, v in os.environ.items() if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC")}
    notify = Notify(tmp_path / "notify")
    env.update(notify.env())
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hardware.cli",
            "run",
            "--board",
            "mock",
            "--config",
            str(config),
            "--db",
            str(tmp_path / "kaiser.db"),
            "--screenshots",
            str(shots),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        frame = shots / "frame-0001.png"
        deadline = time.monotonic() + 30
        while not frame.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert frame.exists(), "the error was not drawn"
        notify.waiting(proc)  # its wait loop turns: waiting, not exiting into a restart loop
        assert proc.poll() is None
        assert Image.open(frame).convert("1").getbbox() is not None  # the line is on it
        config.write_text('[board]\nname = "bonnet"\n')
        os.utime(config, (time.time() + 5, time.time() + 5))
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
        notify.close()
    assert proc.returncode == 0, err
    assert err.count("board.name") >= 1 and "Traceback" not in err
    assert "the config file changed" in err
