"""Every screen drawn: ``render(view, size) -> Image``, a pure function of the view.

Text uses the Spleen bitmap fonts shipped in ``hardware/fonts`` (``fonts``); suits (♠♥♦♣),
arrows and the ellipsis are small bitmaps (``icons``), never font glyphs; any text may
hold them. ``pen`` and ``parts`` are the drawing helpers; one painter module per screen
family (``new_game``, ``contract``, ``tricks``, ``quick``, ``cards``, ``summary``,
``game_over``, ``lists``) registers its painters with ``paint.painter``; every module of
this package is imported here, so a new painter is a new module and nothing else (those
of ``paint.LATER``, the built-in ones a first frame does not need, when first painted).

>>> from kaiser_core.views import BidderView
>>> from kaiser_core.cards import Seat
>>> render(BidderView(Seat.N)).size
(128, 64)
"""

from __future__ import annotations

import importlib
import os

from hardware.screens.fonts import Font, fonts
from hardware.screens.icons import icon
from hardware.screens.paint import LATER, PAINTERS, SIZE, paint, painter, render, unregister
from hardware.screens.pen import Pen

#: The built-in painter modules a first frame does not need, by the views they paint.
_LATER = {"cards": ("CardsView",), "club": ("ClubWaitView", "ClubRoundView", "RoundOverView")}
_LATER |= {"contract": ("ScoreView", "BidderView", "BidView"), "game_over": ("GameOverView",)}
_LATER |= {"lists": ("MenuView", "ListView"), "question": ("QuestionView",)}
_LATER |= {"quick": ("QuickView",), "summary": ("SummaryView",)}
_LATER |= {"tricks": ("TricksView", "AskSpecialView")}
LATER.update({view: f"{__name__}.{name}" for name, views in _LATER.items() for view in views})
_NAMES = {e.name[:-3] for e in os.scandir(__path__[0]) if e.name.endswith(".py")}
for _module in sorted(_NAMES - {"__init__", *_LATER}):  # each painter module registers itself
    importlib.import_module(f"{__name__}.{_module}")

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
