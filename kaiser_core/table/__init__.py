"""The table's interaction logic: logical keys in, entries and screens (views) out.

A ``Table`` is the fold of a game's entries (``kaiser_core.entries``) plus a small UI
state (which screen, the overlay stack, the cursors). ``press(key)`` returns a ``Change``:
the entries to append or drop and whether the UI state changed; the caller journals it,
then shows ``view()``. Nothing here reads a clock, a device or a random source: the random
first dealer comes from an injected chooser.

The package: ``keys`` (Key, the direction-to-seat map), ``screen`` (Screen, a screen's
name), ``ui`` (Scene: the screens shown with their states and the settings; Change),
``draft`` (the hand in progress), ``desk`` (the fold, ``Page``: a screen as data, and
``Saved``, what a journal hands back for ``Table.resume``), ``screens`` (the one list of
screens), one module per screen family (``new_game``, ``contract``, ``tricks``, ``quick``,
``cards``, ``summary``, ``game_over``, ``menu``, ``lists``, ``teach``, ``profile``; club
mode's ``waiting`` and ``round_over``), ``requests`` and ``table`` (Table).
"""

from __future__ import annotations

from kaiser_core.cards import SEATS
from kaiser_core.entries import TRUMP_CYCLE, TableEntry
from kaiser_core.table.desk import Desk, Page, Pages, Saved, page_of
from kaiser_core.table.draft import Draft
from kaiser_core.table.keys import (
    DIRECTION_OF_SEAT,
    DIRECTION_SEAT,
    SEAT_OF_DIRECTION,
    Key,
    key_for,
    seat_for,
)
from kaiser_core.table.menu import MenuItem
from kaiser_core.table.screen import Screen
from kaiser_core.table.screens import SCREENS, read_scene
from kaiser_core.table.table import Table
from kaiser_core.table.ui import Change, Layer, NoState, Scene, Settings


def describe(entry: TableEntry) -> str:
    """A short description of an entry, for "undone: ..."."""
    return entry.describe()


__all__ = [
    "DIRECTION_OF_SEAT",
    "DIRECTION_SEAT",
    "SCREENS",
    "SEATS",
    "SEAT_OF_DIRECTION",
    "TRUMP_CYCLE",
    "Change",
    "Desk",
    "Draft",
    "Key",
    "Layer",
    "MenuItem",
    "NoState",
    "Page",
    "Pages",
    "Saved",
    "Scene",
    "Screen",
    "Settings",
    "Table",
    "describe",
    "key_for",
    "page_of",
    "read_scene",
    "seat_for",
]
