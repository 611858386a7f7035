"""The display: a luma device behind one call, ``show(image)``, that survives faults.

A frame is pushed only when the picture changed. A device that is missing or fails (luma's
``DeviceNotFoundError`` or ``DevicePermissionError`` when it is made, ``OSError`` on an I2C
write) is logged once, dropped, and made again on the next frame; the main loop also calls
:meth:`Display.show` every ``retry_every`` seconds while the display is failing, so a
display that comes back shows the current screen without waiting for a key.

The picture is turned by the config's ``display.rotate`` (0 or 180) and, on top of that,
by the menu's "Flip display" (``flipped``): the table's ``Flip`` request, once stored,
comes to :meth:`Display.flip`, and the next frame is pushed turned.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from PIL import Image

log = logging.getLogger(__name__)

#: Contrast levels (luma's ``contrast()``, 0-255): awake, and dimmed after ``dim_after``.
BRIGHT = 255
DIM = 1
#: Seconds between attempts to bring back a failing display (from the main loop).
RETRY_EVERY = 5.0
#: A command byte that does nothing on the SSD1306, SSD1309 and SH1106: probes an I2C panel.
NOP = 0xE3


class Display:
    """Shows images on a luma device made by ``factory`` (made again after a failure)."""

    def __init__(
        self,
        factory: Callable[[], Any],
        *,
        flipped: bool = False,
        rotate: int = 0,
        retry_every: float = RETRY_EVERY,
    ) -> None:
        self.factory = factory
        self.device: Any = None
        self.rotate = rotate
        self.flipped = flipped
        self.retry_every = retry_every
        self.last: bytes | None = None
        self.frames = 0
        self.failing = False
        self.dimmed = False
        self._open()

    @property
    def angle(self) -> int:
        """Degrees the picture is turned: the config's ``rotate`` plus 180 when flipped."""
        return (self.rotate + (180 if self.flipped else 0)) % 360

    def flip(self, request: object = None) -> None:
        """The table's ``Flip`` request: the picture turned by 180 degrees, or not, from the
        next frame (a request without a state turns it over)."""
        wanted = getattr(request, "flipped", None)
        self.flipped = (not self.flipped) if wanted is None else bool(wanted)
        self.last = None  # the same view, turned: a new frame

    def oriented(self, image: Image.Image) -> Image.Image:
        """``image`` as the panel gets it (turned by :attr:`angle`)."""
        if self.angle == 180:
            return image.transpose(Image.Transpose.ROTATE_180)
        return image

    # -- the device -------------------------------------------------------------------------
    def _open(self) -> bool:
        if self.device is not None:
            return True
        try:
            device = self.factory()
        except Exception as err:  # luma raises DeviceNotFoundError, OSError, ImportError ...
            self._fail(f"display not available: {_describe(err)}")
            return False
        self.device = device
        try:
            device.contrast(DIM if self.dimmed else BRIGHT)
        except Exception as err:
            self._fail(f"display contrast failed: {_describe(err)}")
            return False
        return True

    def _fail(self, text: str) -> None:
        """Log the first failure of an outage; drop the device so the next frame makes it anew."""
        if not self.failing:
            log.warning(
                "%s; the game goes on, the display is retried on each frame and every %g s",
                text,
                self.retry_every,
            )
        self.failing = True
        self.last = None
        device, self.device = self.device, None
        if device is not None:
            _release(device)

    def show(self, image: Image.Image) -> bool:
        """Push ``image`` if it differs from the last frame; True when a frame was sent."""
        image = self.oriented(image)
        data = image.tobytes()
        if data == self.last:
            return False
        if not self._open():
            return False
        try:
            self.device.display(image.convert(self.device.mode))
        except Exception as err:  # OSError on the bus, luma's DeviceNotFoundError, ...
            self._fail(f"display write failed: {_describe(err)}")
            return False
        if self.failing:
            log.info("the display is back")
            self.failing = False
        self.last = data
        self.frames += 1
        return True

    def invalidate(self) -> None:
        """Forget the last frame, so the next ``show()`` pushes it (a resized terminal)."""
        self.last = None

    def dim(self, dimmed: bool) -> None:
        """Dim (lowest contrast) or wake the display; remembered while the display is away."""
        if dimmed == self.dimmed:
            return
        self.dimmed = dimmed
        if self.device is None:
            return
        try:
            self.device.contrast(DIM if dimmed else BRIGHT)
        except Exception as err:
            self._fail(f"display contrast failed: {_describe(err)}")

    def blank(self) -> bool:
        """Clear and switch off the panel; False when there is no working display to blank."""
        if self.device is None:
            return False
        try:
            self.device.clear()
            self.device.hide()
        except Exception as err:
            log.warning("display blank failed: %s", _describe(err))
            return False
        return True

    def close(self) -> bool:
        """Blank the panel and release its interface (on shutdown); True when it was blanked."""
        blanked = self.blank()
        device, self.device = self.device, None
        if device is not None:
            _release(device)
        self.last = None
        return blanked


def _describe(err: BaseException) -> str:
    return f"{type(err).__name__}: {err}" if str(err) else type(err).__name__


def _release(device: Any) -> None:
    """Close a luma device's interface without writing to it (its panel may be gone).

    luma's ``cleanup()`` switches the panel off unless ``persist`` is set, then closes the
    bus; it is also registered with ``atexit``, where it then only closes the bus again.
    """
    try:
        device.persist = True
        device.cleanup()
    except Exception as err:
        log.debug("display cleanup failed: %s", err)


def luma_serial(display: dict[str, Any]) -> Any:
    """luma's serial interface for the config's display table (I2C or SPI).

    Raises luma's DeviceNotFoundError or DevicePermissionError when the bus is missing or
    not allowed.
    """
    if display["interface"] == "i2c":
        from luma.core.interface.serial import i2c

        return i2c(port=display.get("port", 1), address=display.get("address", 0x3C))
    from luma.core.interface.serial import spi

    return spi(
        port=display.get("port", 0),
        device=display.get("device", 0),
        gpio_DC=display.get("dc", 24),
        gpio_RST=display.get("rst", 25),
    )


def luma_factory(
    display: dict[str, Any], make_serial: Callable[[dict[str, Any]], Any] = luma_serial
) -> Callable[[], Any]:
    """A factory for the real luma device described by the config's display table.

    An I2C panel is probed with a NOP command before the luma device is made, so a panel
    that does not answer costs no device object (luma keeps each one for its exit hook).
    """

    def make() -> Any:
        from hardware.panel import DRIVERS  # luma.oled's devices, sending only what changed

        driver = DRIVERS[display["driver"]]
        serial = make_serial(display)
        try:
            if display["interface"] == "i2c":
                serial.command(NOP)
            return driver(serial, width=128, height=64)
        except BaseException:
            try:
                serial.cleanup()
            except Exception as err:
                log.debug("display interface cleanup failed: %s", err)
            raise

    return make


def dummy_factory() -> Callable[[], Any]:
    """luma's ``dummy`` device: keeps the last image (tests, mock board)."""

    def make() -> Any:
        from luma.core.device import dummy

        return dummy(width=128, height=64, mode="1")

    return make
