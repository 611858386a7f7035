"""Every screen drawn: ``render(view, size) -> Image``, a pure function of the view.

Text uses the Spleen bitmap fonts shipped in ``hardware/fonts`` (``fonts``); suits (♠♥♦♣),
arrows and the ellipsis are small bitmaps (``icons``), never font glyphs; any text may
hold them. ``pen`` and ``parts`` are the drawing helpers; one painter module per screen
family (``new_game``, ``contract``, ``tricks``, ``quick``, ``cards``, ``summary``,
``game_over``, ``lists``, ``question``, ``club``) holds its ``PAINTERS``; ``paint`` finds
the painter of a view in the module named like the view's own module (``paint.painter_of``).

>>> from kaiser_core.views.contract import BidderView
>>> from kaiser_core.cards import Seat
>>> render(BidderView(Seat.N)).size
(128, 64)
"""

from __future__ import annotations

from hardware.screens.fonts import Font, fonts
from hardware.screens.icons import icon
from hardware.screens.paint import PAINTERS, SIZE, paint, painter, painter_of, render, unregister
from hardware.screens.pen import Pen

__all__ = [
    "PAINTERS",
    "SIZE",
    "Font",
    "Pen",
    "fonts",
    "icon",
    "paint",
    "painter",
    "painter_of",
    "render",
    "unregister",
]
