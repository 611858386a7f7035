"""A canvas that can be offset, so tests can see anything drawn outside the frame."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from hardware.i18n import localize
from hardware.screens.fonts import Font
from hardware.screens.icons import ON


class Pen:
    """Draws on ``image`` with the screen's (0, 0) at ``origin``; ``w``, ``h`` its size;
    ``large``: the screen is drawn in large type."""

    def __init__(
        self,
        image: Image.Image,
        origin: tuple[int, int],
        size: tuple[int, int],
        large: bool = False,
    ) -> None:
        self.large = large
        self.draw = ImageDraw.Draw(image)
        self.ox, self.oy = origin
        self.w, self.h = size

    def rect(
        self, box: tuple[int, int, int, int], fill: int | None = ON, outline: Any = None
    ) -> None:
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
        """``text`` (a Message in the table's language) at (x, y); returns the x after it."""
        for ch in localize(text):
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

    def chip(
        self, x: int, y: int, text: str, font: Font, inverted: bool = True, tight: bool = False
    ) -> int:
        """``text`` in a box one pixel wider all round, lit (inverted) or outlined;
        ``tight``: the box two rows shorter (a row of text just its font's height)."""
        w = font.width(text)
        box = (x, y, x + w + 2, y + font.height - (2 if tight else 0))
        if inverted:
            self.rect(box)
        else:
            self.rect(box, fill=None, outline=ON)
        self.text(x + 2, y + (0 if tight else 1), text, font, fill=0 if inverted else ON)
        return x + w + 3
