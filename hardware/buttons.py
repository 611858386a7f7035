"""The keys through gpiozero ``Button``s: a short press, or a hold of OK, A or B.

Directions fire on press. OK, A and B fire on release (a short press) or when held past
``hold_time`` (``HOLD-OK`` ...), never both.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

from gpiozero import Button

log = logging.getLogger(__name__)
HOLDABLE = ("OK", "A", "B")


class Buttons:
    """One gpiozero Button per key; ``on_key(name)`` is called from gpiozero's threads."""

    def __init__(
        self,
        pins: Mapping[str, int],
        on_key: Callable[[str], None],
        *,
        hold_time: float = 0.8,
        bounce_time: float | None = None,
        pin_factory: Any = None,
    ) -> None:
        self.on_key = on_key
        self.buttons: dict[str, Button] = {}
        self._held: dict[str, bool] = {}
        self._lock = threading.Lock()
        try:
            for name, pin in pins.items():
                button = Button(
                    pin,
                    pull_up=True,
                    hold_time=hold_time,
                    bounce_time=bounce_time or None,
                    pin_factory=pin_factory,
                )
                self.buttons[name] = button
                if name in HOLDABLE:
                    self._held[name] = False
                    button.when_pressed = self._pressed(name)
                    button.when_held = self._held_cb(name)
                    button.when_released = self._released(name)
                else:
                    button.when_pressed = self._direction(name)
        except Exception:
            self.close()
            raise

    def _direction(self, name: str) -> Callable[[], None]:
        return lambda: self.on_key(name)

    def _pressed(self, name: str) -> Callable[[], None]:
        def pressed() -> None:
            with self._lock:
                self._held[name] = False

        return pressed

    def _held_cb(self, name: str) -> Callable[[], None]:
        def held() -> None:
            with self._lock:
                self._held[name] = True
            self.on_key(f"HOLD-{name}")

        return held

    def _released(self, name: str) -> Callable[[], None]:
        def released() -> None:
            with self._lock:
                was_held = self._held[name]
                self._held[name] = False
            if not was_held:
                self.on_key(name)

        return released

    def pin(self, name: str) -> Any:
        """The gpiozero pin of a key (tests and scripted play drive it)."""
        return self.buttons[name].pin

    def close(self) -> None:
        """Release the pins."""
        for button in self.buttons.values():
            button.close()
        self.buttons.clear()
