"""firmware/main.py end to end: USB serial as pipes, the chip emulated behind ``machine``."""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import time
from pathlib import Path

import pytest
from mpy_support import FIRMWARE, HERE, micropython_command

pytestmark = pytest.mark.slow


def read_lines_until(proc: subprocess.Popen[bytes], done, timeout_s: float = 10) -> list[str]:
    """Collect stdout lines until ``done(lines)`` or the deadline."""
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)
    lines: list[str] = []
    buf = b""
    deadline = time.monotonic() + timeout_s
    while not done(lines) and time.monotonic() < deadline:
        if not sel.select(timeout=deadline - time.monotonic()):
            break
        chunk = os.read(proc.stdout.fileno(), 4096)
        if not chunk:
            break
        buf += chunk
        *complete, buf = buf.split(b"\n")
        lines += [line.decode() for line in complete]
    return lines


def test_main_talks_json_lines_over_stdin_and_stdout(tmp_path: Path):
    (tmp_path / "cards.json").write_text(
        json.dumps({"format": 1, "cards": {"04A1B2C3D4E5F6": "5H"}})
    )
    env = dict(os.environ, MICROPYPATH=str(HERE), FAKE_TAGS="04A1B2C3D4E5F6,04A1B2C3D4E5F7")
    proc = subprocess.Popen(
        [*micropython_command(), str(FIRMWARE / "main.py")],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert proc.stdin is not None
        proc.stdin.write(b'{"type": "hello"}\n# debug from the host\nnoise\n')
        proc.stdin.flush()

        def messages(lines: list[str]) -> list[dict]:
            return [json.loads(line) for line in lines if not line.startswith("#")]

        lines = read_lines_until(proc, lambda ls: len(messages(ls)) >= 5)
        proc.stdin.close()  # end of input ends the loop (only possible off the Pico)
        assert proc.wait(timeout=10) == 0, proc.stderr.read() if proc.stderr else ""
    finally:
        if proc.poll() is None:
            proc.kill()
    got = messages(lines)
    assert got[0] == {"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 1}
    rest = got[1:5]
    assert {"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 1} in rest
    assert [m["code"] for m in rest if m["type"] == "error"] == ["bad_json"]
    reads = [m for m in rest if m["type"] in ("card", "unknown")]
    assert reads == [
        {"type": "unknown", "uid": "04A1B2C3D4E5F7", "seq": 1},
        {"type": "card", "card": "5H", "uid": "04A1B2C3D4E5F6", "seq": 2},
    ]
    assert all(not line.endswith("\r") for line in lines)
