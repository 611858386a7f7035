"""The keys through gpiozero input devices: a short press, or a hold of OK, A or B.

Directions fire on press. OK, A and B fire on release (a short press) or when held past
``hold_time`` (``HOLD-OK`` ...), never both.

Contact bounce is handled here, the same way on every pin factory: gpiozero's mock pins
ignore ``bounce_time`` and the real backends each treat it differently (RPi.GPIO locks out
after an edge, lgpio filters glitches and delays every edge), so the pins get no bounce
setting and ``Buttons`` debounces itself, timed by an injectable clock:

- a press counts at once when the pin was quiet for ``bounce_time`` before it; an edge
  within ``bounce_time`` of the pin's previous edge is chatter and is ignored;
- a release counts only once the pin has stayed released for ``bounce_time``: a settle
  check, scheduled after each release or ignored edge, reads the pin when it has been
  quiet that long and takes its level if it differs from the key's state.

So a burst of edges closer together than ``bounce_time`` is at most one press (a tap
shorter than ``bounce_time`` still counts once), a glitch while a key is held is no new
press, and presses farther apart each count. OK, A and B give their short press when the
release is settled, ``bounce_time`` after the last edge.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gpiozero import DigitalInputDevice

log = logging.getLogger(__name__)
HOLDABLE = ("OK", "A", "B")
#: Seconds of slack in "quiet for ``bounce_time``" (timers and float rounding).
EPSILON = 1e-6

#: ``schedule(delay, fn)``: call ``fn`` once, about ``delay`` seconds from now, on any thread.
Schedule = Callable[[float, Callable[[], None]], None]


def start_timer(delay: float, fn: Callable[[], None]) -> None:
    """The default ``schedule``: a daemon ``threading.Timer``."""
    timer = threading.Timer(max(0.0, delay), fn)
    timer.name = "buttons-settle"
    timer.daemon = True
    timer.start()


@dataclass
class _KeyState:
    """One key's logical state, guarded by ``Buttons._lock``."""

    down: bool = False  # the last accepted level
    held: bool = False  # HOLD-x was given during this press
    last_edge: float | None = None  # the clock at the pin's previous edge, accepted or not
    settling: bool = False  # a settle check is scheduled
    presses: int = 0  # accepted presses so far: a hold timer knows the press it times
    timing: bool = False  # the latest press's hold timer is still to be started


class Buttons:
    """One gpiozero Button per key; ``on_key(name)`` is called from gpiozero's threads.

    ``bounce_time`` (seconds; None or 0: no debounce) is applied in software, timed by
    ``clock`` (monotonic seconds); ``schedule`` runs the settle checks (default: a timer
    thread). Both are injectable so tests need no sleeps.
    """

    def __init__(
        self,
        pins: Mapping[str, int],
        on_key: Callable[[str], None],
        *,
        hold_time: float = 0.8,
        bounce_time: float | None = None,
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
        schedule: Schedule = start_timer,
    ) -> None:
        self.on_key = on_key
        self.bounce_time = float(bounce_time or 0.0)
        if self.bounce_time < 0:
            raise ValueError(f"bounce_time must be 0 or more, not {bounce_time}")
        self.clock = clock
        self.schedule = schedule
        self.hold_time = hold_time
        self.buttons: dict[str, DigitalInputDevice] = {}
        self._keys: dict[str, _KeyState] = {}
        self._lock = threading.Lock()
        self._closed = False
        try:
            for name, pin in pins.items():
                # No bounce_time for the pin: the debounce is ours (see the module's doc).
                # A DigitalInputDevice, not a Button: a Button's hold thread wakes every
                # 0.1 s even when nothing is pressed; holds are timed by ``schedule``.
                button = DigitalInputDevice(pin, pull_up=True, pin_factory=pin_factory)
                self.buttons[name] = button
                self._keys[name] = _KeyState()
                button.when_activated = self._edge_cb(name, True)
                button.when_deactivated = self._edge_cb(name, False)
        except Exception:
            self.close()
            raise

    # -- gpiozero's callbacks (any thread) ------------------------------------------------
    def _edge_cb(self, name: str, pressed: bool) -> Callable[[], None]:
        return lambda: self._edge(name, pressed)

    def _edge(self, name: str, pressed: bool) -> None:
        """The pin of ``name`` went to ``pressed``: take it, leave it to a settle, or ignore it."""
        out: list[str] = []
        settle_in: float | None = None
        with self._lock:
            if self._closed:
                return
            key = self._keys[name]
            now = self.clock()
            if self.bounce_time <= 0:
                self._accept(name, key, pressed, out)
            else:
                quiet = key.last_edge is None or now - key.last_edge >= self.bounce_time - EPSILON
                key.last_edge = now
                if pressed and quiet:
                    self._accept(name, key, True, out)
                elif not key.settling:  # a release, or chatter: settled once quiet
                    key.settling = True
                    settle_in = self.bounce_time
        if settle_in is not None:
            self.schedule(settle_in, lambda: self.settle(name))
        self._start_hold(name)
        self._emit(out)

    def _start_hold(self, name: str) -> None:
        """After an accepted press of OK, A or B: time its hold."""
        with self._lock:
            key = self._keys.get(name)
            if self._closed or key is None or not key.timing:
                return
            key.timing = False
            press = key.presses
        self.schedule(self.hold_time, lambda: self._held(name, press))

    def _held(self, name: str, press: int) -> None:
        """``hold_time`` after press number ``press``: HOLD-x if that press is still down."""
        with self._lock:
            if self._closed:
                return
            key = self._keys[name]
            if not key.down or key.held or key.presses != press:
                return
            key.held = True
        self._emit([f"HOLD-{name}"])

    def settle(self, name: str) -> None:
        """Once the pin has been quiet for ``bounce_time``, take its level (the settle check)."""
        out: list[str] = []
        settle_in: float | None = None
        with self._lock:
            key = self._keys.get(name)
            if self._closed or key is None:
                return
            key.settling = False
            now = self.clock()
            if key.last_edge is not None and now - key.last_edge < self.bounce_time - EPSILON:
                key.settling = True  # more chatter came since: wait for the quiet again
                settle_in = key.last_edge + self.bounce_time - now
            else:
                level = bool(self.buttons[name].is_active)
                if level != key.down:
                    self._accept(name, key, level, out)
        if settle_in is not None:
            self.schedule(settle_in, lambda: self.settle(name))
        self._start_hold(name)
        self._emit(out)

    def _accept(self, name: str, key: _KeyState, pressed: bool, out: list[str]) -> None:
        """Take a level change; the keys it gives go to ``out`` (called under the lock)."""
        holdable = name in HOLDABLE
        if pressed:
            if key.down and holdable and not key.held:
                out.append(name)  # the previous tap ended before its release settled
            key.down, key.held = True, False
            if holdable:
                key.presses += 1
                key.timing = True
            else:
                out.append(name)
        elif key.down:
            if holdable and not key.held:
                out.append(name)
            key.down, key.held = False, False

    def _emit(self, names: list[str]) -> None:
        for name in names:
            try:
                self.on_key(name)
            except Exception:  # a failing consumer must not kill gpiozero's thread
                log.exception("key %s was not taken", name)

    # -- the interface --------------------------------------------------------------------
    def is_held(self, name: str) -> bool:
        """True once the current press of ``name`` has given its HOLD key."""
        with self._lock:
            key = self._keys.get(name)
            return bool(key and key.down and key.held)

    def drive(self, key: str, wait: Callable[[], bool]) -> bool:
        """Press ``key`` on its (mock) pin like a finger and return what ``wait()`` says.

        ``wait`` is called once the key has been given: while a direction or a ``HOLD-x``
        is still down (so a hold lasts until it was taken), after the release of OK, A or B.
        """
        pin = self.pin(key.removeprefix("HOLD-"))
        pin.drive_low()
        if key in HOLDABLE:
            pin.drive_high()
            return wait()
        try:
            return wait()
        finally:
            pin.drive_high()

    def pin(self, name: str) -> Any:
        """The gpiozero pin of a key (tests and scripted play drive it)."""
        return self.buttons[name].pin

    def close(self) -> None:
        """Release the pins; pending settle checks then do nothing."""
        with self._lock:
            self._closed = True
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()
