"""luma.oled's monochrome panels, sending only the columns that changed since the last frame.

luma.oled's ``ssd1306.display()`` and ``sh1106.display()`` walk all 8,192 pixels in Python
and send the whole 1,024-byte buffer on every frame: on I2C at 400 kHz that is 23 ms of
bus time for a key that changed one number. The classes here are those same luma devices
(subclasses: same init sequences, same ``display(image)`` contract, same capabilities,
``rotate`` and ``contrast``), with a ``display()`` that

- packs the image into the panel's page format with two PIL operations (a transpose, then
  ``tobytes``) and byte slices: byte ``x`` of page ``p`` holds column ``x``, rows ``8p`` to
  ``8p + 7``, the top row in bit 0, as the controllers want it;
- compares each page with what the panel holds and sends, for each page that differs,
  only the span of columns from the first to the last changed byte, with the controller's
  own addressing: SSD1306/SSD1309/SSD1315 a column window (0x21) and a page window (0x22)
  in the horizontal addressing mode luma's init sets (neighbouring pages share a window
  when that is fewer bytes); SH1106 its page (0xB0 + p) and column start (low and high
  nibble, after the RAM column offset luma uses, 2 by default); a change as costly as the
  whole frame is sent as the whole frame;
- sends the whole frame whenever what the panel holds is not known: the first frame of a
  device (after luma's init, a reset, a reconnect), after any command or data that did not
  come from ``display()`` (``contrast()``, ``show()``, ``hide()``, ``command()``), after a
  change of ``rotate``, and after a write that raised (part of a frame may have arrived).
"""

from __future__ import annotations

from typing import Any

from luma.oled import device as oled
from PIL import Image

#: SSD130x commands: the column and page address windows (horizontal addressing mode).
COLUMNADDR = 0x21
PAGEADDR = 0x22
#: SH1106 commands: page address, column start low nibble, column start high nibble.
SETPAGE = 0xB0
SETLOWCOLUMN = 0x00
SETHIGHCOLUMN = 0x10
#: The bytes a window costs besides its data on I2C: a command write (address, control byte,
#: 6 command bytes) and the data write's address and control byte. Pages share a window when
#: the bytes of the shared span are fewer than those of separate windows.
WINDOW_COST = 10


def column_bytes(image: Image.Image) -> bytes:
    """The mode "1" ``image`` column by column: for ``pages`` pages of 8 rows, byte
    ``x * pages + pages - 1 - p`` is column ``x`` of page ``p``, its top pixel in bit 0.

    Turning the image a quarter clockwise makes each column a row that runs from the bottom
    pixel to the top one; ``tobytes`` packs a row 8 pixels a byte, the first in the high bit.
    """
    return image.transpose(Image.Transpose.ROTATE_270).tobytes()


def page_of(data: bytes, pages: int, page: int, first: int = 0, last: int = -1) -> bytes:
    """Columns ``first`` to ``last`` of ``page`` (a slice of :func:`column_bytes`)."""
    stop = None if last < 0 else last * pages + pages - page
    return data[first * pages + pages - 1 - page : stop : pages]


def changed_spans(old: bytes, new: bytes, width: int, pages: int) -> list[tuple[int, int, int]]:
    """``(page, first column, last column)`` for each page where the two frames differ."""
    out = []
    top = width - 1
    for page in range(pages):
        was, now = old[pages - 1 - page :: pages], new[pages - 1 - page :: pages]
        if was != now:  # the highest set bit of the difference is the first column
            diff = int.from_bytes(was, "big") ^ int.from_bytes(now, "big")
            first = top - (diff.bit_length() - 1) // 8
            last = top - ((diff & -diff).bit_length() - 1) // 8
            out.append((page, first, last))
    return out


def windows(spans: list[tuple[int, int, int]]) -> list[tuple[int, int, int, int]]:
    """The windows to send, ``(first page, last page, first column, last column)`` each.

    One per changed page; a changed page joins the window of the page above when the joint
    window costs fewer bytes than two (its unchanged columns are then sent again).
    """
    out: list[tuple[int, int, int, int]] = []
    for page, first, last in spans:
        if out and out[-1][1] == page - 1:
            p0, p1, c0, c1 = out[-1]
            lo, hi = min(c0, first), max(c1, last)
            joint = (page - p0 + 1) * (hi - lo + 1)
            if joint <= (p1 - p0 + 1) * (c1 - c0 + 1) + WINDOW_COST + (last - first + 1):
                out[-1] = (p0, page, lo, hi)
                continue
        out.append((page, page, first, last))
    return out


class _Thrifty:
    """The mixin: remembers what the panel holds and sends what differs (see the module)."""

    _serial_interface: Any
    _pages: int
    _w: int
    rotate: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._held: bytes | None = None  # the panel's RAM (column_bytes), when known
        self._held_rotate = -1
        self.frames_whole = 0  # frames sent whole, and as changes (for tests and the bench)
        self.frames_partial = 0
        super().__init__(*args, **kwargs)  # luma's init sequence, then clear() and show()

    def forget(self) -> None:
        """Treat the panel's memory as unknown: the next frame is sent whole."""
        self._held = None

    def command(self, *cmd: int) -> None:
        """luma's ``command()``; it makes the panel's state unknown (``display()`` writes to
        the serial interface itself)."""
        self._held = None
        super().command(*cmd)  # type: ignore[misc]

    def data(self, data: Any) -> None:
        """luma's ``data()``; it makes the panel's state unknown."""
        self._held = None
        super().data(data)  # type: ignore[misc]

    def display(self, image: Image.Image) -> None:
        """Show a mode "1" image of the device's size: only what changed, or all when unknown."""
        assert image.mode == self.mode  # type: ignore[attr-defined]
        assert image.size == self.size  # type: ignore[attr-defined]
        new = column_bytes(self.preprocess(image))  # type: ignore[attr-defined]
        old = self._held if self._held_rotate == self.rotate else None
        self._held = None  # unknown until every write has gone through
        if old is None:
            self._send_all(new)
            self.frames_whole += 1
        else:
            self._send_changes(old, new)
            self.frames_partial += 1
        self._held = new
        self._held_rotate = self.rotate

    def _send_all(self, data: bytes) -> None:
        raise NotImplementedError

    def _send_changes(self, old: bytes, new: bytes) -> None:
        raise NotImplementedError


class _Windowed(_Thrifty):
    """SSD1306-family addressing: column and page windows in horizontal addressing mode."""

    _colstart: int

    def _send_all(self, data: bytes) -> None:
        start, serial, n = self._colstart, self._serial_interface, self._pages
        serial.command(COLUMNADDR, start, start + self._w - 1, PAGEADDR, 0, n - 1)
        serial.data(b"".join([page_of(data, n, p) for p in range(n)]))

    def _send_changes(self, old: bytes, new: bytes) -> None:
        start, serial, n = self._colstart, self._serial_interface, self._pages
        spans = windows(changed_spans(old, new, self._w, n))
        cost = sum((p1 - p0 + 1) * (c1 - c0 + 1) + WINDOW_COST for p0, p1, c0, c1 in spans)
        if cost >= self._w * n + WINDOW_COST:
            self._send_all(new)  # as many bytes as the whole frame: one window is as good
            return
        for p0, p1, c0, c1 in spans:
            serial.command(COLUMNADDR, start + c0, start + c1, PAGEADDR, p0, p1)
            if p0 == p1:
                serial.data(page_of(new, n, p0, c0, c1))
            else:
                serial.data(b"".join([page_of(new, n, p, c0, c1) for p in range(p0, p1 + 1)]))


class ssd1306(_Windowed, oled.ssd1306):  # type: ignore[misc]
    """luma.oled's ssd1306 that sends only the changed columns of each page."""


class ssd1309(_Windowed, oled.ssd1309):  # type: ignore[misc]
    """luma.oled's ssd1309 (the ssd1306's commands) that sends only what changed."""


class ssd1315(_Windowed, oled.ssd1315):  # type: ignore[misc]
    """luma.oled's ssd1315 (the ssd1306's commands) that sends only what changed."""


class sh1106(_Thrifty, oled.sh1106):  # type: ignore[misc]
    """luma.oled's sh1106 that sends only the changed columns of each page.

    The SH1106 has 132 columns of RAM and no address windows: each page is addressed by its
    page command and a column start, the image's column 0 sitting at RAM column
    ``page_address_offset`` (luma's default 2, the usual 128-pixel glass on 132 columns).
    """

    _page_address_offset: int

    def _send_all(self, data: bytes) -> None:
        for p in range(self._pages):
            self._send_page(p, 0, page_of(data, self._pages, p))

    def _send_changes(self, old: bytes, new: bytes) -> None:
        n = self._pages
        for p, first, last in changed_spans(old, new, self._w, n):
            self._send_page(p, first, page_of(new, n, p, first, last))

    def _send_page(self, page: int, column: int, data: bytes) -> None:
        ram = column + self._page_address_offset
        serial = self._serial_interface
        serial.command(SETPAGE | page, SETLOWCOLUMN | (ram & 0x0F), SETHIGHCOLUMN | (ram >> 4))
        serial.data(data)


#: The config's ``display.driver`` names and their classes.
DRIVERS: dict[str, type[Any]] = {
    "ssd1306": ssd1306,
    "ssd1309": ssd1309,
    "ssd1315": ssd1315,
    "sh1106": sh1106,
}
