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

from typing import TYPE_CHECKING, Any

from kaiser_core.base_views import ContractLabel as ContractLabel
from kaiser_core.base_views import ListView as ListView
from kaiser_core.base_views import LiveContract as LiveContract
from kaiser_core.base_views import NewGameView as NewGameView
from kaiser_core.base_views import TeamScore as TeamScore

#: The views of the screens a first frame does not show, in ``kaiser_core.screen_views``
#: (imported when one is first asked for: ``from kaiser_core.views import ScoreView``).
LATER = (
    "ScoreView",
    "BidderView",
    "BidView",
    "TricksView",
    "CardsView",
    "AskSpecialView",
    "QuickView",
    "SummaryView",
    "GameOverView",
    "MenuView",
    "ClubWaitView",
    "ClubRoundView",
    "RoundOverView",
    "QuestionView",
)

if TYPE_CHECKING:
    from kaiser_core.screen_views import AskSpecialView as AskSpecialView
    from kaiser_core.screen_views import BidderView as BidderView
    from kaiser_core.screen_views import BidView as BidView
    from kaiser_core.screen_views import CardsView as CardsView
    from kaiser_core.screen_views import ClubRoundView as ClubRoundView
    from kaiser_core.screen_views import ClubWaitView as ClubWaitView
    from kaiser_core.screen_views import GameOverView as GameOverView
    from kaiser_core.screen_views import MenuView as MenuView
    from kaiser_core.screen_views import QuestionView as QuestionView
    from kaiser_core.screen_views import QuickView as QuickView
    from kaiser_core.screen_views import RoundOverView as RoundOverView
    from kaiser_core.screen_views import ScoreView as ScoreView
    from kaiser_core.screen_views import SummaryView as SummaryView
    from kaiser_core.screen_views import TricksView as TricksView
    from kaiser_core.screen_views import View as View


def __getattr__(name: str) -> Any:
    """A view of ``LATER``, or ``View`` (every view type), loaded when first asked for."""
    if name not in LATER and name != "View":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from kaiser_core import screen_views

    value = getattr(screen_views, name)
    globals()[name] = value
    return value
