"""GAME OVER: the winner and the final totals."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.paint import painter
from hardware.screens.parts import message_bar, team_name
from hardware.screens.pen import Pen
from kaiser_core.cards import Team
from kaiser_core.messages import Message
from kaiser_core.views import GameOverView


@painter(GameOverView)
def game_over(pen: Pen, v: GameOverView) -> None:
    """Draw a GameOverView."""
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.rect((0, 0, pen.w - 1, 12))
    pen.center(pen.w // 2, 1, Message("game_over.title"), small, fill=0)
    key = "game_over.wins" if v.winner.name not in ("NS", "EW") else "game_over.win"
    name = small.fit(team_name(v.winner), pen.w - small.width(Message(key, name="")))
    pen.center(pen.w // 2, 15, Message(key, name=name), small)
    score = f"{v.winner.total} : {v.loser.total}"
    x = pen.w // 2 - (18 if v.skunk else 0)
    pen.center(x, 28, score, mid)
    if v.skunk:
        pen.chip(x + mid.width(score) // 2 + 4, 31, Message("game_over.skunk"), tiny)
    y = 46
    rows = max(0, (bottom + 1 - y) // 8)
    reason = tiny.wrap(v.reason, pen.w, min(rows, 2)) if v.reason else []
    series: str = ""
    if v.series:
        won = {"won_ns": v.series[0], "won_ew": v.series[1]}
        series = Message("game_over.series", ns=Team.NS, ew=Team.EW, **won)
    if series and len(reason) + 1 > rows:  # the series moves up beside the title
        pen.rect((0, 0, pen.w - 1, 12))
        pen.text(2, 1, Message("game_over.title"), small, fill=0)
        pen.right(pen.w - 2, 3, f"{v.series[0]}:{v.series[1]}" if v.series else "", tiny, fill=0)
        series = ""
    for line in reason:
        pen.center(pen.w // 2, y, line, tiny)
        y += 8 if len(reason) > 1 else 9
    if series and y + 8 <= bottom + 1:
        pen.center(pen.w // 2, y, series, tiny)
