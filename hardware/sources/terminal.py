"""The emulator's keyboard as a source: terminal bytes (or pygame keys) become keys.

Keys: arrows = joystick, Enter = OK, a / b = A / B, m = hold OK (menu), u = hold B (undo),
x = hold A, q = quit.
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import sys
import threading
from collections.abc import Callable
from typing import Any

from hardware.scorer import Scorer
from kaiser_core.messages import Message

#: The key help under the picture (a message: the emulator shows it in the table's language).
HELP = Message("emulator.help")

#: Terminal input (bytes) -> logical key.
TERMINAL_KEYS = {
    b"\x1b[A": "UP",
    b"\x1b[B": "DOWN",
    b"\x1b[C": "RIGHT",
    b"\x1b[D": "LEFT",
    b"\x1bOA": "UP",
    b"\x1bOB": "DOWN",
    b"\x1bOC": "RIGHT",
    b"\x1bOD": "LEFT",
    b"\r": "OK",
    b"\n": "OK",
    b" ": "OK",
    b"a": "A",
    b"b": "B",
    b"m": "HOLD-OK",
    b"x": "HOLD-A",
    b"u": "HOLD-B",
}


def decode_keys(data: bytes) -> tuple[list[str], bool]:
    """Logical keys in a chunk of terminal input, and whether ``q`` (quit) was pressed."""
    keys: list[str] = []
    i = 0
    while i < len(data):
        if data[i : i + 1] in (b"q", b"Q", b"\x03"):
            return keys, True
        for length in (3, 1):
            name = TERMINAL_KEYS.get(data[i : i + length])
            if name is not None:
                keys.append(name)
                i += length
                break
        else:
            i += 1
    return keys, False


def _size() -> tuple[int, int]:
    try:
        size = os.get_terminal_size()
    except OSError:
        return (0, 0)
    return (size.columns, size.lines)


class TerminalSource:
    """Reads the terminal in cbreak mode on a thread; ``q`` stops the scorer.

    ``hidden`` says whether the picture cannot be shown now (a terminal too small): then
    every key but q is dropped, and the line that says so is drawn again, so no key changes
    a game the player cannot see."""

    name = "terminal"

    def __init__(self, fd: int | None = None, hidden: Callable[[], bool] | None = None) -> None:
        self.fd = sys.stdin.fileno() if fd is None else fd
        self.hidden = hidden
        self._saved: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, scorer: Scorer) -> None:
        """Put the terminal in cbreak mode and start reading it."""
        import termios
        import tty

        self._saved = termios.tcgetattr(self.fd)
        logging.getLogger().setLevel(logging.WARNING)  # the log would scribble over the screen
        tty.setcbreak(self.fd)
        sys.stdout.write("\x1b[?25l\x1b[2J")
        self._thread = threading.Thread(target=self._read, args=(scorer,), daemon=True)
        self._thread.name = "terminal"
        self._thread.start()

    def _read(self, scorer: Scorer) -> None:
        size = _size()
        while not self._stop.is_set():
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            now = _size()
            if now != size:  # resized: draw the frame again (or say the size it needs)
                size = now
                scorer.call(scorer.display.invalidate)
            if not ready:
                continue
            try:
                data = os.read(self.fd, 64)
            except OSError:
                data = b""
            keys, quit_now = decode_keys(data)
            if keys and self.hidden is not None and self.hidden():
                keys = []  # the keys wait until the picture fits
                scorer.call(scorer.display.invalidate)  # the line again: the key was seen
            for name in keys:
                scorer.key(name)
            if quit_now or not data:
                scorer.stop("quit from the keyboard")
                return

    def close(self) -> None:
        """Stop reading; give the terminal back as it was."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(1)
        if self._saved is not None:
            import termios

            with contextlib.suppress(OSError):
                termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        sys.stdout.write("\x1b[0m\x1b[?25h\r\n")
        sys.stdout.flush()


class WindowSource:
    """The keys of luma.emulator's pygame window, polled by a timer of the main loop."""

    name = "window"
    POLL = 0.02

    def start(self, scorer: Scorer) -> None:
        """Poll pygame's events on the main thread (pygame wants them there)."""
        import pygame

        names = {
            pygame.K_UP: "UP",
            pygame.K_DOWN: "DOWN",
            pygame.K_LEFT: "LEFT",
            pygame.K_RIGHT: "RIGHT",
            pygame.K_RETURN: "OK",
            pygame.K_SPACE: "OK",
            pygame.K_a: "A",
            pygame.K_b: "B",
            pygame.K_m: "HOLD-OK",
            pygame.K_x: "HOLD-A",
            pygame.K_u: "HOLD-B",
        }

        def poll() -> None:
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key in (pygame.K_q, pygame.K_ESCAPE)
                ):
                    scorer.stop("window closed")
                elif event.type == pygame.KEYDOWN and event.key in names:
                    scorer.key(names[event.key])

        scorer.every(self.POLL, poll)

    def close(self) -> None:
        """Nothing to release: the window goes with the display."""
