"""Every screen drawn: ``render(view, size) -> Image``, a pure function of the view.

Text uses the Spleen bitmap fonts shipped in ``hardware/fonts`` (``fonts``); suits (♠♥♦♣),
arrows and the ellipsis are small bitmaps (``icons``), never font glyphs; any text may
hold them. ``pen`` and ``parts`` are the drawing helpers; one painter module per screen
family (``new_game``, ``contract``, ``tricks``, ``quick``, ``cards``, ``summary``,
``game_over``, ``lists``) registers its painters with ``paint.painter``; every module of
this package is imported here, so a new painter is a new module and nothing else.

>>> from kaiser_core.views import BidderView
>>> from kaiser_core.cards import Seat
>>> render(BidderView(Seat.N)).size
(128, 64)
"""

from __future__ import annotations

import importlib
import pkgutil

from hardware.screens.fonts import Font, fonts
from hardware.screens.icons import icon
from hardware.screens.paint import PAINTERS, SIZE, paint, painter, render, unregister
from hardware.screens.pen import Pen

for _module in pkgutil.iter_modules(__path__):  # each painter module registers itself
    importlib.import_module(f"{__name__}.{_module.name}")

__all__ = [
    "PAINTERS",
    "SIZE",
    "Font",
    "Pen",
    "fonts",
    "icon",
    "paint",
    "painter",
    "render",
    "unregister",
]
