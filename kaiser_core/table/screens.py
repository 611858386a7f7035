"""The table's screens: the one list (``SCREENS``), each screen with the module that
handles it.

This is the one place the core loads something late: a screen's module is imported when
the table first needs that screen (to show it, to resume on it, to list the menu), so a
start-up imports the module of the screen it shows and no other (bench/run.py's
``startup_ratio``). Each loader below imports its module and hands back the module's pages
(``PAGES``, a tuple of ``desk.Page``); a module may handle several screens. Club mode's
modules (``waiting``, which replaces NEW GAME's page there, and ``round_over``) load the
same way (``CLUB_SCREENS``).

A new screen is one line here (its ``Screen`` and its module's loader), its module, and
its painter (docs/ARCHITECTURE.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kaiser_core.table.desk import Page, Pages
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Scene

Loader = Callable[[], Sequence[Page[Any]]]


def _new_game() -> Sequence[Page[Any]]:
    from kaiser_core.table import new_game

    return new_game.PAGES


def _contract() -> Sequence[Page[Any]]:
    from kaiser_core.table import contract

    return contract.PAGES


def _tricks() -> Sequence[Page[Any]]:
    from kaiser_core.table import tricks

    return tricks.PAGES


def _quick() -> Sequence[Page[Any]]:
    from kaiser_core.table import quick

    return quick.PAGES


def _cards() -> Sequence[Page[Any]]:
    from kaiser_core.table import cards

    return cards.PAGES


def _summary() -> Sequence[Page[Any]]:
    from kaiser_core.table import summary

    return summary.PAGES


def _game_over() -> Sequence[Page[Any]]:
    from kaiser_core.table import game_over

    return game_over.PAGES


def _menu() -> Sequence[Page[Any]]:
    from kaiser_core.table import menu

    return menu.PAGES


def _lists() -> Sequence[Page[Any]]:
    from kaiser_core.table import lists

    return lists.PAGES


def _teach() -> Sequence[Page[Any]]:
    from kaiser_core.table import teach

    return teach.PAGES


def _profile() -> Sequence[Page[Any]]:
    from kaiser_core.table import profile

    return profile.PAGES


def _choose() -> Sequence[Page[Any]]:
    from kaiser_core.table import choose

    return choose.PAGES


#: Every screen of the table, in the order the game meets them, with its module's loader.
SCREENS: dict[Screen, Loader] = {
    Screen.NEW_GAME: _new_game,
    Screen.SCORE: _contract,
    Screen.BIDDER: _contract,
    Screen.BID: _contract,
    Screen.TRICKS: _tricks,
    Screen.ASK_FIVE: _tricks,
    Screen.ASK_THREE: _tricks,
    Screen.QUICK: _quick,
    Screen.CARDS: _cards,
    Screen.SUMMARY: _summary,
    Screen.GAME_OVER: _game_over,
    Screen.MENU: _menu,
    Screen.CONFIRM_NEW: _menu,
    Screen.LIST: _lists,
    Screen.TEACH: _teach,
    Screen.PROFILE: _profile,
    Screen("choose"): _choose,
}


def _waiting() -> Sequence[Page[Any]]:
    from kaiser_core.table import waiting

    return waiting.PAGES


def _round_over() -> Sequence[Page[Any]]:
    from kaiser_core.table import round_over

    return round_over.PAGES


#: Club mode's screens, over ``SCREENS``: NEW GAME's page is the waiting one (the round's
#: seating, or a free game), and ROUND OVER shows over everything once a round ends.
CLUB_SCREENS: dict[Screen, Loader] = {
    Screen.NEW_GAME: _waiting,
    Screen.ROUND_OVER: _round_over,
}


def pages(club: bool = False) -> Pages:
    """A table's screens (``club``: in club mode), none loaded yet."""
    return Pages({**SCREENS, **CLUB_SCREENS} if club else SCREENS)


def read_scene(data: Any) -> Scene:
    """The scene a journal stored (``Scene.to_json``, or an older version's ``Ui``): the
    modules of its screens load to read their states; an unknown screen's layer is dropped."""
    return Scene.from_json(data, pages(club=True).state_of)
