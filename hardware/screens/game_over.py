"""GAME OVER: the winner, the final totals, why, the series; laid out to fit, never cut."""

from __future__ import annotations

from hardware.screens import large
from hardware.screens.fonts import Font, fonts
from hardware.screens.paint import Painter
from hardware.screens.parts import message_bar, team_name
from hardware.screens.pen import Pen
from kaiser_core.messages import Message
from kaiser_core.views.game_over import GameOverView


def _winner_lines(v: GameOverView) -> list[tuple[list[str], Font]]:
    """The ways to say who won, most readable first: one line in small or tiny, two lines."""
    tiny, small, _, _ = fonts()
    plural = v.winner.name in ("NS", "EW")
    winner = team_name(v.winner)
    wins = Message("game_over.win" if plural else "game_over.wins", name=winner)
    name = tiny.fit(winner, 128)
    return [([wins], small), ([wins], tiny), ([name, Message("game_over.wins_alone")], tiny)]


def game_over(pen: Pen, v: GameOverView) -> None:
    """Draw a GameOverView."""
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.rect((0, 0, pen.w - 1, 12))
    title = Message("game_over.title")
    if v.series:
        pen.text(2, 1, title, small, fill=0)
        series = Message("game_over.series", ns=v.series[0], ew=v.series[1])
        pen.right(pen.w - 2, 3, series, tiny, fill=0)
    else:
        pen.center(pen.w // 2, 1, title, small, fill=0)
    reason = tiny.wrap(v.reason, pen.w, 3) if v.reason else []
    room = bottom + 1 - 14
    for lines, font in _winner_lines(v):
        if all(font.width(line) <= pen.w for line in lines):
            high = len(lines) * (font.height + 1)
            for score_font in (mid, small):
                if high + score_font.height + 1 + 8 * len(reason) <= room:
                    _draw(pen, v, lines, font, score_font, reason)
                    return
    _draw(
        pen,
        v,
        [tiny.fit(team_name(v.winner), pen.w)],
        tiny,
        small,
        reason[: max(0, room - 22) // 8],
    )


def _draw(
    pen: Pen, v: GameOverView, lines: list[str], font: Font, score_font: Font, reason: list[str]
) -> None:
    """The winner's lines, the score (with SKUNK) and the reason, from under the title."""
    tiny = fonts()[0]
    y = 14
    for line in lines:
        pen.center(pen.w // 2, y, line, font)
        y += font.height + 1
    score = f"{v.winner.total} : {v.loser.total}"
    skunk = Message("game_over.skunk")
    x = pen.w // 2 - ((tiny.width(skunk) + 6) // 2 if v.skunk else 0)
    pen.center(x, y, score, score_font)
    if v.skunk:
        pen.chip(x + score_font.width(score) // 2 + 4, y + score_font.height - 10, skunk, tiny)
    y += score_font.height + 1
    for line in reason:
        pen.center(pen.w // 2, y, line, tiny)
        y += 8


def game_over_large(pen: Pen, v: GameOverView) -> None:
    """Large type: who won, whole, in the largest words font; the score in big digits."""
    small, mid, big = fonts()[1], fonts()[2], fonts()[3]
    bottom = large.frame(pen, v.hint, v.message)
    winner = team_name(v.winner)
    plural = v.winner.name in ("NS", "EW")
    wins = Message("game_over.win" if plural else "game_over.wins", name=winner)
    font, lines = large.fitting(wins, pen.w, 2)
    if lines and lines[-1].endswith("…"):
        font, lines = small, [small.fit(winner, pen.w), Message("game_over.wins_alone")]
    if len(lines) * font.height + mid.height + 2 > bottom + 1:  # above a notice: the score
        lines = []
        if bottom + 1 < mid.height + 2:
            large.totals_row(pen, 0, (v.winner, v.loser))
            return
    y = 0
    for line in lines:
        pen.center(pen.w // 2, y, line, font)
        y += font.height
    score = f"{v.winner.total}:{v.loser.total}"
    score_font = big if big.width(score) <= pen.w and y + 22 <= bottom + 1 else mid
    pen.center(pen.w // 2, y + 2, score, score_font)
    y += score_font.height + 3
    if v.skunk and y + 13 <= bottom + 1:
        skunk = Message("game_over.skunk")
        pen.chip(pen.w // 2 - small.width(skunk) // 2 - 2, y, skunk, small)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {GameOverView: game_over}
#: Their large type.
LARGE: dict[type, Painter] = {GameOverView: game_over_large}
