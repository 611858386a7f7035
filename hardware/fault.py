"""A mistake the service cannot play past: the line on the display, then wait for a fix.

A broken config file, a damaged or read-only database. Under systemd an exit would be
restarted every two seconds with a blank display (or, with ``RestartPreventExitStatus=2``,
not at all). Instead the service shows what happened and what to do (and logs the full
line), tells systemd it is ready and keeps the watchdog fed, and checks once a second
whether the file changed (the config file; the database, its ``-damaged`` mark or whether
it can be written): then it exits 0, and systemd (``Restart=always``) starts the scorer
again on the new file.
"""

from __future__ import annotations

import logging
import os
import queue
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from hardware import notify
from hardware.oled import Display
from hardware.storage import DatabaseDamaged, ReadOnlyDatabase, beside, why_not_writable

log = logging.getLogger("kaiser-scorer")
POLL = 1.0
WIDTH, HEIGHT = 128, 64
#: What the display says (six lines of 21 characters at most); the log has the full line.
DAMAGED = "DATABASE DAMAGED: nothing more is saved. Run: kaiser-scorer recover (see the log)"
READ_ONLY = "DATABASE READ-ONLY: nothing can be saved. Make the storage writable (see the log)"
UNUSABLE = "DATABASE ERROR: nothing can be saved (see the log: journalctl -u kaiser-scorer)"


def fault_screen(err: BaseException) -> str:
    """The display's words for a database error: what happened and what to do."""
    if isinstance(err, DatabaseDamaged):
        return DAMAGED
    if isinstance(err, ReadOnlyDatabase):
        return READ_ONLY
    return UNUSABLE


def message_image(text: str) -> Image.Image:
    """``text`` wrapped on a 128x64 picture in PIL's small built-in font."""
    image = Image.new("1", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    lines = textwrap.wrap(text, 21, break_on_hyphens=False)[:6]
    for row, line in enumerate(lines):
        draw.text((0, row * 10), line, fill=1, font=font)
    return image


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime_ns / 1e9
    except OSError:
        return None


def _stat(path: Path) -> tuple[int, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


def database_state(path: Path) -> object:
    """What changes when a database is fixed: the file, its damage mark, its writability."""
    try:
        writable = why_not_writable(path, path.exists())
    except OSError as err:
        writable = str(err)
    return (_stat(path), _stat(beside(path, "-damaged")), writable)


def watch(scorer: Any, path: Path, every: float = POLL) -> None:
    """Stop ``scorer`` (to be started again) once the database at ``path`` changes."""
    seen = database_state(path)

    def look() -> None:
        if database_state(path) != seen:
            log.info("the database changed: starting again on it")
            scorer.stop("the database changed")

    scorer.every(every, look)


class _Waiter:
    """What StopSignals needs of a scorer: ``stop(reason)``, safe from a signal handler."""

    def __init__(self) -> None:
        self.events: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.stop_reason = ""

    def stop(self, reason: str = "") -> None:
        self.stop_reason = self.stop_reason or reason
        self.events.put("stop")


def wait_for_config(
    path: str | os.PathLike[str] | None,
    error: str,
    display_factory: Callable[[], Any],
    *,
    poll: float = POLL,
    screenshots: Path | None = None,
) -> int:
    """Show ``error`` until the config file at ``path`` changes (0) or a signal stops us (0)."""
    log.error("config: %s; waiting for a fixed config file", error)
    file = Path(path) if path is not None else None
    return wait_for_fix(
        f"CONFIG ERROR: {error}",
        f"config error: {error}",
        display_factory,
        (lambda: _mtime(file)) if file is not None else (lambda: None),
        "the config file changed",
        poll=poll,
        screenshots=screenshots,
    )


def wait_for_database(
    path: Path,
    err: BaseException,
    display_factory: Callable[[], Any],
    *,
    rotate: int = 0,
    poll: float = POLL,
    screenshots: Path | None = None,
) -> int:
    """A damaged or read-only database at start: say so until the database changes (0)."""
    log.error("%s; waiting for the database to be fixed", err)
    return wait_for_fix(
        fault_screen(err),
        str(err),
        display_factory,
        lambda: database_state(path),
        "the database changed",
        rotate=rotate,
        poll=poll,
        screenshots=screenshots,
    )


def database_fault(board: str, cfg: Any, args: Any, path: Path, err: BaseException) -> int | None:
    """A database error at the start of a service board (``board``): on its display until
    fixed (0); None for a database another scorer holds (it owns the display too)."""
    from hardware.oled import dummy_factory, luma_factory
    from hardware.storage import DatabaseInUse

    if isinstance(err, DatabaseInUse):
        return None
    print(f"kaiser-scorer: {err}", file=sys.stderr)
    factory = dummy_factory() if board == "mock" else luma_factory(cfg.display)
    shots = getattr(args, "screenshots", None)
    return wait_for_database(
        path, err, factory, rotate=cfg.rotate, screenshots=Path(shots) if shots else None
    )


def wait_for_fix(
    screen: str,
    status: str,
    display_factory: Callable[[], Any],
    state: Callable[[], object],
    changed: str,
    *,
    rotate: int = 0,
    poll: float = POLL,
    screenshots: Path | None = None,
) -> int:
    """Show ``screen`` until ``state()`` changes (0, logging ``changed``) or a signal (0)."""
    from hardware.signals import StopSignals

    display = Display(display_factory, rotate=rotate)
    image = message_image(screen)
    if display.show(image) and screenshots is not None:
        screenshots.mkdir(parents=True, exist_ok=True)
        image.save(screenshots / "frame-0001.png")
    notify.status(status)
    notify.ready()
    waiter = _Waiter()
    signals = StopSignals(waiter)
    seen = state()
    interval = notify.watchdog_interval()
    try:
        while True:
            notify.watchdog()
            try:
                waiter.events.get(timeout=min(poll, interval) if interval else poll)
            except queue.Empty:
                pass
            else:
                log.info("stopping (%s)", waiter.stop_reason)
                return 0
            if state() != seen:
                log.info("%s: starting again on it", changed)
                return 0
    finally:
        notify.stopping()
        signals.restore()
        display.close()
