"""NEW GAME: who deals."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.paint import painter
from hardware.screens.parts import compass, message_bar
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat
from kaiser_core.views import NewGameView


@painter(NewGameView)
def new_game(pen: Pen, v: NewGameView) -> None:
    """Draw a NewGameView."""
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.text(0, 0, "NEW GAME", mid)
    pen.text(0, 18, "Who deals?", small)
    if bottom >= 48:
        pen.text(0, 31, "push toward", tiny)
        pen.text(0, 39, "the dealer", tiny)
    if bottom >= 57:
        x = pen.chip(0, 48, "OK", tiny)
        pen.text(x + 2, 49, "random", tiny)
    compass(pen, (72, 0, pen.w, min(bottom + 1, 58)), {s: s.code for s in Seat}, arrows=True)
