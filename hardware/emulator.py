"""The emulator's displays, on a computer that is not a Pi: luma.emulator draws the screen.

``--display terminal`` (the default) draws with luma.emulator's ``asciiblock`` device in
the terminal; ``--display window`` opens luma.emulator's pygame window. The keyboard is
the joystick (``hardware.sources.terminal``).
"""

from __future__ import annotations

import logging
import os
import sys
import textwrap
from collections.abc import Callable
from typing import Any

from hardware.i18n import localize
from hardware.sources.terminal import HELP, decode_keys

__all__ = [
    "HELP",
    "decode_keys",
    "needed_size",
    "picture_hidden",
    "terminal_factory",
    "too_small",
    "window_factory",
]


def needed_size(width: int = 128, height: int = 64) -> tuple[int, int]:
    """The terminal (columns, rows) that shows every pixel: two pixel rows a line, and help."""
    return width, (height + 1) // 2 + 1


def too_small(columns: int, rows: int, width: int = 128, height: int = 64) -> str:
    """One line for a terminal too small for the picture ("" when it fits)."""
    need_c, need_r = needed_size(width, height)
    if columns >= need_c and rows >= need_r:
        return ""
    from hardware.i18n.errors import error  # the words load only for a terminal too small

    return error(
        "board.too_small", columns=columns, rows=rows, need_columns=need_c, need_rows=need_r
    )


def picture_hidden() -> bool:
    """Whether this terminal is too small for the picture now (its keys then wait)."""
    try:
        size = os.get_terminal_size()
    except OSError:
        return False
    need_c, need_r = needed_size()
    return size.columns < need_c or size.lines < need_r


class StatusLine(logging.Handler):
    """Log records on the terminal's last row, written in place (cursor saved and restored,
    the row cleared): a log line ending in a newline at the bottom would scroll the picture
    up until the next frame. The next frame's help line covers it again."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            cols, rows = os.get_terminal_size()
            line = " ".join(self.format(record).split())[: max(0, cols - 1)]
            sys.stdout.write(f"\x1b7\x1b[{rows};1H\x1b[2K{line}\x1b8")
            sys.stdout.flush()
        except Exception:  # a log line must never break the scorer
            self.handleError(record)


def keep_logs_off_the_picture() -> None:
    """Hand the root logger's terminal output (stderr, stdout) to a ``StatusLine``."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        stream = getattr(handler, "stream", None)
        if isinstance(handler, logging.StreamHandler) and stream in (sys.stderr, sys.stdout):
            status = StatusLine(handler.level)
            status.setFormatter(handler.formatter)
            root.removeHandler(handler)
            root.addHandler(status)


def terminal_factory() -> Callable[[], Any]:
    """luma.emulator's half-block terminal device, 1:1 pixels; a one-line note when too small;
    log lines on the last row, in place (``StatusLine``)."""

    def make() -> Any:
        from luma.emulator.device import asciiblock

        keep_logs_off_the_picture()

        class Terminal(asciiblock):  # type: ignore[misc]
            """asciiblock, drawn in monochrome half blocks row by row (crisp, any width)."""

            def display(self, image: Any) -> None:
                image = self.preprocess(image).convert("1")
                cols, rows = os.get_terminal_size()
                note = too_small(cols, rows, image.width, image.height)
                if note:  # a shrunken picture is unreadable: say what size is needed
                    lines = textwrap.wrap(localize(note), max(1, cols - 1))  # all of it
                    sys.stdout.write("\x1b[1;1H\x1b[J" + "\r\n".join(lines[: max(1, rows)]))
                    sys.stdout.flush()
                    return
                px = image.load()
                lines = []
                for y in range(0, image.height, 2):
                    row = []
                    for x in range(image.width):
                        top, bottom = px[x, y], px[x, y + 1] if y + 1 < image.height else 0
                        row.append(" ▀▄█"[(1 if top else 0) + (2 if bottom else 0)])
                    lines.append("".join(row))
                sys.stdout.write("\x1b[1;1H" + "\r\n".join(lines) + "\r\n")
                sys.stdout.write(localize(HELP)[: max(0, cols - 1)] + "\x1b[J")
                sys.stdout.flush()

        return Terminal(width=128, height=64, mode="1", transform="none", scale=1)

    return make


def window_factory() -> Callable[[], Any]:
    """luma.emulator's pygame window, 4x."""

    def make() -> Any:
        from luma.emulator.device import pygame

        return pygame(width=128, height=64, mode="1", transform="none", scale=4)

    return make
