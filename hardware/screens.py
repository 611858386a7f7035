"""Every screen drawn: ``render(view, size) -> Image``, a pure function of the view.

Text uses the Spleen bitmap fonts shipped in ``hardware/fonts`` (BSD-2-Clause), read from
their PSF files and drawn glyph by glyph: no FreeType and no system font lookup, so the
pixels are the same on every machine. Suits (♠♥♦♣), arrows and the ellipsis are small
bitmaps drawn here, never font glyphs; any text may hold them.

>>> from kaiser_core.views import BidderView
>>> from kaiser_core.cards import Seat
>>> render(BidderView(Seat.N)).size
(128, 64)
"""

from __future__ import annotations

import gzip
import struct
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from kaiser_core.cards import Seat
from kaiser_core.views import (
    AskSpecialView,
    BidderView,
    BidView,
    CardsView,
    ContractLabel,
    GameOverView,
    ListView,
    LiveContract,
    MenuView,
    NewGameView,
    QuickView,
    ScoreView,
    SummaryView,
    TricksView,
    View,
)

FONT_DIR = Path(__file__).resolve().parent / "fonts"
SIZE = (128, 64)
ON = 255  # a lit pixel in a mode "1" image

# -- bitmap icons -----------------------------------------------------------------------------
# Suits in three sizes (5, 7, 9 px) and arrows; "#" is a lit pixel.
_PATTERNS: dict[tuple[str, int], str] = {
    ("♠", 5): "..#.. .###. ##### ..#.. .###.",
    ("♥", 5): "##.## ##### ##### .###. ..#..",
    ("♦", 5): "..#.. .###. ##### .###. ..#..",
    ("♣", 5): ".###. .###. ##### ##### ..#..",
    ("♠", 7): "...#... ..###.. .#####. ####### ####### ...#... ..###..",
    ("♥", 7): ".##.##. ####### ####### ####### .#####. ..###.. ...#...",
    ("♦", 7): "...#... ..###.. .#####. ####### .#####. ..###.. ...#...",
    ("♣", 7): "..###.. ..###.. ##.#.## ####### ##.#.## ...#... ..###..",
    ("♠", 9): (
        "....#.... ...###... ..#####.. .#######. ######### ######### .##.#.##. ....#.... ..#####.."
    ),
    ("♥", 9): (
        ".##...##. ####.#### ######### ######### ######### .#######. ..#####.. ...###... ....#...."
    ),
    ("♦", 9): (
        "....#.... ...###... ..#####.. .#######. ######### .#######. ..#####.. ...###... ....#...."
    ),
    ("♣", 9): (
        "...###... ..#####.. ..#####.. .##.#.##. ######### ######### .##.#.##. ...###... ..#####.."
    ),
    ("▲", 5): "..#.. .###. #####",
    ("▼", 5): "##### .###. ..#..",
    ("◀", 5): "..# .## ### .## ..#",
    ("▶", 5): "#.. ##. ### ##. #..",
}
SUIT_SYMBOLS = "♠♥♦♣"


@cache
def icon(symbol: str, size: int) -> Image.Image:
    """A mode "1" bitmap of a suit or arrow, ``size`` 5, 7, 9 or 18 (9 doubled)."""
    if size == 18:
        small = icon(symbol, 9)
        return small.resize((small.width * 2, small.height * 2), Image.Resampling.NEAREST)
    rows = _PATTERNS[(symbol, size)].split()
    image = Image.new("1", (len(rows[0]), len(rows)))
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "#":
                image.putpixel((x, y), ON)
    return image


# -- fonts ------------------------------------------------------------------------------------
def _read_psf(data: bytes) -> tuple[int, int, list[bytes], dict[str, int]]:
    """Width, height, glyph bitmaps and the character table of a PSF1 or PSF2 font."""
    table: dict[str, int] = {}
    if data[:2] == b"\x36\x04":
        mode, height = data[2], data[3]
        count = 512 if mode & 1 else 256
        glyphs = [data[4 + i * height : 4 + (i + 1) * height] for i in range(count)]
        pos, index = 4 + count * height, 0
        while pos + 1 < len(data) and index < count:
            (value,) = struct.unpack_from("<H", data, pos)
            pos += 2
            if value == 0xFFFF:
                index += 1
            elif value != 0xFFFE:
                table.setdefault(chr(value), index)
        return 8, height, glyphs, table
    if data[:4] != b"\x72\xb5\x4a\x86":
        raise ValueError("not a PSF font")
    _, header, flags, count, size, height, width = struct.unpack_from("<7I", data, 4)
    glyphs = [data[header + i * size : header + (i + 1) * size] for i in range(count)]
    if flags & 1:
        entries = data[header + count * size :].split(b"\xff")
        for index, entry in enumerate(entries[:count]):
            for ch in entry.split(b"\xfe")[0].decode("utf-8"):
                table.setdefault(ch, index)
    return width, height, glyphs, table


class Font:
    """A monospaced bitmap font read from a Spleen PSF file, drawn without FreeType.

    ``rows`` keeps only that band of each glyph (the big digits drop empty rows);
    ``bold`` ors each glyph with itself shifted one pixel right; ``icon`` is the size of
    the suit icons that go with the text.
    """

    def __init__(
        self, name: str, icon: int, rows: tuple[int, int] | None = None, bold: bool = False
    ) -> None:
        data = gzip.decompress((FONT_DIR / f"spleen-{name}.psfu.gz").read_bytes())
        width, height, glyphs, table = _read_psf(data)
        top, bottom = rows or (0, height)
        self.advance = width
        self.height = bottom - top
        self.icon = icon
        self._glyphs: dict[str, Image.Image] = {}
        self._stride = (width + 7) // 8
        self._rows = (top, bottom)
        self._bold = bold
        self._full_height = height
        self._bitmaps = glyphs
        self._table = {
            ch: index for ch, index in table.items() if " " <= ch <= "~" or "\xa0" <= ch <= "\xff"
        }
        box = self._make("H").getbbox()
        assert box is not None
        self.baseline = box[3]  # the row under the capitals
        dots = Image.new("1", (width, self.height))
        for x in range(0, min(width, 6), 2):
            dots.putpixel((x + (width > 6), self.baseline - 1), ON)
        self._glyphs["…"] = dots

    def _make(self, ch: str) -> Image.Image:
        """Build (once) the glyph image of a character the font has."""
        image = self._glyphs.get(ch)
        if image is None:
            # PSF rows are packed like PIL's "1" mode: MSB first, ``stride`` bytes a row.
            raw = self._bitmaps[self._table[ch]]
            image = Image.frombytes("1", (self._stride * 8, self._full_height), raw)
            image = image.crop((0, self._rows[0], self.advance, self._rows[1]))
            if self._bold:
                shifted = Image.new("1", image.size)
                shifted.paste(image.crop((0, 0, self.advance - 1, image.height)), (1, 0))
                image = ImageChops.logical_or(image, shifted)
            self._glyphs[ch] = image
        return image

    def glyph(self, ch: str) -> Image.Image | None:
        """The glyph for ``ch`` (accents dropped when the font lacks it), None for icons.

        Glyphs are built on first use: a screen needs a few dozen of the font's hundreds.
        """
        if ch in SUIT_SYMBOLS or ch in "▲▼◀▶":
            return None
        if ch in self._glyphs:
            return self._glyphs[ch]
        if ch not in self._table:
            base = unicodedata.normalize("NFKD", ch)[:1]
            ch = base if base in self._table else "?"
        return self._make(ch)

    def icon_for(self, ch: str) -> Image.Image:
        """The bitmap of a suit or an arrow at this font's size."""
        return icon(ch, 5 if ch in "▲▼◀▶" else self.icon)

    def width(self, text: str) -> int:
        """The width in pixels of ``text`` drawn in this font."""
        total = 0
        for ch in text:
            total += self.advance if self.glyph(ch) else self.icon_for(ch).width + 1
        return total

    def fit(self, text: str, width: int) -> str:
        """``text``, or its longest prefix with an ellipsis, that fits in ``width`` pixels."""
        if self.width(text) <= width:
            return text
        while text and self.width(text.rstrip() + "…") > width:
            text = text[:-1]
        return text.rstrip() + "…" if text else ""

    def wrap(self, text: str, width: int, lines: int) -> list[str]:
        """``text`` in at most ``lines`` lines of ``width`` pixels, broken between words."""
        out: list[str] = []
        words = text.split()
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


# -- a canvas that can be offset, so tests can see anything drawn outside the frame ----------
class Pen:
    """Draws on ``image`` with the screen's (0, 0) at ``origin``; ``w``, ``h`` its size."""

    def __init__(self, image: Image.Image, origin: tuple[int, int], size: tuple[int, int]):
        self.draw = ImageDraw.Draw(image)
        self.ox, self.oy = origin
        self.w, self.h = size

    def rect(self, box: tuple[int, int, int, int], fill: int | None = ON, outline: Any = None):
        """A rectangle, corners inclusive as in PIL."""
        x0, y0, x1, y1 = box
        self.draw.rectangle(
            (x0 + self.ox, y0 + self.oy, x1 + self.ox, y1 + self.oy), fill=fill, outline=outline
        )

    def line(self, x0: int, y0: int, x1: int, y1: int, fill: int = ON) -> None:
        """A straight line, ends inclusive."""
        self.draw.line((x0 + self.ox, y0 + self.oy, x1 + self.ox, y1 + self.oy), fill=fill)

    def bitmap(self, x: int, y: int, mask: Image.Image, fill: int = ON) -> None:
        """The lit pixels of ``mask`` in ``fill`` with its top left at (x, y)."""
        self.draw.bitmap((x + self.ox, y + self.oy), mask, fill=fill)

    def text(self, x: int, y: int, text: str, font: Font, fill: int = ON) -> int:
        """``text`` with its cell's top left at (x, y); returns the x after it."""
        for ch in text:
            glyph = font.glyph(ch)
            if glyph is not None:
                self.bitmap(x, y, glyph, fill)
                x += font.advance
            else:
                mark = font.icon_for(ch)
                self.bitmap(x, y + font.baseline - mark.height, mark, fill)
                x += mark.width + 1
        return x

    def right(self, x: int, y: int, text: str, font: Font, fill: int = ON) -> None:
        """``text`` ending at x."""
        self.text(x - font.width(text), y, text, font, fill)

    def center(self, x: int, y: int, text: str, font: Font, fill: int = ON) -> None:
        """``text`` centred on x."""
        self.text(x - font.width(text) // 2, y, text, font, fill)

    def chip(self, x: int, y: int, text: str, font: Font, inverted: bool = True) -> int:
        """``text`` in a box one pixel wider all round, lit (inverted) or outlined."""
        w = font.width(text)
        box = (x, y, x + w + 2, y + font.height)
        if inverted:
            self.rect(box)
        else:
            self.rect(box, fill=None, outline=ON)
        self.text(x + 2, y + 1, text, font, fill=0 if inverted else ON)
        return x + w + 3


# -- pieces shared by several screens --------------------------------------------------------
def message_bar(pen: Pen, message: str) -> int:
    """The inverted message bar at the bottom (one or two lines); returns its top y."""
    if not message:
        return pen.h
    tiny = fonts()[0]
    lines = tiny.wrap(message, pen.w - 4, 2)
    top = pen.h - len(lines) * 9 - 1
    pen.rect((0, top, pen.w - 1, pen.h - 1))
    for i, line in enumerate(lines):
        pen.center(pen.w // 2, top + 1 + i * 9, line, tiny, fill=0)
    return top - 1


def contract_text(c: ContractLabel) -> str:
    """``E 8♥``, ``W 7NT low``."""
    return c.text


def compass(
    pen: Pen,
    box: tuple[int, int, int, int],
    labels: dict[Seat, str],
    highlight: Seat | None = None,
    font: Font | None = None,
    arrows: bool = False,
    framed: Seat | None = None,
) -> None:
    """Seats around a table in ``box`` (x0, y0, x1, y1 exclusive): N up, E right, S down, W left.

    ``highlight`` inverts a seat's label, ``framed`` outlines it; ``arrows`` draws the
    table with an arrow toward each seat (the joystick's directions).
    """
    font = font or fonts()[1]
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    h = font.height + 1
    for seat in Seat:
        label = labels[seat]
        w = font.width(label) + 3
        x, y = {
            Seat.N: (cx - w // 2, y0),
            Seat.S: (cx - w // 2, y1 - h),
            Seat.W: (x0, cy - h // 2),
            Seat.E: (x1 - w, cy - h // 2),
        }[seat]
        if seat is highlight:
            pen.chip(x, y, label, font)
        elif seat is framed:
            pen.chip(x, y, label, font, inverted=False)
        else:
            pen.text(x + 2, y + 1, label, font)
    if arrows and y1 - y0 >= 46:
        pen.rect((cx - 6, cy - 4, cx + 6, cy + 4), fill=None, outline=ON)
        pen.bitmap(cx - 2, cy - 8, icon("▲", 5))
        pen.bitmap(cx - 2, cy + 6, icon("▼", 5))
        pen.bitmap(cx - 10, cy - 2, icon("◀", 5))
        pen.bitmap(cx + 8, cy - 2, icon("▶", 5))


def signed(n: int) -> str:
    """``+11``, ``-3``, ``0``."""
    return f"{n:+d}" if n else "0"


def live_text(live: LiveContract) -> str:
    """``pts 6/8 max 10``: points so far of those needed, the most still possible."""
    return f"pts {live.points}/{live.needed} max {live.most_possible}"


def status_chip(pen: Pen, x_right: int, y: int, status: str) -> None:
    """MADE or SET in an inverted box ending at ``x_right``."""
    if status:
        small = fonts()[1]
        pen.chip(x_right - small.width(status) - 3, y, status, small)


# -- the screens ------------------------------------------------------------------------------
def _new_game(pen: Pen, v: NewGameView) -> None:
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, "NEW GAME", mid)
    pen.text(0, 18, "Who deals?", small)
    if bottom >= 48:
        pen.text(0, 31, "push toward", tiny)
        pen.text(0, 39, "the dealer", tiny)
    if bottom >= 57:
        x = pen.chip(0, 48, "OK", tiny)
        pen.text(x + 2, 49, "random", tiny)
    compass(pen, (72, 0, pen.w, min(bottom + 1, 58)), {s: s.code for s in Seat}, arrows=True)


def _score(pen: Pen, v: ScoreView) -> None:
    tiny, small, _, big = fonts()
    bottom = message_bar(pen, v.message)
    half = pen.w // 2
    for team, left in ((v.ns, True), (v.ew, False)):
        games = v.series[0 if left else 1] if v.series else None
        chip = f"{games}" if games is not None else ""
        room = half - 3 - (tiny.width(chip) + 4 if chip else 0)
        name = small.fit(team.name, room)
        if left:
            x = pen.text(0, 0, name, small)
            if chip:
                pen.chip(x + 1, 1, chip, tiny)
            pen.text(0, 12, str(team.total), big)
        else:
            x = pen.w - small.width(name)
            pen.text(x, 0, name, small)
            if chip:
                pen.chip(x - tiny.width(chip) - 4, 1, chip, tiny)
            pen.right(pen.w, 12, str(team.total), big)
    pen.center(half, 13, "to", tiny)
    pen.center(half, 22, str(v.target), tiny)
    pen.line(0, 33, pen.w - 1, 33)
    if bottom >= 35 + 12:
        x = pen.text(0, 35, f"{v.dealer.code} deals,", small)
        pen.text(x + 6, 35, f"{v.first_bidder.code} bids", small)
        pen.right(pen.w, 37, f"#{v.hand_number}", tiny)
    y = 48
    room = max(0, (bottom + 1 - y) // 8)
    lines: list[str] = []
    for warning in v.warnings:
        for team in (v.ns, v.ew):  # a long name gives way to the team's code
            if small.width(team.name) > pen.w // 3:
                warning = warning.replace(team.name, team.team.code)
        # one line each when there are as many warnings as lines, else wrap the first
        share = 1 if len(v.warnings) >= room else room - len(lines)
        lines += tiny.wrap(warning, pen.w, max(0, share))
    for line in lines[:room]:
        pen.text(0, y, line, tiny)
        y += 8


def _bidder(pen: Pen, v: BidderView) -> None:
    tiny, _, mid, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, "BID WON BY?", mid)
    pen.text(0, 19, "push toward", tiny)
    pen.text(0, 27, "the bidder", tiny)
    if bottom >= 44:
        pen.text(0, 36, f"{v.dealer.code} dealt", tiny)
    if bottom >= 64:
        x = pen.chip(0, 45, "A", tiny)
        pen.text(x + 2, 46, "redeal", tiny)
        x = pen.chip(0, 55, "B", tiny)
        pen.text(x + 2, 56, "back", tiny)
    compass(pen, (72, 16, pen.w, min(bottom + 1, 64)), {s: s.code for s in Seat}, arrows=True)


def _bid(pen: Pen, v: BidView) -> None:
    tiny, small, _, big = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, f"{v.bidder.code} bids", small)
    pen.right(pen.w, 2, f"min {v.minimum}", tiny)
    number = str(v.number)
    trump_w = 18 if v.trump else big.width("NT")
    gap = 4
    x = (pen.w - big.width(number) - gap - trump_w) // 2
    pen.text(x, 15, number, big)
    tx = x + big.width(number) + gap
    if v.trump:
        pen.bitmap(tx, 16, icon(v.trump.symbol, 18))
    else:
        pen.text(tx, 15, "NT", big)
    if v.low:
        pen.chip(pen.w // 2 - 11, 39, "low", small)
    if bottom >= 63:
        pen.text(0, 56, "▲▼ bid  ◀▶ trump", tiny)
        if v.low_allowed:
            pen.right(pen.w, 56, "low", tiny)
            pen.chip(pen.w - 25, 55, "A", tiny)


def _specials(pen: Pen, x: int, y: int, five: Seat | None, three: Seat | None) -> None:
    small = fonts()[1]
    x = pen.text(x, y, f"5♥ {five.code if five else '-'}", small)
    pen.text(x + 6, y, f"3♠ {three.code if three else '-'}", small)


def _tricks(pen: Pen, v: TricksView) -> None:
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, contract_text(v.contract), small)
    pen.right(pen.w, 0, f"trick {v.trick}/{v.of}", small)
    pen.line(0, 12, pen.w - 1, 12)
    pen.text(0, 14, f"NS {v.tricks_ns}", mid)
    pen.text(42, 14, f"EW {v.tricks_ew}", mid)
    _specials(pen, 0, 29, v.five_with, v.three_with)
    for i, (mark, label, key) in enumerate(
        ((v.mark_five, "5♥ here", "A"), (v.mark_three, "3♠ here", "B"))
    ):
        y = 14 + i * 14
        if mark:
            pen.chip(pen.w - small.width(label) - 3, y, label, small)
        else:
            x = pen.w - tiny.width(f"{key} {label[:2]}") - 1
            pen.text(x, y + 2, f"{key} {label[:2]}", tiny)
    if bottom >= 53:
        pen.text(0, 41, live_text(v.live), small)
        status_chip(pen, pen.w, 40, v.live.status)


def _cards(pen: Pen, v: CardsView) -> None:
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    if not v.reader_online:
        pen.rect((0, bottom - 9, pen.w - 1, bottom - 1))
        pen.center(pen.w // 2, bottom - 9, "reader offline", tiny, fill=0)
        bottom -= 11
    x = pen.text(0, 0, contract_text(v.contract), small)
    if v.live.status:
        pen.chip(x + 2, 0, v.live.status, small)
    lines = [f"trick {v.trick}/{v.of}", f"NS {v.tricks_ns} EW {v.tricks_ew}"]
    lines += [f"pts {v.live.points}/{v.live.needed}", f"max {v.live.most_possible}"]
    lines += [tiny.fit(r, 62) for r in v.revokes]
    y = 13
    for line in lines:
        if y + 8 > bottom + 1:
            break
        pen.text(0, y, line, tiny)
        y += 8
    played = dict(v.cards)
    showing_last = not v.cards and bool(v.last_trick)
    if showing_last:
        played = dict(v.last_trick)
    labels = {s: played[s].label if s in played else s.code for s in Seat}
    highlight = None if showing_last else v.next_seat
    if highlight is not None and highlight not in played:
        labels[highlight] = highlight.code + "?"
    box = (64, 0, pen.w, min(bottom + 1, 62))
    compass(pen, box, labels, highlight, framed=v.last_winner if showing_last else None)
    if showing_last:
        pen.center((box[0] + box[2]) // 2, (box[1] + box[3]) // 2 - 4, "last", tiny)


def _ask_special(pen: Pen, v: AskSpecialView) -> None:
    tiny, small, mid, big = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, "Who took", small)
    x = pen.text(2, 16, v.card.rank, big)
    pen.bitmap(x + 2, 17, icon(v.card.suit.symbol, 18))
    pen.text(x + 22, 16, "?", mid)
    if bottom >= 54:
        pen.text(0, 40, "push toward", tiny)
        pen.text(0, 48, "the seat", tiny)
    compass(pen, (74, 0, 128, min(bottom, 56)), {s: s.code for s in Seat}, arrows=True)


def _who(taken: str, contract: ContractLabel) -> str:
    """The team code that holds a special, from ``bidders``/``defenders``; ``?`` unset."""
    team = contract.bidder.team
    return {"bidders": team.code, "defenders": team.other.code}.get(taken, "?")


def _quick(pen: Pen, v: QuickView) -> None:
    tiny, small, _, big = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, contract_text(v.contract), small)
    pen.right(pen.w, 0, "per hand", small)
    pen.line(0, 12, pen.w - 1, 12)
    pen.text(0, 16, "bidders'", tiny)
    pen.text(0, 24, "tricks", tiny)
    pen.text(0, 32, f"of {v.of}", tiny)
    pen.bitmap(44, 16, icon("▲", 5))
    pen.bitmap(44, 34, icon("▼", 5))
    pen.text(40 if v.bidders_tricks > 9 else 50, 18, str(v.bidders_tricks), big)
    for i, (key, suit, taken) in enumerate((("A", "5♥", v.five), ("B", "3♠", v.three))):
        y = 15 + i * 14
        x = pen.chip(76, y, key, small)
        x = pen.text(x + 3, y + 1, suit, small)
        pen.chip(x + 3, y, _who(taken, v.contract), small, inverted=bool(taken))
    if bottom >= 53:
        pen.text(0, 45, "A/B: who took 5♥/3♠", tiny)


def _notes_for(team_code: str, notes: Iterable[str]) -> list[str]:
    return [n.removeprefix(team_code + " ") for n in notes if n.startswith(team_code + " ")]


def _summary(pen: Pen, v: SummaryView) -> None:
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, contract_text(v.contract), small)
    status_chip(pen, pen.w, 0, "MADE" if v.made else "SET")
    pen.line(0, 13, pen.w - 1, 13)
    columns = (("pts", 62), ("change", 96), ("total", pen.w))
    for heading, right in columns:
        pen.right(right, 15, heading, tiny)
    rows = ((v.ns, v.raw_ns, v.delta_ns), (v.ew, v.raw_ew, v.delta_ew))
    for i, (team, raw, delta) in enumerate(rows):
        y = 24 + i * 12
        name = team.name if small.width(team.name) <= 36 else team.team.code
        pen.text(0, y, name, small)
        for (_, right), value in zip(
            columns, (str(raw), signed(delta), str(team.total)), strict=True
        ):
            pen.right(right, y, value, small)
    y = 48
    for note in v.notes:
        if y + 8 > bottom + 1:
            break
        pen.text(0, y, tiny.fit(note, pen.w), tiny)
        y += 8


def _game_over(pen: Pen, v: GameOverView) -> None:
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.rect((0, 0, pen.w - 1, 12))
    pen.center(pen.w // 2, 1, "GAME OVER", small, fill=0)
    win = " wins" if v.winner.name not in ("NS", "EW") else " win"
    name = small.fit(v.winner.name, pen.w - small.width(win))
    pen.center(pen.w // 2, 15, name + win, small)
    score = f"{v.winner.total} : {v.loser.total}"
    x = pen.w // 2 - (18 if v.skunk else 0)
    pen.center(x, 28, score, mid)
    if v.skunk:
        pen.chip(x + mid.width(score) // 2 + 4, 31, "SKUNK", tiny)
    y = 46
    if y + 8 <= bottom + 1 and v.reason:
        pen.center(pen.w // 2, y, tiny.fit(v.reason, pen.w), tiny)
        y += 9
    if v.series and y + 8 <= bottom + 1:
        pen.center(pen.w // 2, y, f"series NS {v.series[0]} : {v.series[1]} EW", tiny)


def _scrolling(
    pen: Pen, items: tuple[str, ...], index: int, top: int, bottom: int, font: Font, pitch: int
) -> None:
    """Lines from ``top`` to ``bottom``, line ``index`` inverted and in view, a scroll bar."""
    rows = max(1, (bottom - top) // pitch)
    if not items:
        return
    index = max(0, min(index, len(items) - 1))
    first = min(
        max(0, index - rows + 1 + (1 if index < len(items) - 1 and rows > 2 else 0)),
        max(0, len(items) - rows),
    )
    first = min(first, index)
    bar = len(items) > rows
    room = pen.w - (5 if bar else 0)
    for row, i in enumerate(range(first, min(len(items), first + rows))):
        y = top + row * pitch
        if i == index:
            pen.rect((0, y, room - 2, y + pitch - 1))
        pen.text(
            2,
            y + (pitch - font.height) // 2,
            font.fit(items[i], room - 4),
            font,
            fill=0 if i == index else ON,
        )
    if bar:
        height = rows * pitch
        pen.line(pen.w - 2, top, pen.w - 2, top + height - 1)
        knob = max(3, height * rows // len(items))
        start = top + (height - knob) * first // max(1, len(items) - rows)
        pen.rect((pen.w - 3, start, pen.w - 1, start + knob - 1))


def _menu(pen: Pen, v: MenuView) -> None:
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, "MENU", small)
    pen.right(pen.w, 2, "B close", tiny)
    pen.line(0, 12, pen.w - 1, 12)
    _scrolling(pen, v.items, v.index, 14, bottom, small, 12)


def _list(pen: Pen, v: ListView) -> None:
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, small.fit(v.title, pen.w), small)
    pen.line(0, 12, pen.w - 1, 12)
    _scrolling(pen, v.lines, v.index, 14, bottom, tiny, 10)


_SCREENS: dict[type, Callable[[Pen, Any], None]] = {
    NewGameView: _new_game,
    ScoreView: _score,
    BidderView: _bidder,
    BidView: _bid,
    TricksView: _tricks,
    CardsView: _cards,
    AskSpecialView: _ask_special,
    QuickView: _quick,
    SummaryView: _summary,
    GameOverView: _game_over,
    MenuView: _menu,
    ListView: _list,
}


def paint(
    view: View, image: Image.Image, origin: tuple[int, int] = (0, 0), size: tuple[int, int] = SIZE
) -> None:
    """Draw ``view`` on ``image`` as a ``size`` screen whose top left is at ``origin``.

    Raises TypeError for something that is not a view.
    """
    try:
        screen = _SCREENS[type(view)]
    except KeyError:
        raise TypeError(f"{type(view).__name__} is not a view") from None
    screen(Pen(image, origin, size), view)


def render(view: View, size: tuple[int, int] = SIZE) -> Image.Image:
    """The screen for ``view``: a mode "1" image, white on black, ``size`` pixels."""
    image = Image.new("1", size, 0)
    paint(view, image, (0, 0), size)
    return image


__all__ = ["SIZE", "Font", "Pen", "fonts", "icon", "paint", "render"]
