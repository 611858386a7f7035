"""Bitmap icons: the suits (♠♥♦♣) in three sizes and the joystick's arrows, never font glyphs."""

from __future__ import annotations

from functools import cache

from PIL import Image

ON = 255  # a lit pixel in a mode "1" image

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
ARROWS = "▲▼◀▶"


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
