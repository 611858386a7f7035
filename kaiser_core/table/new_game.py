"""NEW GAME: push toward the first dealer's seat, or OK for a random one."""

from __future__ import annotations

from kaiser_core.entries import Start
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.keys import Key, seat_for
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import NewGameView


def press(desk: Desk, key: Key) -> Change:
    """A direction or OK starts the game with that first dealer."""
    seat = seat_for(key)
    if seat is None and key is Key.OK:
        seat = desk.choose_seat()
    if seat is None:
        return Change()
    desk.start_game()
    change = desk.enter(Start(seat))
    change.new_game = desk.new_game_rules
    return change


def view(desk: Desk) -> NewGameView:
    """The rules a new game gets."""
    return NewGameView(desk.rules.profile, desk.ui.message)


PAGE = register(Page(Screen.NEW_GAME, press, view))
