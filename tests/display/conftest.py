"""A panel on a wire: luma's real ``i2c``/``spi`` over the fake bus, a device of either kind."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import luma.oled.device as stock
from PIL import Image

from hardware import panel
from hardware.panel_fake import FakeI2C, FakeSpi, PanelModel, i2c_serial, spi_serial

#: The controllers and their model: ssd1309 and ssd1315 take the ssd1306's commands.
KINDS = {"ssd1306": "ssd1306", "ssd1309": "ssd1306", "ssd1315": "ssd1306", "sh1106": "sh1106"}
#: luma's i2c as the Pi runs it (managed: smbus2 i2c_rdwr), luma's i2c handed a bus (32-byte
#: SMBus block writes), and luma's spi with its DC and RST pins.
WIRES = ("i2c", "i2c-smbus", "spi")


@dataclass
class Rig:
    """A panel model, the fake bus it sits on, and the luma devices made on that bus."""

    driver: str
    wire: str
    rotate: int = 0
    model: PanelModel = field(init=False)
    bus: Any = field(init=False)
    device: Any = None
    stock: bool = False  # luma.oled's own class instead of the project's

    def __post_init__(self) -> None:
        self.model = PanelModel(KINDS[self.driver])
        self.bus = FakeSpi(self.model) if self.wire == "spi" else FakeI2C(self.model)
        self.connect()

    def serial(self) -> Any:
        if self.wire == "spi":
            return spi_serial(self.bus)
        return i2c_serial(self.bus, managed=self.wire == "i2c")

    def connect(self) -> Any:
        """A new device on the same panel (as after a reconnect); SPI pulses RST first."""
        cls = getattr(stock if self.stock else panel, self.driver)
        self.device = cls(self.serial(), width=128, height=64, rotate=self.rotate)
        return self.device

    def shown(self) -> Image.Image:
        return self.model.image()

    def sent(self, image: Image.Image) -> int:
        """Display ``image``; the bytes it put on the wire."""
        before = self.bus.wire_bytes
        self.device.display(image)
        return int(self.bus.wire_bytes - before)


def turned(image: Image.Image, rotate: int) -> Image.Image:
    """``image`` as luma's ``rotate`` puts it on the glass (quarter turns clockwise)."""
    if rotate == 0:
        return image
    return image.rotate(-90 * rotate, expand=True)


def same(a: Image.Image, b: Image.Image) -> bool:
    """Pixel for pixel."""
    return a.size == b.size and a.convert("1").tobytes() == b.convert("1").tobytes()
