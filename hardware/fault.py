"""A configuration mistake on the Pi: the line on the display, then wait for a fixed file.

Under systemd an exit would be restarted every two seconds with a blank display. Instead
the service shows the one-line error (and logs it), tells systemd it is ready and keeps
the watchdog fed, and checks the config file once a second: when the file changes it exits
0, and systemd (``Restart=always``) starts the scorer again on the new file.
"""

from __future__ import annotations

import logging
import os
import queue
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from hardware import notify
from hardware.oled import Display

log = logging.getLogger("kaiser-scorer")
POLL = 1.0
WIDTH, HEIGHT = 128, 64


def message_image(text: str) -> Image.Image:
    """``text`` wrapped on a 128x64 picture in PIL's small built-in font."""
    image = Image.new("1", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    font = ImageFont.load_default()
    lines = textwrap.wrap(text, 21)[:6]
    for row, line in enumerate(lines):
        draw.text((0, row * 10), line, fill=1, font=font)
    return image


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime_ns / 1e9
    except OSError:
        return None


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
    from hardware.signals import StopSignals

    log.error("config: %s; waiting for a fixed config file", error)
    display = Display(display_factory)
    image = message_image(f"CONFIG ERROR: {error}")
    if display.show(image) and screenshots is not None:
        screenshots.mkdir(parents=True, exist_ok=True)
        image.save(screenshots / "frame-0001.png")
    notify.status(f"config error: {error}")
    notify.ready()
    waiter = _Waiter()
    signals = StopSignals(waiter)
    file = Path(path) if path is not None else None
    seen = _mtime(file) if file is not None else None
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
            if file is not None and _mtime(file) != seen:
                log.info("the config file changed: starting again on it")
                return 0
    finally:
        notify.stopping()
        signals.restore()
        display.close()
