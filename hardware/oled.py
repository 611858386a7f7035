"""The display: a luma device behind one call, ``show(image)``, that survives faults.

A frame is pushed only when the picture changed. A failing device (``OSError`` on an I2C
write, ``DeviceNotFoundError``) is logged once and retried on the next frame.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PIL import Image

log = logging.getLogger(__name__)


class Display:
    """Shows images on a luma device made by ``factory`` (made again after a failure)."""

    def __init__(self, factory: Callable[[], Any], *, flipped: bool = False) -> None:
        self.factory = factory
        self.device: Any = None
        self.flipped = flipped
        self.last: bytes | None = None
        self.frames = 0
        self.failing = False
        self.dimmed = False
        self._open()

    def _open(self) -> bool:
        if self.device is not None:
            return True
        try:
            self.device = self.factory()
        except Exception as err:  # luma raises DeviceNotFoundError, OSError, ...
            self._fail(f"display not available: {err}")
            return False
        return True

    def _fail(self, text: str) -> None:
        if not self.failing:
            log.warning("%s (will retry on each frame)", text)
        self.failing = True
        self.device = None
        self.last = None

    def show(self, image: Image.Image) -> bool:
        """Push ``image`` if it differs from the last frame; True when a frame was sent."""
        if self.flipped:
            image = image.rotate(180)
        data = image.tobytes()
        if data == self.last:
            return False
        if not self._open():
            return False
        try:
            self.device.display(image.convert(self.device.mode))
        except (OSError, RuntimeError) as err:
            self._fail(f"display write failed: {err}")
            return False
        if self.failing:
            log.info("display is back")
        self.failing = False
        self.last = data
        self.frames += 1
        return True

    def dim(self, dimmed: bool) -> None:
        """Dim (lowest contrast) or wake the display."""
        if dimmed == self.dimmed or self.device is None:
            return
        try:
            self.device.contrast(1 if dimmed else 255)
            self.dimmed = dimmed
        except (OSError, RuntimeError, AttributeError) as err:
            self._fail(f"display contrast failed: {err}")

    def blank(self) -> None:
        """Clear and switch off the panel (on shutdown)."""
        if self.device is None:
            return
        try:
            self.device.clear()
            self.device.hide()
        except (OSError, RuntimeError, AttributeError) as err:
            log.warning("display blank failed: %s", err)


def luma_factory(display: dict[str, Any]) -> Callable[[], Any]:
    """A factory for the real luma device described by the config's display table."""

    def make() -> Any:
        from luma.oled import device as oled

        driver = getattr(oled, display["driver"])
        if display["interface"] == "i2c":
            from luma.core.interface.serial import i2c

            serial = i2c(port=display.get("port", 1), address=display.get("address", 0x3C))
        else:
            from luma.core.interface.serial import spi

            serial = spi(
                port=display.get("port", 0),
                device=display.get("device", 0),
                gpio_DC=display.get("dc", 24),
                gpio_RST=display.get("rst", 25),
            )
        return driver(serial, width=128, height=64)

    return make


def dummy_factory() -> Callable[[], Any]:
    """luma's ``dummy`` device: keeps the last image (tests, mock board)."""

    def make() -> Any:
        from luma.core.device import dummy

        return dummy(width=128, height=64, mode="1")

    return make
