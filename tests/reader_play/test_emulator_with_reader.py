"""Every source with every display: the terminal emulator and the card reader together.

``kaiser-scorer run --config`` runs in a pseudo-terminal (the keyboard and the screen) with
``[reader] enabled = true`` naming a second pseudo-terminal, where the test is the Pico:
it answers the hello, lays a whole hand card by card, then teaches two cards in teach mode.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time
import tty
from pathlib import Path

import pytest

from kaiser_core.cards import Seat
from kaiser_core.record import score_record
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table

from .conftest import uid_of
from .hands import HAND_1

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys"),
]
FRAME = b"quit\x1b[J"  # the help line closes every frame the terminal device draws
TERMINAL = {
    "UP": b"\x1b[A",
    "DOWN": b"\x1b[B",
    "RIGHT": b"\x1b[C",
    "LEFT": b"\x1b[D",
    "OK": b"\r",
    "A": b"a",
    "B": b"b",
    "HOLD-OK": b"m",
    "HOLD-B": b"u",
}


class Screen:
    """The scorer's terminal: counts the frames drawn on it."""

    def __init__(self, fd: int) -> None:
        self.fd, self.out, self.frames = fd, b"", 0

    def pump(self, timeout: float) -> None:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            self.out += chunk
            self.frames = self.out.count(FRAME)

    def wait_frames(self, count: int, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while self.frames < count and time.monotonic() < deadline:
            self.pump(0.1)
        assert self.frames >= count, f"frame {count} not drawn ({self.frames})"

    def type(self, *keys: str) -> None:
        """Each key, waiting for the frame it draws."""
        for key in keys:
            frames = self.frames
            os.write(self.fd, TERMINAL[key])
            self.wait_frames(frames + 1)


class Pico:
    """The reader's side of its pseudo-terminal."""

    def __init__(self, master: int) -> None:
        self.master, self.received, self.seq = master, b"", 0

    def say(self, obj: dict[str, object]) -> None:
        os.write(self.master, json.dumps(obj).encode() + b"\n")

    def wait_line(self, line: dict[str, object], screen: Screen, timeout: float = 10.0) -> None:
        """Wait until the host has written ``line`` (the terminal is read meanwhile)."""
        want = json.dumps(line).encode() + b"\n"
        deadline = time.monotonic() + timeout
        while want not in self.received and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                self.received += os.read(self.master, 4096)
            screen.pump(0)
        assert want in self.received, self.received
        self.received = self.received.replace(want, b"", 1)

    def card(self, code: str) -> None:
        self.seq += 1
        self.say({"type": "card", "card": code, "uid": uid_of(code), "seq": self.seq})


def teach_index() -> int:
    """Where "Teach cards" sits in the menu of a game under way with a reader."""
    table = Table(Rules(), reader_available=True, choose_seat=lambda: Seat.N)
    table.reader_online = True
    table.press(Key.UP)
    table.press(Key.from_name("HOLD-OK"))
    return [item.value for item in table.menu_items()].index("Teach cards")


def test_a_hand_laid_on_the_reader_and_teach_mode_in_the_terminal_emulator(
    tmp_path: Path,
) -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    port = tmp_path / "ttyACM0"
    os.symlink(os.ttyname(slave), port)
    config = tmp_path / "config.toml"
    config.write_text(f'[reader]\nenabled = true\nport = "{port}"\n')
    db = tmp_path / "kaiser.db"
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path), "COLUMNS": "140", "LINES": "40"}
    argv = [sys.executable, "-m", "hardware.cli", "run", "--config", str(config), "--db", str(db)]
    pid, fd = pty.fork()
    if pid == 0:  # the child: the emulator on this terminal, the reader on the other one
        os.execvpe(sys.executable, argv, env)
    done = (0, 0)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 140, 0, 0))
        screen, pico = Screen(fd), Pico(master)
        screen.wait_frames(1, timeout=30)
        pico.wait_line({"type": "hello"}, screen)  # the emulator opened the reader's port
        pico.say({"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 34})
        screen.pump(0.3)
        screen.type("UP")  # N deals
        screen.type("HOLD-OK", "DOWN", "DOWN", "OK", "OK", "B")  # entry: card reader
        screen.type(*HAND_1.contract_keys)
        for trick in HAND_1.tricks:
            for code in trick:
                frames = screen.frames
                pico.card(code)
                screen.wait_frames(frames + 1)
        screen.type("OK")  # the summary: the hand is committed
        # Teach mode: the host asks for A♠, the Pico learns it, the host asks for K♠.
        screen.type("HOLD-OK", *["DOWN"] * teach_index())
        os.write(fd, TERMINAL["OK"])
        pico.wait_line({"type": "teach", "card": "AS"}, screen)
        pico.say({"type": "taught", "card": "AS", "uid": uid_of("AS")})
        pico.wait_line({"type": "teach", "card": "KS"}, screen)
        pico.say({"type": "taught", "card": "KS", "uid": uid_of("KS")})
        pico.wait_line({"type": "teach", "card": "QS"}, screen)
        os.write(fd, b"b")  # leave teach mode
        screen.pump(0.5)
        os.write(fd, b"q")
        deadline = time.monotonic() + 10
        while (done := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
            screen.pump(0.2)
    finally:
        if done[0] == 0:
            os.kill(pid, 9)
            done = os.waitpid(pid, 0)
        os.close(fd)
        os.close(master)
        os.close(slave)
    assert os.waitstatus_to_exitcode(done[1]) == 0
    record = json.loads(
        subprocess.run(
            [sys.executable, "-m", "hardware.cli", "export", "--db", str(db)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    hand = record["hands"][0]
    assert [card for trick in hand["plays"] for card in trick] == [
        card for trick in HAND_1.tricks for card in trick
    ]
    result = score_record(record)
    assert result["totals"] == HAND_1.totals, result
