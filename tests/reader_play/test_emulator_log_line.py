"""A log line never scrolls the emulator's picture (issue 27: a card reader's warning,
printed to the terminal, moved the picture up two rows until the next redraw).

The real fault: the emulator runs in a pseudo-terminal exactly as tall as its picture and
help line, with a card reader on a second pseudo-terminal; the test closes the reader's
side, the reader thread warns "retrying", and that line must be written in place on the
terminal's last row (cursor saved and restored), never as a newline that scrolls.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import sys
import termios
import time
import tty
from pathlib import Path

import pytest

from hardware.emulator import needed_size

from .test_emulator_with_reader import Screen

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys"),
]


def test_a_reader_warning_is_written_in_place_never_scrolling_the_picture(
    tmp_path: Path,
) -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    port = tmp_path / "ttyACM0"
    os.symlink(os.ttyname(slave), port)
    config = tmp_path / "config.toml"
    config.write_text(f'[reader]\nenabled = true\nport = "{port}"\n')
    columns, rows = needed_size()  # the picture and the help line fill the terminal
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path), "COLUMNS": str(columns),
           "LINES": str(rows)}  # fmt: skip
    argv = [sys.executable, "-m", "hardware.cli", "run", "--config", str(config),
            "--db", str(tmp_path / "kaiser.db")]  # fmt: skip
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(sys.executable, argv, env)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        screen = Screen(fd)
        screen.wait_frames(1, timeout=30)
        first = len(screen.out)
        os.close(master)  # the reader's cable pulled: its thread warns "retrying"
        os.close(slave)
        deadline = time.monotonic() + 20
        while b"card reader on" not in screen.out[first:] and time.monotonic() < deadline:
            screen.pump(0.1)
        screen.pump(0.5)  # the rest of the line, if it came in pieces
        after = screen.out[first:]
        assert b"card reader on" in after, after[-400:]
        # a frame's rows are cursor-addressed from the top left; a log line that ends in a
        # newline (the pty shows "\r\n"), written at the bottom row, scrolls the picture
        assert not re.search(rb"retrying every [0-9.]+ s\r?\n", after), after[-400:]
        at = after.index(b"card reader on")
        start, end = after.rfind(b"\x1b7", 0, at), after.find(b"\x1b8", at)
        assert start != -1 and end != -1, after[max(0, at - 80) : at + 200]
        assert b"\n" not in after[start:end], after[start:end]  # in place, on one row
    finally:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        os.close(fd)
