"""NEW GAME: who deals."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.paint import painter
from hardware.screens.parts import compass, message_bar, seat_labels
from hardware.screens.pen import Pen
from kaiser_core.messages import Message
from kaiser_core.views import NewGameView


@painter(NewGameView)
def new_game(pen: Pen, v: NewGameView) -> None:
    """Draw a NewGameView."""
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.text(0, 0, Message("new_game.title"), mid)
    pen.text(0, 18, Message("new_game.who"), small)
    if bottom >= 48:
        pen.text(0, 31, Message("hint.push"), tiny)
        pen.text(0, 39, Message("hint.the_dealer"), tiny)
    if bottom >= 57:
        x = pen.chip(0, 48, "OK", tiny)
        pen.text(x + 2, 49, Message("word.random"), tiny)
    compass(pen, (72, 0, pen.w, min(bottom + 1, 58)), seat_labels(), arrows=True)
