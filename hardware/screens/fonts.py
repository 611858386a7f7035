"""The Spleen bitmap fonts (BSD-2-Clause), read from their PSF files and drawn glyph by glyph.

No FreeType and no system font lookup, so the pixels are the same on every machine. Spleen
has no Cyrillic: a character Spleen lacks comes from the size's fallback font (Terminus,
OFL, for 6x12, 8x16 and 16x32; X11 misc-fixed 5x8, public domain), read only when first
needed, its baseline on Spleen's.
"""

from __future__ import annotations

import struct
import zlib
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from hardware.i18n import localize
from hardware.screens.icons import ARROWS, ON, SUIT_SYMBOLS, icon

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"


def _gunzip(path: Path) -> bytes:
    """A ``.gz`` file's bytes (zlib's gzip mode: no ``gzip`` module to import)."""
    return zlib.decompress(path.read_bytes(), wbits=zlib.MAX_WBITS | 16)


class Bitmaps:
    """A font file's glyph bitmaps, each sliced from the file's bytes when asked for (a
    screen draws a few dozen of the hundreds)."""

    __slots__ = ("_count", "_data", "_size", "_start")

    def __init__(self, data: bytes, start: int, size: int, count: int) -> None:
        self._data, self._start, self._size, self._count = data, start, size, count

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index: int) -> bytes:
        if not 0 <= index < self._count:
            raise IndexError(index)
        start = self._start + index * self._size
        return self._data[start : start + self._size]


def _read_psf(data: bytes) -> tuple[int, int, Bitmaps, dict[str, int]]:
    """Width, height, glyph bitmaps and the character table of a PSF1 or PSF2 font."""
    table: dict[str, int] = {}
    if data[:2] == b"\x36\x04":
        mode, height = data[2], data[3]
        count = 512 if mode & 1 else 256
        glyphs = Bitmaps(data, 4, height, count)
        pos, index = 4 + count * height, 0
        values = struct.unpack_from(f"<{(len(data) - pos) // 2}H", data, pos)  # one call
        for value in values:
            if value == 0xFFFF:
                index += 1
                if index == count:
                    break
            elif value != 0xFFFE:
                table.setdefault(chr(value), index)
        return 8, height, glyphs, table
    if data[:4] != b"\x72\xb5\x4a\x86":
        raise ValueError("not a PSF font")
    _, header, flags, count, size, height, width = struct.unpack_from("<7I", data, 4)
    glyphs = Bitmaps(data, header, size, count)
    if flags & 1:
        entries = data[header + count * size :].split(b"\xff")
        for index, entry in enumerate(entries[:count]):
            for ch in entry.split(b"\xfe")[0].decode("utf-8"):
                table.setdefault(ch, index)
    return width, height, glyphs, table


#: The fallback font of each Spleen size (for Cyrillic).
FALLBACKS = {
    "5x8": "misc-fixed-5x8.psfu.gz",
    "6x12": "Uni2-Terminus12x6.psf.gz",
    "8x16": "Uni2-Terminus16.psf.gz",
    "16x32": "Uni2-Terminus32x16.psf.gz",
}
#: The characters taken from the fallback font: Cyrillic (and, in a language other than
#: English, the accented letters Spleen 5x8 leaves blank: English screens stay as they were).
FALLBACK_CHARS = ("\u0400", "\u04ff")


def _wanted(ch: str) -> bool:
    return FALLBACK_CHARS[0] <= ch <= FALLBACK_CHARS[1]


class Font:
    """A monospaced bitmap font read from a Spleen PSF file, drawn without FreeType.

    ``rows`` keeps only that band of each glyph (the big digits drop empty rows);
    ``bold`` ors each glyph with itself shifted one pixel right; ``icon`` is the size of
    the suit icons that go with the text. The PSF file is read when the font is first used.
    """

    advance: int
    height: int
    baseline: int

    def __init__(
        self, name: str, icon: int, rows: tuple[int, int] | None = None, bold: bool = False
    ) -> None:
        self.icon = icon
        self._args = (name, rows, bold)

    def __getattr__(self, attr: str) -> Any:
        """The font's metrics and glyph tables, read from its file on first use."""
        args = self.__dict__.get("_args")
        if args is None or attr.startswith("__"):
            raise AttributeError(attr)
        del self._args
        self._read(*args)
        return getattr(self, attr)

    def _read(self, name: str, rows: tuple[int, int] | None, bold: bool) -> None:
        data = _gunzip(FONT_DIR / f"spleen-{name}.psfu.gz")
        width, height, glyphs, table = _read_psf(data)
        self._fallback_name = FALLBACKS.get(name)
        self._fallback: tuple[Bitmaps, dict[str, int], int] | None = None
        top, bottom = rows or (0, height)
        self.advance = width
        self.height = bottom - top
        self._glyphs: dict[str, Image.Image] = {}
        self._stride = (width + 7) // 8
        self._rows = (top, bottom)
        self._bold = bold
        self._full_height = height
        self._bitmaps = glyphs
        self._table = {
            ch: index
            for ch, index in table.items()
            if " " <= ch <= "~" or "\xa0" <= ch <= "\xff" or ch == "\u2212"
        }
        self._chosen: dict[str, Image.Image | None] = {}  # glyph()'s answers, by character
        box = self._make("H").getbbox()
        assert box is not None
        self.baseline = box[3]  # the row under the capitals
        self._full_baseline = self.baseline + top
        dots = Image.new("1", (width, self.height))
        for x in range(0, min(width, 6), 2):
            dots.putpixel((x + (width > 6), self.baseline - 1), ON)
        self._glyphs["…"] = dots

    def _make(self, ch: str, backup: bool = False) -> Image.Image:
        """Build (once) the glyph image of a character the font (or its fallback) has."""
        key = "\0" + ch if backup else ch
        image = self._glyphs.get(key)
        if image is None:
            # PSF rows are packed like PIL's "1" mode: MSB first, ``stride`` bytes a row.
            size = (self._stride * 8, self._full_height)
            if not backup:
                image = Image.frombytes("1", size, self._bitmaps[self._table[ch]])
            else:
                glyphs, table, shift = self._backup()
                image = Image.new("1", size)
                image.paste(Image.frombytes("1", size, glyphs[table[ch]]), (0, shift))
            image = image.crop((0, self._rows[0], self.advance, self._rows[1]))
            if self._bold:
                shifted = Image.new("1", image.size)
                shifted.paste(image.crop((0, 0, self.advance - 1, image.height)), (1, 0))
                image = ImageChops.logical_or(image, shifted)
            self._glyphs[key] = image
        return image

    def _backup(self) -> tuple[Bitmaps, dict[str, int], int]:
        """The fallback font's glyphs, its table and the rows it moves down to Spleen's."""
        if self._fallback is None:
            glyphs = Bitmaps(b"", 0, 0, 0)
            table: dict[str, int] = {}
            shift = 0
            if self._fallback_name is not None:
                data = _gunzip(FONT_DIR / self._fallback_name)
                width, height, glyphs, full = _read_psf(data)
                if (width, height) == (self.advance, self._full_height):
                    table = {ch: i for ch, i in full.items() if _wanted(ch) or self._is_blank(ch)}
                    en = glyphs[table["\u041d"]]  # Cyrillic EN, drawn as Latin H
                    box = Image.frombytes("1", (self._stride * 8, height), en).getbbox()
                    shift = self._full_baseline - (box[3] if box else height)
            self._fallback = (glyphs, table, shift)
        return self._fallback

    def glyph(self, ch: str) -> Image.Image | None:
        """The glyph for ``ch`` (accents dropped when the font lacks it), None for icons.

        Glyphs are built on first use: a screen needs a few dozen of the font's hundreds.
        """
        try:
            return self._chosen[ch]
        except KeyError:
            image = self._chosen[ch] = self._choose(ch)
            return image

    def _is_blank(self, ch: str) -> bool:
        """True when the font has ``ch`` but draws nothing for it (Spleen 5x8's accents)."""
        index = self._table.get(ch)
        return index is not None and ch not in " \xa0" and not self._bitmaps[index].strip(b"\0")

    def _choose(self, ch: str) -> Image.Image | None:
        if ch in SUIT_SYMBOLS or ch in ARROWS:
            return None
        if self._is_blank(ch) and ch in self._backup()[1]:
            return self._make(ch, backup=True)
        if ch in self._glyphs:
            return self._glyphs[ch]
        if ch not in self._table and not (_wanted(ch) and ch in self._backup()[1]):
            import unicodedata  # only for a character no font has: its letter without accent

            base = unicodedata.normalize("NFKD", ch)[:1]
            ch = base if base in self._table else "?"
        return self._make(ch, backup=ch not in self._table)

    def has(self, ch: str) -> bool:
        """True when ``ch`` is drawn as itself (not blank, not a stand-in), in this language."""
        if ch in SUIT_SYMBOLS or ch in ARROWS or ch in " \xa0":
            return True
        if self._is_blank(ch):
            return ch in self._backup()[1]
        return ch in self._table or (_wanted(ch) and ch in self._backup()[1])

    def icon_for(self, ch: str) -> Image.Image:
        """The bitmap of a suit or an arrow at this font's size."""
        return icon(ch, 5 if ch in ARROWS else self.icon)

    def width(self, text: str) -> int:
        """The width in pixels of ``text`` (a Message in the table's language) in this font."""
        total = 0
        for ch in localize(text):
            total += self.advance if self.glyph(ch) else self.icon_for(ch).width + 1
        return total

    def fit(self, text: str, width: int) -> str:
        """``text``, or its longest prefix with an ellipsis, that fits in ``width`` pixels."""
        text = localize(text)
        if self.width(text) <= width:
            return text
        while text and self.width(text.rstrip() + "…") > width:
            text = text[:-1]
        return text.rstrip() + "…" if text else ""

    def wrap(self, text: str, width: int, lines: int) -> list[str]:
        """``text`` in at most ``lines`` lines of ``width`` pixels, broken between words."""
        out: list[str] = []
        words = localize(text).split()
        while words and len(out) < lines:
            line = words.pop(0)
            while words and self.width(line + " " + words[0]) <= width:
                line += " " + words.pop(0)
            out.append(line)
        if words and out:
            out[-1] = self.fit(out[-1] + " " + " ".join(words), width)
            if not out[-1].endswith("…"):
                out[-1] = self.fit(out[-1] + "……", width)
        return [self.fit(line, width) for line in out]


@cache
def fonts() -> tuple[Font, Font, Font, Font]:
    """The four fonts: tiny 5x8, small 6x12, medium 8x16 and big bold digits 16x32."""
    return (
        Font("5x8", 5),
        Font("6x12", 7),
        Font("8x16", 9),
        Font("16x32", 18, rows=(6, 26), bold=True),
    )
