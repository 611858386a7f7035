"""A fake I2C bus, SPI bus and GPIO for luma's real serial interfaces, and a panel behind them.

No library offers a bus that stands for an OLED panel, so this is the fake (tests, bench):
luma's own ``i2c`` and ``spi`` classes run unchanged and write to these objects, which count
every byte on the wire and hand commands and data to :class:`PanelModel`, a model of the
controller's RAM and address pointers (SSD1306/SSD1309/SSD1315: addressing modes, column and
page windows; SH1106: page and column start on 132 columns). :meth:`PanelModel.image` is
then what the glass shows, to compare pixel for pixel with the frame that was meant.
"""

from __future__ import annotations

import errno
from collections.abc import Iterable
from typing import Any
from unittest import mock

from PIL import Image

from kaiser_core.errors import KaiserError

#: SSD1306-family commands that take arguments, and how many.
SSD_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2}
SSD_ARGS |= {c: 1 for c in (0x81, 0x8D, 0xA8, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB)}
SSD_SINGLE = {*range(0x00, 0x20), 0x2E, 0x2F, *range(0x40, 0x80), 0xA0, 0xA1}
SSD_SINGLE |= {0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, *range(0xB0, 0xB8), 0xC0, 0xC8, 0xE3}
#: SH1106 commands that take an argument, and those of one byte.
SH_ARGS = {c: 1 for c in (0x81, 0xA8, 0xAD, 0xD3, 0xD5, 0xD9, 0xDA, 0xDB)}
SH_SINGLE = {*range(0x00, 0x20), *range(0x30, 0x34), *range(0x40, 0x80), 0xA0, 0xA1}
SH_SINGLE |= {0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, *range(0xB0, 0xB8), 0xC0, 0xC8, 0xE0, 0xE3}
SH_SINGLE |= {0xEE}
#: Bytes luma's sh1106 init sends that are SSD1306 commands, not SH1106 ones (ignored).
SH_FOREIGN = {0x20, 0x8D}


class PanelError(KaiserError):
    """The driver sent the controller something it cannot take (a bug the tests catch)."""


class PanelModel:
    """The controller's RAM and pointers, fed command and data bytes as the chip takes them."""

    def __init__(
        self, kind: str = "ssd1306", width: int = 128, height: int = 64, offset: int | None = None
    ) -> None:
        self.kind = kind  # "ssd1306" (also SSD1309/SSD1315) or "sh1106"
        self.sh = kind == "sh1106"
        self.width, self.height = width, height
        self.columns = 132 if self.sh else width
        # The RAM column of the glass's column 0: 2 on the usual SH1106 boards.
        self.offset = (2 if self.sh else 0) if offset is None else offset
        self.pages = height // 8
        self.ram = [bytearray(self.columns) for _ in range(self.pages)]
        self.contrast: int | None = None
        self.log: list[tuple[str, bytes]] = []  # ("command" or "data", bytes) as they came
        self.reset()
        self.resets = 0

    def reset(self) -> None:
        """The RST pin: registers to their reset values; the RAM keeps noise."""
        self.resets = getattr(self, "resets", 0) + 1
        self.mode = 2  # page addressing
        self.col_lo, self.col_hi = 0, self.columns - 1
        self.page_lo, self.page_hi = 0, self.pages - 1
        self.col = self.page = 0
        self._cmd: list[int] = []
        self.on = False
        for row in self.ram:
            row[:] = bytes([0xA5]) * len(row)  # noise a full frame must overwrite

    def command(self, data: Iterable[int]) -> None:
        """Command bytes (I2C control 0x00, SPI with DC low)."""
        data = bytes(data)
        self.log.append(("command", data))
        args, single = (SH_ARGS, SH_SINGLE) if self.sh else (SSD_ARGS, SSD_SINGLE)
        for byte in data:
            self._cmd.append(byte)
            head = self._cmd[0]
            if head in args:
                if len(self._cmd) <= args[head]:
                    continue
            elif head not in single and not (self.sh and head in SH_FOREIGN):
                raise PanelError(f"{self.kind}: unknown command 0x{head:02X}")
            cmd, self._cmd = self._cmd, []
            self._run(cmd)

    def _run(self, cmd: list[int]) -> None:
        head, args = cmd[0], cmd[1:]
        page_mode = self.sh or self.mode == 2
        if head < 0x10 and page_mode:
            self.col = (self.col & 0xF0) | head
        elif head < 0x20 and page_mode:
            self.col = (self.col & 0x0F) | (head & 0x0F) << 4
        elif 0xB0 <= head < 0xB8 and page_mode:
            self.page = head & 0x07
        elif head == 0x20 and not self.sh:
            self.mode = args[0] & 0x03
            if self.mode == 3:
                raise PanelError("addressing mode 3 is invalid")
        elif head == 0x21 and not self.sh:
            self.col_lo, self.col_hi = args[0] & 0x7F, args[1] & 0x7F
            self.col = self.col_lo
        elif head == 0x22 and not self.sh:
            self.page_lo, self.page_hi = args[0] & 0x07, args[1] & 0x07
            self.page = self.page_lo
        elif head == 0x81:
            self.contrast = args[0]
        elif head in (0xAE, 0xAF):
            self.on = head == 0xAF

    def write(self, data: Iterable[int]) -> None:
        """Display data bytes (I2C control 0x40, SPI with DC high), at the pointers."""
        data = bytes(data)
        self.log.append(("data", data))
        for byte in data:
            if self.col >= self.columns or self.page >= self.pages:
                raise PanelError(f"{self.kind}: data past the RAM at {self.page}/{self.col}")
            self.ram[self.page][self.col] = byte
            self._advance()

    def _advance(self) -> None:
        if self.sh:
            self.col += 1
        elif self.mode == 2:  # page: the column wraps within the page
            self.col = self.col + 1 if self.col < self.col_hi else self.col_lo
        elif self.mode == 0:  # horizontal: column, then page, inside the windows
            if self.col < self.col_hi:
                self.col += 1
            else:
                self.col = self.col_lo
                self.page = self.page + 1 if self.page < self.page_hi else self.page_lo
        elif self.page < self.page_hi:  # vertical: page, then column
            self.page += 1
        else:
            self.page = self.page_lo
            self.col = self.col + 1 if self.col < self.col_hi else self.col_lo

    def image(self) -> Image.Image:
        """What the glass shows: pixel (x, y) is bit y % 8 of RAM page y // 8, column x."""
        image = Image.new("1", (self.width, self.height))
        pixels = image.load()
        assert pixels is not None
        for y in range(self.height):
            row, bit = self.ram[y // 8], 1 << (y % 8)
            for x in range(self.width):
                if row[x + self.offset] & bit:
                    pixels[x, y] = 255
        return image


class FakeI2C:
    """An smbus2 ``SMBus`` stand-in: the calls luma's ``i2c`` makes, onto panels by address.

    ``wire_bytes`` counts what the bus carries: per transaction, the address byte, the
    control byte and the payload (each 9 clocks with its ACK). ``fail_at`` makes the
    transaction of that number (counting from 1) raise ``OSError`` (EREMOTEIO), as an
    unplugged panel does; ``broken`` makes all of them raise.
    """

    def __init__(self, panel: PanelModel | None = None, address: int = 0x3C) -> None:
        self.panels = {} if panel is None else {address: panel}
        self.wire_bytes = 0
        self.transactions = 0
        self.calls: list[list[bytes]] = []  # each i2c_rdwr call's messages, as bytes
        self.block_writes = 0  # write_i2c_block_data calls
        self.fail_at: int | None = None
        self.broken = False
        self.closed = False

    def _transfer(self, address: int, payload: bytes) -> None:
        self.transactions += 1
        if self.broken or self.transactions == self.fail_at:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.wire_bytes += 1 + len(payload)
        panel = self.panels.get(address)
        if panel is None:
            if self.panels:
                raise OSError(errno.EREMOTEIO, "Remote I/O error")
            return  # a counting bus
        i = 0
        while i < len(payload):  # control bytes: Co (bit 7), D/C# (bit 6)
            control = payload[i]
            if control & 0x3F:
                raise PanelError(f"bad control byte 0x{control:02X}")
            take = panel.write if control & 0x40 else panel.command
            if control & 0x80:
                take(payload[i + 1 : i + 2])
                i += 2
            else:
                take(payload[i + 1 :])
                break

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: list[int]) -> None:
        """SMBus block write: ``register`` is the control byte; at most 32 data bytes."""
        if len(data) > 32:
            raise OSError(errno.EINVAL, "Invalid argument")
        self.block_writes += 1
        self._transfer(i2c_addr, bytes([register, *data]))

    def i2c_rdwr(self, *messages: Any) -> None:
        """Combined transfers of smbus2 ``i2c_msg`` writes (luma's managed bus)."""
        self.calls.append([bytes(message) for message in messages])
        for message in messages:
            self._transfer(message.addr, bytes(message))

    def close(self) -> None:
        """Close the bus (luma's ``cleanup()`` of a managed bus)."""
        self.closed = True


class CountingI2C:
    """The leanest ``SMBus`` stand-in: counts the bytes luma's ``i2c`` puts on the wire
    (as :class:`FakeI2C` counts them) and keeps nothing, so a benchmark times the driver."""

    def __init__(self) -> None:
        self.wire_bytes = 0
        self.transactions = 0

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: list[int]) -> None:
        """SMBus block write: address, control byte, data."""
        self.transactions += 1
        self.wire_bytes += 2 + len(data)

    def i2c_rdwr(self, *messages: Any) -> None:
        """smbus2 ``i2c_msg`` writes: address, then the message (control byte and data)."""
        for message in messages:
            self.transactions += 1
            self.wire_bytes += 1 + message.len

    def close(self) -> None:
        """Nothing to close."""


class FakeGpio:
    """The RPi.GPIO calls luma's ``spi`` makes, for its DC and RST pins."""

    BCM, OUT, IN, LOW, HIGH = 11, 0, 1, 0, 1

    def __init__(self, wire: FakeSpi, dc: int = 24, rst: int = 25) -> None:
        self.wire, self.dc, self.rst = wire, dc, rst
        self.levels: dict[int, int] = {}

    def setmode(self, mode: int) -> None:
        """Pin numbering (ignored)."""

    def setwarnings(self, on: bool) -> None:
        """Warnings (ignored)."""

    def setup(self, pin: int, direction: int, initial: int | None = None) -> None:
        """A pin made an output."""
        self.levels[pin] = self.HIGH if initial is None else initial

    def output(self, pin: int, value: int) -> None:
        """Drive a pin; RST going low resets the panel."""
        if pin == self.rst and value == self.LOW and self.wire.panel is not None:
            self.wire.panel.reset()
        self.levels[pin] = value

    def cleanup(self, pins: Any = None) -> None:
        """Release pins."""
        self.levels.clear()


class FakeSpi:
    """A spidev ``SpiDev`` stand-in: ``writebytes`` goes to the panel as DC says."""

    def __init__(self, panel: PanelModel | None = None, dc: int = 24, rst: int = 25) -> None:
        self.panel = panel
        self.gpio = FakeGpio(self, dc, rst)
        self.wire_bytes = 0
        self.transactions = 0
        self.fail_at: int | None = None
        self.broken = False
        self.max_speed_hz = 0
        self.mode = 0
        self.opened: tuple[int, int] | None = None

    def open(self, port: int, device: int) -> None:
        """Open /dev/spidevPORT.DEVICE."""
        self.opened = (port, device)

    def writebytes(self, data: Iterable[int]) -> None:
        """One transfer; command bytes while DC is low, display data while it is high."""
        payload = bytes(data)
        self.transactions += 1
        if self.broken or self.transactions == self.fail_at:
            raise OSError(errno.EIO, "Input/output error")
        if len(payload) > 4096:
            raise OSError(errno.EMSGSIZE, "Message too long")
        self.wire_bytes += len(payload)
        if self.panel is not None:
            is_data = self.gpio.levels.get(self.gpio.dc) == self.gpio.HIGH
            (self.panel.write if is_data else self.panel.command)(payload)

    def close(self) -> None:
        """Close the device."""
        self.opened = None


def i2c_serial(bus: FakeI2C | CountingI2C, address: int = 0x3C, managed: bool = True) -> Any:
    """luma's real ``i2c`` on ``bus``: managed (smbus2's ``i2c_rdwr``, as on the Pi, where luma
    opens the bus itself) or handed the bus (``write_i2c_block_data``, 32 bytes a write)."""
    from luma.core.interface.serial import i2c

    if not managed:
        return i2c(bus=bus, address=address)
    with mock.patch("smbus2.SMBus", lambda port: bus):
        return i2c(port=1, address=address)


def spi_serial(wire: FakeSpi) -> Any:
    """luma's real ``spi`` on ``wire`` and its GPIO (DC and RST pins)."""
    from luma.core.interface.serial import spi

    return spi(spi=wire, gpio=wire.gpio, gpio_DC=wire.gpio.dc, gpio_RST=wire.gpio.rst)
