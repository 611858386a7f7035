"""A mock board for the button tests: gpiozero's mock pins, a hand-wound clock and timers.

The debounce in ``hardware.buttons`` is timed by an injected clock and runs its settle
checks through an injected ``schedule``; here both are fakes, so a test says exactly when
each edge happens and no test sleeps. Holds still come from gpiozero's own hold thread
(real time), which tests wait for on a condition.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from gpiozero import Device
from gpiozero.pins.mock import MockFactory, MockPin

from hardware.buttons import Buttons

#: The Adafruit bonnet's pins (TABLE.md).
PINS = {"UP": 17, "DOWN": 22, "LEFT": 27, "RIGHT": 23, "OK": 4, "A": 5, "B": 6}
DIRECTIONS = ("UP", "DOWN", "LEFT", "RIGHT")
HOLDABLE = ("OK", "A", "B")
BOUNCE = 0.02
#: How the tests get pins: an explicit MockFactory, one naming MockPin, or the default
#: factory (``Device.pin_factory``, what ``Buttons`` uses without a ``pin_factory``).
FACTORIES = ("mock", "mock-pin-class", "default")


class Clock:
    """Monotonic seconds that move only when a test moves them."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Timers:
    """``schedule(delay, fn)`` that keeps the calls until the clock reaches them."""

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.jobs: list[tuple[float, int, Callable[[], None]]] = []
        self.count = 0
        self._lock = threading.Lock()

    def __call__(self, delay: float, fn: Callable[[], None]) -> None:
        with self._lock:
            self.count += 1
            self.jobs.append((self.clock.now + delay, self.count, fn))

    def advance_to(self, when: float) -> None:
        """Run every job due by ``when`` at its due time, in order; the clock ends at ``when``."""
        for _ in range(100_000):
            with self._lock:
                due = sorted(j for j in self.jobs if j[0] <= when)
                if not due:
                    break
                job = due[0]
                self.jobs.remove(job)
            self.clock.now = max(self.clock.now, job[0])
            job[2]()
        else:
            raise AssertionError("the settle checks never end")
        self.clock.now = max(self.clock.now, when)

    def advance(self, seconds: float) -> None:
        self.advance_to(self.clock.now + seconds)


class KeyLog:
    """The keys ``Buttons`` gave, in order; tests wait on it."""

    def __init__(self) -> None:
        self.keys: list[str] = []
        self._changed = threading.Condition()

    def __call__(self, name: str) -> None:
        with self._changed:
            self.keys.append(name)
            self._changed.notify_all()

    def wait_for(self, predicate: Callable[[list[str]], bool], timeout: float = 3.0) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self.keys), timeout)

    def clear(self) -> None:
        with self._changed:
            self.keys.clear()


class Board:
    """``Buttons`` on mock pins with the fake clock and timers; ``edge`` drives a pin."""

    def __init__(self, buttons: Buttons, clock: Clock, timers: Timers, log: KeyLog) -> None:
        self.buttons = buttons
        self.clock = clock
        self.timers = timers
        self.log = log

    @property
    def keys(self) -> list[str]:
        return self.log.keys

    def edge(self, name: str, pressed: bool, at: float | None = None) -> None:
        """The pin of ``name`` goes low (pressed) or high, at clock time ``at`` (default now).

        Settle checks due before then run first, as a timer thread would have run them.
        """
        if at is not None:
            self.timers.advance_to(at)
        pin = self.buttons.pin(name)
        if pressed:
            pin.drive_low()
        else:
            pin.drive_high()

    def burst(self, name: str, gaps: list[float], start_pressed: bool = True) -> None:
        """Alternating edges on one pin, the first now, each next one ``gap`` later."""
        level = start_pressed
        self.edge(name, level)
        for gap in gaps:
            level = not level
            self.edge(name, level, at=self.clock.now + gap)

    def quiet(self, seconds: float = 5 * BOUNCE) -> None:
        """Let time pass with no edge (pending settle checks run)."""
        self.timers.advance(seconds)

    def reset(self) -> Board:
        """Every key released and settled, the log empty: ready for the next test."""
        for name in PINS:
            self.buttons.pin(name).drive_high()
        self.quiet(1.0)
        self.log.clear()
        return self


def make_factory(kind: str) -> Any:
    """A pin factory for ``Buttons(pin_factory=...)``; None: gpiozero's default factory."""
    if kind == "mock":
        return MockFactory()
    if kind == "mock-pin-class":
        return MockFactory(pin_class=MockPin)
    assert kind == "default"
    return None


@contextmanager
def board_maker() -> Iterator[Callable[..., Board]]:
    """``get(kind, hold_time=...)``: a board made once and reset on each call (boards are
    slow to close: each gpiozero hold thread polls every 0.1 s)."""
    with ExitStack() as stack:
        made: dict[tuple[str, float], Board] = {}

        def get(kind: str = "mock", hold_time: float = 5.0) -> Board:
            if (kind, hold_time) not in made:
                made[kind, hold_time] = stack.enter_context(mock_board(kind, hold_time=hold_time))
            return made[kind, hold_time].reset()

        yield get


@contextmanager
def mock_board(
    kind: str = "mock", *, hold_time: float = 5.0, bounce_time: float | None = BOUNCE
) -> Iterator[Board]:
    """A board on a fresh mock factory; ``hold_time`` is long unless a test holds keys."""
    factory = make_factory(kind)
    saved = Device.pin_factory
    if factory is None:
        Device.pin_factory = MockFactory()
    clock = Clock()
    timers = Timers(clock)
    log = KeyLog()
    buttons = Buttons(
        PINS,
        log,
        hold_time=hold_time,
        bounce_time=bounce_time,
        pin_factory=factory,
        clock=clock,
        schedule=timers,
    )
    try:
        yield Board(buttons, clock, timers, log)
    finally:
        for name in PINS:  # a held pin would keep gpiozero's hold thread waiting
            if name in buttons.buttons:
                buttons.pin(name).drive_high()
        buttons.close()
        if factory is None:
            Device.pin_factory.close()
            Device.pin_factory = saved
