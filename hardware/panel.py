"""luma.oled's monochrome panels, sending only the columns that changed since the last frame.

luma.oled's ``ssd1306.display()`` and ``sh1106.display()`` walk all 8,192 pixels in Python
and send the whole 1,024-byte buffer on every frame: on I2C at 400 kHz that is 23 ms of
bus time for a key that changed one number. The classes here are those same luma devices
(subclasses: same init sequences, same ``display(image)`` contract, same capabilities,
``rotate`` and ``contrast``), with a ``display()`` that

- packs the changed box into the panel's page format with PIL operations (a crop and a
  transpose once a frame, then ``tobytes`` of each window): byte ``x`` of page ``p`` holds
  column ``x``, rows ``8p`` to ``8p + 7``, the top row in bit 0, as the panels want;
- compares the image with what the panel holds (the difference, its box and each page's
  span, in C) and sends, for each page that differs, only the span of columns from the
  first to the last changed column, with the controller's own addressing:
  SSD1306/SSD1309/SSD1315 a column window (0x21) and a page window (0x22) in vertical
  addressing mode (0x20 0x01, sent with the first change after luma's init, which sets
  horizontal mode; neighbouring pages share a window when that is fewer bytes); SH1106 its
  page (0xB0 + p) and column start (low and high nibble, after the RAM column offset luma
  uses, 2 by default); a change as costly as the whole frame is sent as the whole frame
  (in the mode the panel is in: luma's bytes, or as many); on luma's managed ``i2c`` (the
  Pi's) all of a frame's writes go in one ``i2c_rdwr`` (``hardware.panel_wire``), on any
  other interface through luma's ``command()`` and ``data()``;
- sends the whole frame whenever what the panel holds is not known: the first frame of a
  device (after luma's init, a reset, a reconnect), after any command or data that did not
  come from ``display()`` (``contrast()``, ``show()``, ``hide()``, ``command()``), after a
  change of ``rotate``, and after a write that raised (part of a frame may have arrived;
  the SSD130x's addressing mode is then set again with the whole frame, 2 bytes more).
"""

from __future__ import annotations

from typing import Any

from luma.oled import device as oled
from PIL import Image, ImageChops
from PIL import _imaging as pil_core  # Pillow's C module (Image.core)

from hardware import panel_wire

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


#: SSD130x memory addressing mode (0x20) and two of its modes: luma's init sets horizontal
#: (a whole frame, page after page); changes go in vertical mode (a window column after
#: column, each column's pages top to bottom: the order the packing gives).
MEMORYMODE = 0x20
HORIZONTAL = 0x00
VERTICAL = 0x01


def turn(picture: Any, box: tuple[int, int, int, int]) -> Any:
    """The pixels of ``box`` turned so that each column of the box is a row, its top first."""
    if CORE:
        return picture.crop(box).transpose(TRANSPOSE)
    return picture.crop(box).transpose(Image.Transpose.TRANSPOSE)


def pack(turned: Any, box: tuple[int, int, int, int]) -> bytes:
    """The rows of ``box`` of a :func:`turn` picture, 8 pixels a byte, the first in bit 0 (its
    "1;R" packing, faster than the plain "1" packer): for a box 8 pixels wide, one byte a
    column of the panel's page; wider, each column's pages one after another."""
    if not CORE:
        return bytes(turned.crop(box).tobytes("raw", "1;R"))
    encoder = pil_core.raw_encoder("1", "1;R")  # what tobytes calls, without its checks
    encoder.setimage(turned, box)
    _, status, data = encoder.encode(BUFSIZE)  # at most 2,048 bytes (128x128): one call
    if status != 1:  # not seen: Pillow's tobytes raises on an error too
        raise RuntimeError(f"encoder status {status} packing the frame")
    return bytes(data)


def band(picture: Any, box: tuple[int, int, int, int]) -> bytes:
    """The pixels of ``box`` (rows a multiple of 8) column by column: each column of the box
    from its top pixel down, 8 pixels a byte, the first in the low bit (as the panels want)."""
    turned = turn(picture, box)
    return pack(turned, (0, 0, *turned.size))


#: Pillow's C image calls behind crop, transpose, tobytes and ImageChops.difference, used on
#: the C image of each picture (``Image.im``); the public calls on the ``Image`` stand in
#: should a Pillow lack one (the tests run both and compare them).
TRANSPOSE = int(Image.Transpose.TRANSPOSE)
BUFSIZE = 4096
CORE = hasattr(pil_core, "raw_encoder") and all(
    hasattr(pil_core.new("1", (1, 1)), name)
    for name in ("crop", "transpose", "chop_difference", "getbbox", "copy")
)


def picture(image: Image.Image) -> Any:
    """What :func:`band` and :func:`changes` take: the C image, or the ``Image``."""
    return image.im if CORE else image


def difference(old: Any, new: Any) -> Any:
    """The picture of the pixels where two pictures differ (Pillow's C call, or the public
    ``ImageChops.difference`` that calls it)."""
    return old.chop_difference(new) if CORE else ImageChops.difference(old, new)


def window_bytes(image: Any, window: tuple[int, int, int, int]) -> bytes:
    """The panel's bytes of ``window = (p0, p1, c0, c1)``, pages ``p0`` to ``p1`` and columns
    ``c0`` to ``c1``, page after page, per page one byte a column, its top pixel in bit 0.

    In :func:`band` of those pages byte ``i * pages + p - p0`` is column ``c0 + i`` of
    page ``p``.
    """
    p0, p1, c0, c1 = window
    data = band(image, (c0, 8 * p0, c1 + 1, 8 * p1 + 8))
    if p0 == p1:
        return data
    pages = p1 - p0 + 1
    return b"".join([data[p - p0 :: pages] for p in range(p0, p1 + 1)])


def windows(spans: list[tuple[int, int, int]]) -> list[tuple[int, int, int, int]]:
    """The windows to send, ``(first page, last page, first column, last column)`` each.

    One per changed page; a changed page joins the window of the page above when the joint
    window costs fewer bytes than two (its unchanged columns are then sent again).
    """
    out: list[tuple[int, int, int, int]] = []
    p0 = p1 = c0 = c1 = -2  # the last window
    for page, first, last in spans:
        if page == p1 + 1:
            lo = c0 if c0 < first else first
            hi = c1 if c1 > last else last
            alone = (p1 - p0 + 1) * (c1 - c0 + 1) + WINDOW_COST + last - first + 1
            if (page - p0 + 1) * (hi - lo + 1) <= alone:
                p1, c0, c1 = page, lo, hi
                out[-1] = (p0, p1, c0, c1)
                continue
        p0, p1, c0, c1 = page, page, first, last
        out.append((p0, p1, c0, c1))
    return out


Window = tuple[int, int, int, int]


def changes(old: Any, new: Any, merge: bool) -> list[tuple[Window, bytes]]:
    """What to send to bring the panel from picture ``old`` to ``new`` (see :func:`picture`):
    per window ``(first page, last page, first column, last column)`` and its data, column
    after column, each column's pages top to bottom (one page: the page's bytes in order).

    The pictures' difference (in C) gives the box that changed and, page by page, the span of
    changed columns; ``merge`` joins neighbouring pages into one window where that is fewer
    bytes (:func:`windows`; SSD130x windows, not the SH1106's pages). The box is turned once
    (:func:`turn`) and each window packed from it (:func:`pack`).
    """
    diff = difference(old, new)
    box = diff.getbbox()
    if box is None:
        return []
    x0, y0, x1, y1 = box
    top, bottom = y0 & ~7, (y1 + 7) & ~7
    p0 = top >> 3
    found: list[Window]
    if bottom - top == 8:  # one page: the box is its span
        found = [(p0, p0, x0, x1 - 1)]
    else:
        spans, crop = [], diff.crop
        for y in range(top, bottom, 8):
            span = crop((x0, y, x1, y + 8)).getbbox()
            if span is not None:
                spans.append((y >> 3, x0 + span[0], x0 + span[2] - 1))
        found = windows(spans) if merge else [(p, p, c0, c1) for p, c0, c1 in spans]
    turned = turn(new, (x0, top, x1, bottom))  # row x - x0: column x, from row top down
    out = []
    if CORE:  # pack()'s C calls, inline: this loop runs for every window of every frame
        encoder = pil_core.raw_encoder
        for window in found:
            q0, q1, c0, c1 = window
            packer = encoder("1", "1;R")
            packer.setimage(turned, ((q0 - p0) << 3, c0 - x0, (q1 + 1 - p0) << 3, c1 + 1 - x0))
            _, status, data = packer.encode(BUFSIZE)
            if status != 1:  # not seen: Pillow's tobytes raises on an error too
                raise RuntimeError(f"encoder status {status} packing a window")
            out.append((window, data))
        return out
    for window in found:
        q0, q1, c0, c1 = window
        out.append(
            (window, pack(turned, ((q0 - p0) << 3, c0 - x0, (q1 + 1 - p0) << 3, c1 + 1 - x0)))
        )
    return out


class _Thrifty:
    """The mixin: remembers what the panel holds and sends what differs (see the module)."""

    _serial_interface: Any
    _pages: int
    _w: int
    rotate: int
    #: Whether neighbouring pages may share a window (the SSD130x column and page windows),
    #: and the bytes of the command that sets the addressing mode for changes (SSD130x).
    merge = False
    _switch = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._held: Any = None  # the picture in the panel's RAM (see picture()), when known
        self._held_rotate = -1
        self._write: Any = None  # the frame writer for the serial interface (panel_wire)
        self._addresses: dict[Window, bytes] = {}  # a window's commands, made once
        self._mode: int | None = HORIZONTAL  # the SSD130x addressing mode, None: unknown
        self._luma_init = True  # luma's init sequence is running (it sets HORIZONTAL)
        self.frames_whole = 0  # frames sent whole, and as changes (for tests and the bench)
        self.frames_partial = 0
        super().__init__(*args, **kwargs)  # luma's init sequence, then clear() and show()
        self._luma_init = False

    def forget(self) -> None:
        """Treat the panel's memory as unknown: the next frame is sent whole."""
        self._held = None

    def command(self, *cmd: int) -> None:
        """luma's ``command()``; it makes the panel's memory unknown, and its addressing mode
        when the bytes hold a memory mode command (``display()`` writes to the interface)."""
        self._held = None
        if MEMORYMODE in cmd and not self._luma_init:
            self._mode = None
        super().command(*cmd)  # type: ignore[misc]

    def data(self, data: Any) -> None:
        """luma's ``data()``; it makes the panel's state unknown."""
        self._held = None
        super().data(data)  # type: ignore[misc]

    def display(self, image: Image.Image) -> None:
        """Show a mode "1" image of the device's size: only what changed, or all when unknown."""
        assert image.mode == self.mode  # type: ignore[attr-defined]
        assert image.size == self.size  # type: ignore[attr-defined]
        turned = self.preprocess(image)  # type: ignore[attr-defined]
        shown = turned.im if CORE else turned  # picture(turned)
        if turned is image:  # the caller may draw on it later
            shown = shown.copy()
        old = self._held if self._held_rotate == self.rotate else None
        self._held = None  # unknown until every write has gone through
        write = self._write
        if write is None:
            write = self._write = panel_wire.writer(self._serial_interface)
        if old is None:
            self._send(write, *self._whole(shown))
            self.frames_whole += 1
        else:
            found = changes(old, shown, self.merge)
            if found:
                cost = WINDOW_COST * len(found) + (self._switch if self._mode != VERTICAL else 0)
                for _, data in found:
                    cost += len(data)
                # as costly as the whole frame (SSD130x: one window; SH1106: one a page)
                if cost >= self._w * self._pages + WINDOW_COST * (1 if self.merge else self._pages):
                    self._send(write, *self._whole(shown))
                else:
                    self._send(write, self._partial(found), VERTICAL)
            self.frames_partial += 1
        self._held = shown
        self._held_rotate = self.rotate

    def _send(self, write: Any, writes: panel_wire.Writes, mode: int) -> None:
        """Write; the panel is in ``mode`` after it, in an unknown state if it raised."""
        try:
            write(writes)
        except BaseException:
            self._mode = None
            raise
        self._mode = mode

    def _partial(self, found: list[tuple[Window, bytes]]) -> panel_wire.Writes:
        """The writes of the changed windows (see :func:`changes`)."""
        addresses, writes = self._addresses, []
        for window, data in found:
            cmd = addresses.get(window)
            if cmd is None:
                if len(addresses) >= 1024:
                    addresses.clear()
                cmd = addresses[window] = self._address(*window)
            writes.append((cmd, data))
        return writes

    def _whole(self, image: Any) -> tuple[panel_wire.Writes, int]:
        """The writes of the whole frame (as luma.oled's own ``display()`` sends it, in the
        addressing mode luma sets), and the addressing mode the panel is in after them."""
        raise NotImplementedError

    def _address(self, p0: int, p1: int, c0: int, c1: int) -> bytes:
        """The commands that address a window (pages ``p0``-``p1``, columns ``c0``-``c1``)."""
        raise NotImplementedError


class _Windowed(_Thrifty):
    """SSD1306-family addressing: column and page windows; changes in vertical mode (the mode
    command with the first change after luma's init), whole frames in the mode the panel is
    in (horizontal after luma's init, as luma sends them), the mode set again if unknown."""

    _colstart: int
    merge = True
    _switch = 2

    def _whole(self, image: Any) -> tuple[panel_wire.Writes, int]:
        last = self._pages - 1
        cmd = self._address(0, last, 0, self._w - 1)
        if self._mode == VERTICAL:  # after changes: the same bytes, column after column
            return [(cmd, band(image, (0, 0, self._w, 8 * self._pages)))], VERTICAL
        if self._mode is None:  # unknown: set it (2 bytes more)
            cmd = bytes((MEMORYMODE, HORIZONTAL)) + cmd
        return [(cmd, window_bytes(image, (0, last, 0, self._w - 1)))], HORIZONTAL

    def _partial(self, found: list[tuple[Window, bytes]]) -> panel_wire.Writes:
        writes = super()._partial(found)
        if self._mode != VERTICAL:
            cmd, data = writes[0]
            writes[0] = (bytes((MEMORYMODE, VERTICAL)) + cmd, data)
        return writes

    def _address(self, p0: int, p1: int, c0: int, c1: int) -> bytes:
        start = self._colstart
        return bytes((COLUMNADDR, start + c0, start + c1, PAGEADDR, p0, p1))


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

    def _whole(self, image: Any) -> tuple[panel_wire.Writes, int]:
        n = self._pages
        data = band(image, (0, 0, self._w, 8 * n))
        return [(self._address(p, p, 0, 0), data[p::n]) for p in range(n)], HORIZONTAL

    def _address(self, p0: int, p1: int, c0: int, c1: int) -> bytes:
        ram = c0 + self._page_address_offset
        return bytes((SETPAGE | p0, SETLOWCOLUMN | (ram & 0x0F), SETHIGHCOLUMN | (ram >> 4)))


#: The config's ``display.driver`` names and their classes.
DRIVERS: dict[str, type[Any]] = {
    "ssd1306": ssd1306,
    "ssd1309": ssd1309,
    "ssd1315": ssd1315,
    "sh1106": sh1106,
}
