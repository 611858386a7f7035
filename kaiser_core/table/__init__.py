"""The table's interaction logic: logical keys in, entries and screens (views) out.

A ``Table`` is the fold of a game's entries (``kaiser_core.entries``) plus a small UI
state (which screen, the overlay stack, the cursors). ``press(key)`` returns a ``Change``:
the entries to append or drop and whether the UI state changed; the caller journals it,
then shows ``view()``. Nothing here reads a clock, a device or a random source: the random
first dealer comes from an injected chooser.

The package: ``keys`` (Key, the direction-to-seat map), ``screen`` (Screen), ``ui`` (Ui,
Change), ``draft`` (the hand in progress), ``desk`` (the fold, the screen registry and
``Saved``, what a journal hands back for ``Table.resume``),
one module per screen family (``new_game``, ``contract``, ``tricks``, ``quick``,
``cards``, ``summary``, ``game_over``, ``menu``, ``lists``, ``teach``), ``requests`` and
``table`` (Table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kaiser_core.cards import SEATS
from kaiser_core.entries import TRUMP_CYCLE, TableEntry
from kaiser_core.table.desk import PAGES, Desk, Page, Saved, page_of, register, unregister
from kaiser_core.table.draft import Draft
from kaiser_core.table.keys import (
    DIRECTION_OF_SEAT,
    DIRECTION_SEAT,
    SEAT_OF_DIRECTION,
    Key,
    key_for,
    seat_for,
)
from kaiser_core.table.screen import Screen
from kaiser_core.table.table import Table
from kaiser_core.table.ui import Change, Ui

if TYPE_CHECKING:
    from kaiser_core.table.menu import MenuItem


def __getattr__(name: str) -> Any:
    """``MenuItem`` from the menu's module, loaded when first asked for."""
    if name == "MenuItem":
        from kaiser_core.table.menu import MenuItem

        return MenuItem
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def describe(entry: TableEntry) -> str:
    """A short description of an entry, for "undone: ..."."""
    return entry.describe()


__all__ = [
    "DIRECTION_OF_SEAT",
    "DIRECTION_SEAT",
    "PAGES",
    "SEATS",
    "SEAT_OF_DIRECTION",
    "TRUMP_CYCLE",
    "Change",
    "Desk",
    "Draft",
    "Key",
    "MenuItem",
    "Page",
    "Saved",
    "Screen",
    "Table",
    "Ui",
    "describe",
    "key_for",
    "page_of",
    "register",
    "seat_for",
    "unregister",
]
