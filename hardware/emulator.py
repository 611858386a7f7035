"""The scorer on a computer that is not a Pi: luma.emulator draws, the keyboard is the joystick.

``--display terminal`` (the default) draws with luma.emulator's ``asciiblock`` device in
the terminal; ``--display window`` opens luma.emulator's pygame window.
Keys: arrows = joystick, Enter = OK, a / b = A / B, m = hold OK (menu), u = hold B (undo),
x = hold A, q = quit.
"""

from __future__ import annotations

import argparse
import logging
import os
import select
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hardware.app import Event, Scorer, install_signals
from hardware.config import Config
from hardware.journal import Journal
from hardware.oled import Display
from kaiser_core.table import Table

log = logging.getLogger("kaiser-scorer")
HELP = "arrows: seats/joystick  Enter: OK  a/b: A/B  m: menu (hold OK)  u: undo (hold B)  q: quit"

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


def terminal_factory() -> Callable[[], Any]:
    """luma.emulator's half-block terminal device, at 1:1 pixels when the terminal is wide."""

    def make() -> Any:
        from luma.emulator.device import asciiblock

        class Terminal(asciiblock):  # type: ignore[misc]
            """asciiblock, drawn in monochrome half blocks row by row (crisp, any width)."""

            def display(self, image: Any) -> None:
                image = self.preprocess(image).convert("1")
                cols = os.get_terminal_size().columns
                if cols < image.width:  # a narrow terminal: half size
                    image = image.resize((image.width // 2, image.height // 2))
                px = image.load()
                lines = []
                for y in range(0, image.height, 2):
                    row = []
                    for x in range(image.width):
                        top, bottom = px[x, y], px[x, y + 1] if y + 1 < image.height else 0
                        row.append(" ▀▄█"[(1 if top else 0) + (2 if bottom else 0)])
                    lines.append("".join(row))
                sys.stdout.write("\x1b[1;1H" + "\r\n".join(lines) + "\r\n")
                sys.stdout.write(HELP[: max(0, cols - 1)] + "\x1b[J")
                sys.stdout.flush()

        return Terminal(width=128, height=64, mode="1", transform="none", scale=1)

    return make


def window_factory() -> Callable[[], Any]:
    """luma.emulator's pygame window, 4x."""

    def make() -> Any:
        from luma.emulator.device import pygame

        return pygame(width=128, height=64, mode="1", transform="none", scale=4)

    return make


def run_emulator(
    cfg: Config,
    journal: Journal,
    table: Table,
    render: Callable[[Any], Any],
    args: argparse.Namespace,
) -> int:
    """Play at this computer's keyboard until q."""
    if args.display == "window":
        return _run_window(cfg, journal, table, render, args)
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print(
            "kaiser-scorer: the emulator needs a terminal (or use --board mock --keys FILE)",
            file=sys.stderr,
        )
        return 2
    import termios
    import tty

    shots = Path(args.screenshots) if args.screenshots else None
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    logging.getLogger().setLevel(logging.WARNING)  # the log would scribble over the screen
    display = Display(terminal_factory(), flipped=table.ui.flipped)
    scorer = Scorer(table, journal, display, render, screenshots=shots)
    install_signals(scorer)
    try:
        tty.setcbreak(fd)
        sys.stdout.write("\x1b[?25l\x1b[2J")
        scorer.refresh()
        while not scorer.stopping.is_set():
            ready, _, _ = select.select([fd], [], [], 1.0)
            if not ready:
                continue
            keys, quit_now = decode_keys(os.read(fd, 64))
            for name in keys:
                scorer.handle(Event("key", name))
            if quit_now:
                break
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[0m\x1b[?25h\r\n")
        sys.stdout.flush()
        journal.close()
    return 0


def _run_window(
    cfg: Config,
    journal: Journal,
    table: Table,
    render: Callable[[Any], Any],
    args: argparse.Namespace,
) -> int:
    display = Display(window_factory(), flipped=table.ui.flipped)
    if display.device is None:
        print("kaiser-scorer: no window could be opened (is there a desktop?)", file=sys.stderr)
        return 2
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
    scorer = Scorer(
        table,
        journal,
        display,
        render,
        screenshots=Path(args.screenshots) if args.screenshots else None,
    )
    scorer.refresh()
    try:
        while True:
            event = pygame.event.wait(1000)
            if event.type == pygame.QUIT or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_q, pygame.K_ESCAPE)
            ):
                break
            if event.type == pygame.KEYDOWN and event.key in names:
                scorer.handle(Event("key", names[event.key]))
    finally:
        journal.close()
    return 0
