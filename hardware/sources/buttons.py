"""The buttons source: gpiozero's input devices (``hardware.buttons``) post keys."""

from __future__ import annotations

from typing import Any

from hardware.buttons import Buttons
from hardware.scorer import Scorer
from kaiser_core.errors import KaiserError


class GpioError(KaiserError, OSError):
    """The buttons cannot be read: no GPIO chip, no pin factory, a pin in use."""


class ButtonSource:
    """The joystick and the keys on their GPIO pins (real, or gpiozero's mock pins)."""

    name = "buttons"

    def __init__(
        self,
        pins: dict[str, int],
        *,
        hold_time: float,
        bounce_time: float = 0.0,
        pin_factory: Any = None,
    ) -> None:
        self.pins = pins
        self.hold_time = hold_time
        self.bounce_time = bounce_time
        self.pin_factory = pin_factory
        self.buttons: Buttons | None = None

    def start(self, scorer: Scorer) -> None:
        """Open the pins; raises GpioError (with gpiozero's reason) when there is no GPIO."""
        try:
            self.buttons = Buttons(
                self.pins,
                scorer.key,
                hold_time=self.hold_time,
                bounce_time=self.bounce_time,
                pin_factory=self.pin_factory,
            )
        except Exception as err:  # gpiozero raises BadPinFactory, OSError, ...
            raise GpioError(f"{type(err).__name__}: {err}") from err
        if self.pin_factory is None:
            devices = self.buttons.buttons.values()
            self.pin_factory = next((b.pin_factory for b in devices), None)

    def close(self) -> None:
        """Close the input devices (the pin factory is released by the runner, last)."""
        if self.buttons is not None:
            self.buttons.close()
