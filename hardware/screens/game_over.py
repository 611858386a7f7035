"""GAME OVER: the winner and the final totals."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.paint import painter
from hardware.screens.parts import message_bar
from hardware.screens.pen import Pen
from kaiser_core.views import GameOverView


@painter(GameOverView)
def game_over(pen: Pen, v: GameOverView) -> None:
    """Draw a GameOverView."""
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.rect((0, 0, pen.w - 1, 12))
    pen.center(pen.w // 2, 1, "GAME OVER", small, fill=0)
    win = " wins" if v.winner.name not in ("NS", "EW") else " win"
    name = small.fit(v.winner.name, pen.w - small.width(win))
    pen.center(pen.w // 2, 15, name + win, small)
    score = f"{v.winner.total} : {v.loser.total}"
    x = pen.w // 2 - (18 if v.skunk else 0)
    pen.center(x, 28, score, mid)
    if v.skunk:
        pen.chip(x + mid.width(score) // 2 + 4, 31, "SKUNK", tiny)
    y = 46
    if y + 8 <= bottom + 1 and v.reason:
        pen.center(pen.w // 2, y, tiny.fit(v.reason, pen.w), tiny)
        y += 9
    if v.series and y + 8 <= bottom + 1:
        pen.center(pen.w // 2, y, f"series NS {v.series[0]} : {v.series[1]} EW", tiny)
