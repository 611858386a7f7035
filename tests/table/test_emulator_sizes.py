"""The emulator at the edges: a terminal too small, no desktop for a window, the board names."""

from __future__ import annotations

import fcntl
import os
import pty
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from contextlib import closing

import pytest
from test_emulator import read_until

from hardware.boards import has_window_system, resolve
from hardware.cli import build_parser
from hardware.emulator import needed_size, too_small

pytestmark = pytest.mark.slow


def test_the_picture_needs_128_columns_and_33_rows():
    assert needed_size() == (128, 33)
    assert too_small(128, 33) == ""
    note = too_small(80, 24)
    assert "80x24" in note and "needs 128x33" in note and "\n" not in note


def _winsize(fd: int, rows: int, cols: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


def quit_with_q(pid: int, fd: int) -> int:
    """Press q in the emulator's terminal; its exit status (the terminal kept drained)."""
    os.write(fd, b"q")
    deadline = time.monotonic() + 20
    done, status = 0, 0
    while time.monotonic() < deadline and not done:
        done, status = os.waitpid(pid, os.WNOHANG)
        if not done:
            read_until(fd, time.monotonic() + 0.5)
    assert done == pid, "the emulator did not quit"
    return os.waitstatus_to_exitcode(status)


def reap(pid: int, fd: int) -> None:
    """Close the terminal; kill the emulator if it is still there."""
    os.close(fd)
    try:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def test_a_small_terminal_is_told_the_size_and_a_larger_one_gets_the_picture(tmp_path):
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the scorer on an 80x24 terminal
        os.execvpe(sys.executable, [sys.executable, "-m", "hardware.cli", "run"], env)
    try:
        _winsize(fd, 24, 80)
        shown = read_until(fd, time.monotonic() + 20, b"needs 128x33")
        assert b"this terminal is 80x24; the scorer needs 128x33" in shown
        assert "▀".encode() not in shown and "█".encode() not in shown  # no shrunken picture
        _winsize(fd, 40, 140)  # the user makes the window larger: the picture comes
        shown = read_until(fd, time.monotonic() + 20, b"arrows: seats/joystick")
        assert b"arrows: seats/joystick" in shown
        assert quit_with_q(pid, fd) == 0
    finally:
        reap(pid, fd)


def test_a_window_without_a_desktop_is_one_line_and_exit_2(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("SDL_VIDEODRIVER", None)
    env["XDG_STATE_HOME"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "run", "--display", "window"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "--display window needs a graphical desktop" in lines[0]


def test_the_window_system_is_found_from_the_environment():
    if sys.platform.startswith("linux"):
        assert not has_window_system({})
        assert has_window_system({"DISPLAY": ":0"})
        assert has_window_system({"WAYLAND_DISPLAY": "wayland-0"})


def test_board_names_are_the_configs_and_the_short_ones():
    assert resolve("adafruit-bonnet", None) == "bonnet"
    assert resolve("waveshare-hat", None) == "waveshare"
    assert resolve("bonnet", None) == "bonnet" and resolve("mock", None) == "mock"
    for name in ("adafruit-bonnet", "waveshare-hat", "bonnet", "waveshare"):
        assert build_parser().parse_args(["run", "--board", name]).board == name


def test_the_key_help_under_the_picture_is_in_the_tables_language(tmp_path):
    from hardware.i18n import localize_in
    from hardware.sources.terminal import HELP

    finnish = localize_in(HELP, "fi")
    assert finnish.startswith("nuolet: paikat/ohjain") and finnish != str(HELP)
    config = tmp_path / "config.toml"
    config.write_text('language = "fi"\n', encoding="utf-8")
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    pid, fd = pty.fork()
    if pid == 0:  # the child: the emulator in Finnish on a 140x40 terminal
        command = [sys.executable, "-m", "hardware.cli", "run", "--config", str(config)]
        os.execvpe(sys.executable, command, env)
    try:
        _winsize(fd, 40, 140)
        shown = read_until(fd, time.monotonic() + 20, finnish.encode())
        assert finnish.encode() in shown
        assert b"arrows: seats/joystick" not in shown
        assert quit_with_q(pid, fd) == 0
    finally:
        reap(pid, fd)


def test_keys_wait_while_the_terminal_is_too_small_for_the_picture(tmp_path):
    """Issue 27: Enter, Right, Enter behind the "make it larger" line entered a contract the
    player never saw. While the picture cannot be shown every key but q waits (is dropped)."""
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    db = tmp_path / "k.db"
    pid, fd = pty.fork()
    if pid == 0:  # the child: the scorer on an 80x20 terminal
        command = [sys.executable, "-m", "hardware.cli", "run", "--db", str(db)]
        os.execvpe(sys.executable, command, env)
    try:
        _winsize(fd, 20, 80)
        shown = read_until(fd, time.monotonic() + 20, b"(q quits)")
        shown = b" ".join(shown.split())
        # the whole line, wrapped to the terminal's width
        assert b"make it larger; keys wait until the picture fits (q quits)" in shown, shown
        for key in (b"\r", b"\x1b[C", b"\r", b"a", b"m"):
            os.write(fd, key)
            # each key draws the line again (before the fix: the changed screen's frame did)
            assert b"needs 128x33" in read_until(fd, time.monotonic() + 10, b"(q quits)")
        _winsize(fd, 40, 140)  # the picture comes: the score screen, as it was
        shown = read_until(fd, time.monotonic() + 20, b"arrows: seats/joystick")
        assert b"arrows: seats/joystick" in shown
        assert quit_with_q(pid, fd) == 0
    finally:
        reap(pid, fd)
    with closing(sqlite3.connect(db)) as journal:
        (stored,) = journal.execute("SELECT count(*) FROM entries").fetchone()
    assert stored == 0, f"{stored} entries were stored behind the too-small line"
