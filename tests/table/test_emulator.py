"""A new user at a computer: ``kaiser-scorer run`` in a terminal, a hand played with the keys."""

from __future__ import annotations

import itertools
import json
import os
import pty
import select
import subprocess
import sys
import time

import pytest

from hardware.sources.terminal import decode_keys

pytestmark = pytest.mark.slow


def test_terminal_bytes_become_keys():
    assert decode_keys(b"\x1b[A\x1b[C\r ab") == (["UP", "RIGHT", "OK", "OK", "A", "B"], False)
    assert decode_keys(b"mxu\x1bOB") == (["HOLD-OK", "HOLD-A", "HOLD-B", "DOWN"], False)
    assert decode_keys(b"\x1b[Aq\x1b[B") == (["UP"], True)
    assert decode_keys(b"zz\x00") == ([], False)


def read_until(fd: int, deadline: float, marker: bytes = b"") -> bytes:
    """Read the terminal until ``marker`` shows (or it goes quiet), or the deadline passes."""
    out = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
            if marker and marker in out:
                break
        elif out and not marker:
            break
    return out


def test_a_hand_played_at_the_keyboard_in_a_terminal(tmp_path):
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path), "COLUMNS": "140", "LINES": "40"}
    done = (0, 0)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the scorer on a terminal, no options at all
        os.execvpe(sys.executable, [sys.executable, "-m", "hardware.cli", "run"], env)
    try:
        import fcntl
        import struct
        import termios

        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
        screen = read_until(fd, time.monotonic() + 20, b"arrows: seats/joystick")
        assert b"arrows: seats/joystick" in screen
        # TABLE.md's example, typed: arrows for seats, Enter for OK, a and b for A and B.
        typed = [
            b"\x1b[A",
            b"\r",
            b"\x1b[C",
            b"\x1b[A",
            b"\x1b[A",
            b"\x1b[C",
            b"\r",
            b"\x1b[C",
            b"\x1b[B",
            b"\x1b[C",
            b"a",
            b"\x1b[C",
            b"\x1b[D",
            b"b",
            b"\x1b[A",
            b"\x1b[C",
            b"\x1b[D",
            b"\r",
        ]
        for key in typed:
            os.write(fd, key)
            read_until(fd, time.monotonic() + 5, b"quit\x1b[J")
        os.write(fd, b"q")
        read_until(fd, time.monotonic() + 5, b"\x1b[?25h")
        deadline = time.monotonic() + 10
        while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
            read_until(fd, time.monotonic() + 0.2)
    finally:
        if done[0] == 0:
            os.kill(pid, 9)
            done = os.waitpid(pid, 0)
        os.close(fd)
    status = done[1]
    assert os.waitstatus_to_exitcode(status) == 0
    db = tmp_path / "kaiser-scorer" / "kaiser.db"
    assert db.exists()  # the default database, in the user's state folder
    record = json.loads(
        subprocess.run(
            [sys.executable, "-m", "hardware.cli", "export", "--db", str(db)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    assert record["hands"][0]["tricks"] == ["E", "S", "E", "E", "W", "N", "E", "W"]
    assert record["hands"][0]["five_hearts"] == "E"


def test_without_a_terminal_the_emulator_says_what_to_do(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "run", "--db", str(tmp_path / "k.db")],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert "needs a terminal" in result.stderr and "--board mock" in result.stderr


def test_screenshots_are_the_frames_pushed(scorer, tmp_path):
    from PIL import Image

    shots = tmp_path / "shots"
    scorer.run("UP OK RIGHT UP OK OK", "--screenshots", str(shots))  # OK again: same screen?
    frames = sorted(shots.glob("frame-*.png"))
    images = [Image.open(f) for f in frames]
    assert all(im.size == (128, 64) for im in images)
    # One frame at start and one per key that changed the screen; never two equal in a row.
    assert 2 <= len(frames) <= 7
    for a, b in itertools.pairwise(images):
        assert a.tobytes() != b.tobytes()
