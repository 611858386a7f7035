"""The emulator speaks (issue 28: "the emulator speaks through the desktop's ALSA"): the
board ``kaiser-scorer run --board emulator`` builds gets the voice sink from ``[voice]``
as a Pi's does. Here it runs in a pseudo-terminal with the output a folder (a desktop's
``output = "speaker"`` is the same sink and engine, played by ``aplay`` on ALSA's
default device): the example hand is said as it is typed, HOLD-A (``x``) says the score
again, and the menu's Voice off keeps it quiet."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from kaiser_core.rules import Rules
from kaiser_core.table import MenuItem, Table
from tests.reader_play.test_emulator_with_reader import Screen

from .test_languages import spoken
from .test_speech_faults import HAND

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys"),
]
TOTALS = "North-South minus 1, East-West 11"


def said_until(screen: Screen, folder: Path, done: Callable[[int], bool]) -> None:
    """Read the terminal until the folder's count of utterances satisfies ``done``."""
    deadline = time.monotonic() + 20
    while not done(len(list(folder.glob("*.txt")))) and time.monotonic() < deadline:
        screen.pump(0.05)
    assert done(len(list(folder.glob("*.txt")))), sorted(p.name for p in folder.iterdir())


def test_the_terminal_emulator_speaks_the_hand_and_the_menu_turns_it_off(
    tmp_path: Path,
) -> None:
    out = tmp_path / "voice"
    config = tmp_path / "config.toml"
    config.write_text(f'[voice]\nenabled = true\noutput = "{out}"\n', encoding="utf-8")
    voice_at = Table(Rules(), voice_available=True).menu_items().index(MenuItem.VOICE)
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    env.update(XDG_STATE_HOME=str(tmp_path), COLUMNS="140", LINES="40")
    argv = [sys.executable, "-m", "hardware.cli", "run", "--board", "emulator"]
    argv += ["--config", str(config), "--db", str(tmp_path / "kaiser.db")]
    pid, fd = pty.fork()
    if pid == 0:  # the child: the emulator on this terminal
        os.execvpe(sys.executable, argv, env)
    done = (0, 0)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
        screen = Screen(fd)
        screen.wait_frames(1, timeout=30)
        screen.type(*HAND)
        said_until(screen, out, lambda n: n == 3)  # the contract, the result, the totals
        os.write(fd, b"x")  # HOLD-A: the score again
        said_until(screen, out, lambda n: n == 4)
        screen.type("HOLD-OK", *["DOWN"] * voice_at, "OK", "HOLD-OK")  # Voice: off
        os.write(fd, b"x")
        screen.pump(1.0)  # time enough for a word that should not come
        os.write(fd, b"q")
        deadline = time.monotonic() + 10
        while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
            screen.pump(0.2)
    finally:
        if done[0] == 0:
            os.kill(pid, 9)
            done = os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(done[1]) == 0, screen.out[-2000:]
    assert spoken(out) == ["East, 8 hearts", "made, plus 11", TOTALS, TOTALS]
