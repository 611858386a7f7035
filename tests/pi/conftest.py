"""The Pi's runtime with the libraries' own fakes: luma's ``dummy`` device, gpiozero's mock pins.

``Bench`` stands for the physical panel on the table: each device the display's factory makes
is a luma ``dummy`` wired to it, so the panel can be unplugged (the factory raises luma's
``DeviceNotFoundError``) or start failing its writes (``OSError``) and come back, while the
test counts the frames that reached it and the contrast it was set to.
"""

from __future__ import annotations

import contextlib
import errno
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from luma.core.device import dummy
from luma.core.error import DeviceNotFoundError, DevicePermissionError
from PIL import Image, ImageChops

from hardware import notify
from hardware.journal import Journal
from hardware.oled import Display
from hardware.resume import resume
from hardware.scorer import Event, Scorer
from hardware.screens import render
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Table

#: TABLE.md's example: N deals; E wins 8 hearts; tricks to E, S, E, E (5H in it), W, N (3S
#: in it), E, W. Totals NS -1, EW 11.
TABLE_MD_EXAMPLE = [
    "UP",
    *["OK", "RIGHT", "UP", "UP", "RIGHT", "OK"],
    *["RIGHT", "DOWN", "RIGHT", "A", "RIGHT", "LEFT", "B", "UP", "RIGHT", "LEFT"],
    "OK",
]


class Panel(dummy):  # type: ignore[misc]
    """luma's dummy device, reporting to the bench it sits on."""

    def __init__(self, bench: Bench) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.bench = bench

    def display(self, image: Image.Image) -> None:
        if self.bench.broken:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        super().display(image)
        self.bench.pushed(self.image)

    def contrast(self, level: int) -> None:
        if self.bench.broken:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.bench.contrasts.append(level)

    def hide(self) -> None:
        self.bench.hidden += 1


class Bench:
    """The panel: ``missing`` factory calls fail, writes fail while ``broken``."""

    def __init__(self) -> None:
        self.missing = 0  # this many factory calls raise (a big number: unplugged)
        self.permission = False  # raise DevicePermissionError instead of DeviceNotFoundError
        self.broken = False
        self.made = 0
        self.frames: list[Image.Image] = []
        self.contrasts: list[int] = []
        self.hidden = 0
        self._cond = threading.Condition()

    def factory(self) -> Panel:
        self.made += 1
        if self.missing:
            self.missing -= 1
            if self.permission:
                raise DevicePermissionError("I2C device permission denied: /dev/i2c-1")
            raise DeviceNotFoundError("I2C device not found on address: 0x3C")
        return Panel(self)

    def pushed(self, image: Image.Image) -> None:
        with self._cond:
            self.frames.append(image)
            self._cond.notify_all()

    def wait_frames(self, count: int, timeout: float = 5.0) -> bool:
        """Wait until ``count`` frames in all have reached the panel."""
        with self._cond:
            return self._cond.wait_for(lambda: len(self.frames) >= count, timeout)


class Clock:
    """An injected monotonic clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def same_image(a: Image.Image, b: Image.Image) -> bool:
    """Pixel for pixel (luma's own tests compare this way)."""
    if a.size != b.size:
        return False
    return ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


def new_table(journal: Journal) -> Table:
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    return table


def press(scorer: Scorer, *names: str) -> list[Event]:
    """Keys straight into the main loop's handler (no thread): the events, with any error."""
    events = []
    for name in names:
        event = Event.key(name)
        scorer.handle(event)
        events.append(event)
    return events


@pytest.fixture
def bench() -> Bench:
    return Bench()


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    journal = Journal(tmp_path / "kaiser.db")
    yield journal
    with contextlib.suppress(Exception):  # closed by the test already
        journal.close()


@pytest.fixture
def make_scorer(bench: Bench, journal: Journal) -> Any:
    def make(**options: Any) -> Scorer:
        display_options = {k: options.pop(k) for k in ("rotate", "retry_every") if k in options}
        table = new_table(journal)
        display = Display(bench.factory, flipped=table.ui.flipped, **display_options)
        return Scorer(table, journal, display, render, **options)

    return make


@pytest.fixture(autouse=True)
def no_systemd(monkeypatch: pytest.MonkeyPatch) -> None:
    """No NOTIFY_SOCKET from the outside world, and no notifier cached by another test."""
    monkeypatch.setattr(notify, "_address", None)
    monkeypatch.setattr(notify, "_notifier", None)
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "GPIOZERO_PIN_FACTORY"):
        monkeypatch.delenv(name, raising=False)
