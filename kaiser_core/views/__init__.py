"""Screens as data: what each screen shows, with no pixels. ``hardware`` draws them.

Views carry values (``Card``, ``Seat``, ``Team``, numbers), not display text: the painters
format them. Text the core does say (``message``, the menu's items, list lines, warnings)
is a ``kaiser_core.messages.Message`` where the table makes it: a ``str`` with a key and
values. Every view carries ``message``: a one-line refusal or notice for the last key
("5♥ was taken in trick 3"), empty when there is none. Most carry ``hint``: what the
keys do now, a few messages for the bottom line; a ``hint.step`` message names a key and
what it does (``Message("hint.step", key="OK", what=Message("hint.contract"))``), any
other is plain text.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kaiser_core.views.base import ContractLabel as ContractLabel
from kaiser_core.views.base import ListView as ListView
from kaiser_core.views.base import LiveContract as LiveContract
from kaiser_core.views.base import NewGameView as NewGameView
from kaiser_core.views.base import TeamScore as TeamScore

#: The views of the screens a first frame does not show, by the module of their screen
#: family (imported when one is first asked for: ``from kaiser_core.views import ScoreView``
#: loads ``kaiser_core.views.score``), so that a start-up or a resume creates only the
#: classes of the screens it shows.
LATER = {
    "ScoreView": "score",
    "BidderView": "score",
    "BidView": "score",
    "TricksView": "tricks",
    "AskSpecialView": "tricks",
    "CardsView": "cards",
    "QuickView": "quick",
    "SummaryView": "ending",
    "GameOverView": "ending",
    "MenuView": "menu",
    "QuestionView": "menu",
    "ClubWaitView": "club",
    "ClubRoundView": "club",
    "RoundOverView": "club",
}

if TYPE_CHECKING:
    from kaiser_core.views.cards import CardsView as CardsView
    from kaiser_core.views.club import ClubRoundView as ClubRoundView
    from kaiser_core.views.club import ClubWaitView as ClubWaitView
    from kaiser_core.views.club import RoundOverView as RoundOverView
    from kaiser_core.views.ending import GameOverView as GameOverView
    from kaiser_core.views.ending import SummaryView as SummaryView
    from kaiser_core.views.menu import MenuView as MenuView
    from kaiser_core.views.menu import QuestionView as QuestionView
    from kaiser_core.views.quick import QuickView as QuickView
    from kaiser_core.views.score import BidderView as BidderView
    from kaiser_core.views.score import BidView as BidView
    from kaiser_core.views.score import ScoreView as ScoreView
    from kaiser_core.views.tricks import AskSpecialView as AskSpecialView
    from kaiser_core.views.tricks import TricksView as TricksView

    View = (
        NewGameView
        | ScoreView
        | BidderView
        | BidView
        | TricksView
        | CardsView
        | AskSpecialView
        | QuickView
        | SummaryView
        | GameOverView
        | MenuView
        | ListView
        | QuestionView
        | ClubWaitView
        | ClubRoundView
        | RoundOverView
    )


def __getattr__(name: str) -> Any:
    """A view of ``LATER`` (from its family's module), or ``View``: every view type."""
    if name == "View":
        value: Any = NewGameView | ListView
        for later in LATER:
            value = value | __getattr__(later)
    elif name in LATER:
        module = importlib.import_module(f"{__name__}.{LATER[name]}")
        value = getattr(module, name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value
