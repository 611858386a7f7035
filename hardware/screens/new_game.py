"""NEW GAME: who deals (and, with a roster, who sits where)."""

from __future__ import annotations

from hardware.screens import large
from hardware.screens.fonts import fonts
from hardware.screens.paint import Painter
from hardware.screens.parts import compass, message_bar, seat_labels
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat
from kaiser_core.messages import Message
from kaiser_core.views.new_game import NewGameView


def new_game(pen: Pen, v: NewGameView) -> None:
    """Draw a NewGameView."""
    if v.picking is not None:
        names(pen, v)
        return
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    if v.seats:
        pen.text(0, 0, Message("new_game.who"), small)
        for i, seat in enumerate(Seat):  # the seat, then its player's name (shortened alone)
            x = pen.text(0, 13 + 8 * i, Message(f"seat.{seat.code}"), tiny) + tiny.width(" ")
            pen.text(x, 13 + 8 * i, tiny.fit(v.seats.get(seat, ""), 70 - x), tiny)
    else:
        pen.text(0, 0, Message("new_game.title"), mid)
        pen.text(0, 18, Message("new_game.who"), small)
        if bottom >= 48:
            pen.text(0, 31, Message("hint.push"), tiny)
            pen.text(0, 39, Message("hint.the_dealer"), tiny)
    if bottom >= 57:
        x = pen.chip(0, 48, "OK", tiny)
        pen.text(x + 2, 49, Message("word.random"), tiny)
    compass(pen, (72, 0, pen.w, min(bottom + 1, 58)), seat_labels(), arrows=True)


def names(pen: Pen, v: NewGameView) -> None:
    """The names step: each seat's player, the seat being named inverted; keys on the hint."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    top, pitch = 0, 8  # a message takes the title's room: the four seats always show
    if not v.message:
        pen.text(0, 0, small.fit(Message("names.title"), pen.w), small)
        pen.line(0, 12, pen.w - 1, 12)
        top, pitch = 14, 9
    for i, seat in enumerate(Seat):
        y = top + pitch * i
        if y + 8 > bottom:
            break
        name = tiny.fit(v.seats.get(seat, seat.code), pen.w - 14)
        pen.text(1, y + 1, Message(f"seat.{seat.code}"), tiny)
        if seat is v.picking:
            pen.chip(10, y, name, tiny)
        else:
            pen.text(12, y + 1, name, tiny)


def new_game_large(pen: Pen, v: NewGameView) -> None:
    """Large type: who deals? (or the seat being named and its player, large)."""
    small, mid = fonts()[1], fonts()[2]
    bottom = large.frame(pen, v.hint)
    if v.picking is not None:
        pen.text(0, 0, small.fit(Message("names.title"), pen.w), small)
        x = pen.chip(0, 15, Message(f"seat.{v.picking.code}"), mid) + 4
        name = v.seats.get(v.picking, v.picking.code)
        font = mid if mid.width(name) <= pen.w - x else small
        pen.text(x, 16 if font is mid else 18, font.fit(name, pen.w - x), font)
        return
    y = large.block(pen, 0, Message("new_game.title"), bottom)
    y = large.block(pen, y + 1, Message("new_game.who"), bottom)
    for seat in Seat if v.seats else ():
        if y + 12 > bottom + 1:
            break
        x = pen.text(0, y, Message(f"seat.{seat.code}"), small) + 6
        pen.text(x, y, small.fit(v.seats.get(seat, ""), pen.w - x), small)
        y += 12


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {NewGameView: new_game}
#: Their large type.
LARGE: dict[type, Painter] = {NewGameView: new_game_large}
