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
from PIL import Image, ImageChops
from PIL import _imaging as pil_core  # Pillow's C module (Image.core)

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


def _band_public(image: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    """:func:`band` with Pillow's public calls."""
    return image.crop(box).transpose(Image.Transpose.ROTATE_270).tobytes()


def _band_core(image: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    """:func:`band` on Pillow's C image (what ``crop``, ``transpose`` and ``tobytes`` call,
    without their Python-level checks and image objects: half the time of a small change)."""
    turned = image.im.crop(box).transpose(ROTATE_270)
    encoder = pil_core.raw_encoder("1", "1")
    encoder.setimage(turned, (0, 0, *turned.size))
    chunks = []
    while True:
        _, status, chunk = encoder.encode(BUFSIZE)
        chunks.append(chunk)
        if status:
            break
    if status < 0:  # not seen: Pillow's tobytes raises the same
        raise RuntimeError(f"encoder error {status} packing the frame")
    return b"".join(chunks)


def _spans_public(old: Image.Image, new: Image.Image) -> list[tuple[int, int, int]]:
    """:func:`changed_spans` with Pillow's public calls."""
    diff = ImageChops.difference(old, new)
    box = diff.getbbox()
    if box is None:
        return []
    x0, y0, x1, y1 = box
    out = []
    for page in range(y0 >> 3, ((y1 - 1) >> 3) + 1):
        span = diff.crop((x0, 8 * page, x1, 8 * page + 8)).getbbox()
        if span is not None:
            out.append((page, x0 + span[0], x0 + span[2] - 1))
    return out


def _spans_core(old: Image.Image, new: Image.Image) -> list[tuple[int, int, int]]:
    """:func:`changed_spans` on Pillow's C images (what ``ImageChops.difference`` calls)."""
    diff = old.im.chop_difference(new.im)
    box = diff.getbbox()
    if box is None:
        return []
    x0, y0, x1, y1 = box
    out = []
    for page in range(y0 >> 3, ((y1 - 1) >> 3) + 1):
        span = diff.crop((x0, 8 * page, x1, 8 * page + 8)).getbbox()
        if span is not None:
            out.append((page, x0 + span[0], x0 + span[2] - 1))
    return out


#: Pillow's C image calls behind crop, transpose, tobytes and ImageChops.difference; the
#: public calls stand in should a Pillow lack one (the tests run both and compare them).
ROTATE_270 = int(Image.Transpose.ROTATE_270)
BUFSIZE = 4096
CORE = all(
    hasattr(pil_core, "raw_encoder") and hasattr(pil_core.new("1", (1, 1)), name)
    for name in ("crop", "transpose", "chop_difference", "getbbox")
)
band = _band_core if CORE else _band_public
changed_spans = _spans_core if CORE else _spans_public
band.__doc__ = """The pixels of ``box`` (rows a multiple of 8) turned a quarter clockwise and
packed: each column of the box a row, from its bottom pixel to its top one, 8 pixels a byte,
the first in the high bit (so the top pixel of each page in bit 0, as the panels want)."""
changed_spans.__doc__ = """``(page, first column, last column)`` of each 8-row page where the
two pictures differ, found in C (the difference image, its bounding box, that of each page)."""


def window_bytes(image: Image.Image, window: tuple[int, int, int, int]) -> bytes:
    """The panel's bytes of ``window = (p0, p1, c0, c1)``, pages ``p0`` to ``p1`` and columns
    ``c0`` to ``c1``, page after page, per page one byte a column, its top pixel in bit 0.

    In :func:`band` of those pages byte ``i * pages + p1 - p`` is column ``c0 + i`` of
    page ``p``.
    """
    p0, p1, c0, c1 = window
    data = band(image, (c0, 8 * p0, c1 + 1, 8 * p1 + 8))
    if p0 == p1:
        return data
    pages = p1 - p0 + 1
    return b"".join([data[p1 - p :: pages] for p in range(p0, p1 + 1)])


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
        self._held: Image.Image | None = None  # the picture in the panel's RAM, when known
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
        shown = self.preprocess(image)  # type: ignore[attr-defined]
        if shown is image:  # the caller may draw on it later
            shown = shown._new(shown.im.copy()) if CORE else shown.copy()
        old = self._held if self._held_rotate == self.rotate else None
        self._held = None  # unknown until every write has gone through
        if old is None:
            self._send_all(shown)
            self.frames_whole += 1
        else:
            spans = changed_spans(old, shown)
            if spans:
                self._send_changes(shown, spans)
            self.frames_partial += 1
        self._held = shown
        self._held_rotate = self.rotate

    def _send_all(self, image: Image.Image) -> None:
        raise NotImplementedError

    def _send_changes(self, image: Image.Image, spans: list[tuple[int, int, int]]) -> None:
        raise NotImplementedError


class _Windowed(_Thrifty):
    """SSD1306-family addressing: column and page windows in horizontal addressing mode."""

    _colstart: int

    def _send_all(self, image: Image.Image) -> None:
        start, serial, last = self._colstart, self._serial_interface, self._pages - 1
        serial.command(COLUMNADDR, start, start + self._w - 1, PAGEADDR, 0, last)
        serial.data(window_bytes(image, (0, last, 0, self._w - 1)))

    def _send_changes(self, image: Image.Image, spans: list[tuple[int, int, int]]) -> None:
        start, serial = self._colstart, self._serial_interface
        found = windows(spans)
        cost = sum((p1 - p0 + 1) * (c1 - c0 + 1) + WINDOW_COST for p0, p1, c0, c1 in found)
        if cost >= self._w * self._pages + WINDOW_COST:
            self._send_all(image)  # as many bytes as the whole frame: one window is as good
            return
        for window in found:
            p0, p1, c0, c1 = window
            serial.command(COLUMNADDR, start + c0, start + c1, PAGEADDR, p0, p1)
            serial.data(window_bytes(image, window))


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

    def _send_all(self, image: Image.Image) -> None:
        n = self._pages
        data = band(image, (0, 0, self._w, 8 * n))
        for p in range(n):
            self._send_page(p, 0, data[n - 1 - p :: n])

    def _send_changes(self, image: Image.Image, spans: list[tuple[int, int, int]]) -> None:
        for p, first, last in spans:
            self._send_page(p, first, band(image, (first, 8 * p, last + 1, 8 * p + 8)))

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
