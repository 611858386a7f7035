"""A stand-in ``machine`` module for running ``firmware/main.py`` under the unix port.

``SPI`` and ``Pin`` are wired to one emulated MFRC522 whose field holds the tags named in
the ``FAKE_TAGS`` environment variable (comma-separated hex UIDs).
"""

import os

from fake_mfrc522 import FakeChip, FakePin, FakeSPI, FakeTag

CHIP = FakeChip()
_PINS = {}
for _uid in (os.getenv("FAKE_TAGS") or "").split(","):
    if _uid:
        CHIP.place(FakeTag(bytes(int(_uid[i : i + 2], 16) for i in range(0, len(_uid), 2))))


class Pin(FakePin):
    OUT = 1
    IN = 0

    def __init__(self, pin_id, mode=None, value=1):
        super().__init__(value=value)
        _PINS[pin_id] = self


class SPI:
    MSB = 0

    def __init__(
        self,
        spi_id,
        baudrate=1000000,
        polarity=0,
        phase=0,
        bits=8,
        firstbit=0,
        sck=None,
        mosi=None,
        miso=None,
    ):
        self._spi = None

    def _bus(self):
        if self._spi is None:
            self._spi = FakeSPI(CHIP, _PINS[17])  # CS is GP17 in the reference wiring
        return self._spi

    def write(self, buf):
        self._bus().write(buf)

    def write_readinto(self, tx, rx):
        self._bus().write_readinto(tx, rx)
