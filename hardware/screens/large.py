"""Large type's shared parts: a screen read across a table.

Words are 6x12 at least (8x16 where they fit), numbers in the largest font that fits, one
idea a screen; the hint (what the keys do now) keeps the bottom row in 6x12, each key in a
chip, and the notice of the last key sits above it. The painters of large type are each
painter module's ``LARGE`` (``paint`` picks them for ``render(view, large=True)``).
"""

from __future__ import annotations

from hardware.i18n import localize
from hardware.screens.fonts import Font, fonts
from hardware.screens.parts import hint_parts, team_name
from hardware.screens.pen import Pen
from kaiser_core.views.base import TeamScore

ROW = 13  # a row of 6x12 text with its chip's frame
GAP = 6  # pixels between two hints


def small() -> Font:
    """The smallest font of large type: 6x12."""
    return fonts()[1]


def _part_rows(key: str, what: str, width: int) -> list[str]:
    """A hint's words in rows of ``width`` pixels, the first row after the key's chip
    (broken between words; a first row too narrow for the first word stays empty)."""
    font = small()
    room = width - (font.width(key) + 5 if key else 0)
    rows: list[str] = [""]
    for word in localize(what).split():
        line = f"{rows[-1]} {word}".strip()
        if font.width(line) <= (room if len(rows) == 1 else width):
            rows[-1] = line
        else:
            rows.append(word)
    return rows


def hint_layout(hint: tuple[str, ...], width: int) -> list[list[tuple[str, str]]]:
    """The hint in rows: each row (key, words) pieces. As many leading hints as fit one
    row; the first hint over two rows when it is too long for one."""
    font = small()
    parts = hint_parts(hint)
    if not parts:
        return []
    key, what = parts[0]
    first = _part_rows(key, what, width)
    if len(first) > 1:
        return [[(key, first[0])]] + [[("", row)] for row in first[1:2]]
    row: list[tuple[str, str]] = []
    x = 0
    for key, what in parts:
        w = (font.width(key) + 5 if key else 0) + font.width(what)
        if x + w > width:
            break
        row.append((key, what))
        x += w + GAP
    return [row]


def hint_top(hint: tuple[str, ...], pen: Pen) -> int:
    """The first row the hint takes (``pen.h`` when there is none)."""
    return pen.h - ROW * len(hint_layout(hint, pen.w))


def hint_line(pen: Pen, hint: tuple[str, ...]) -> int:
    """Draw the hint on the bottom rows; returns the last row the screen may use above it."""
    font = small()
    rows = hint_layout(hint, pen.w)
    y = pen.h - ROW * len(rows)
    top = y
    for row in rows:
        x = 0
        for key, what in row:
            if key:
                x = pen.chip(x, y, key, font) + 2
            x = pen.text(x, y + 1, what, font) + GAP
        y += ROW
    return top - 1 if rows else pen.h - 1


def message_bar(pen: Pen, message: str, hint: tuple[str, ...] = ()) -> int:
    """The notice in 6x12, inverted, over the rows above the hint; returns the row above it.

    Three rows at most, and never so many that a row of 6x12 does not stay above it (a
    screen keeps what it is for in view: each painter lays it out above the bar), unless
    the notice is whole in three rows and would be cut in fewer: a notice is never cut
    short to make room."""
    bottom = hint_top(hint, pen) - 1
    if not message:
        return bottom
    font = small()
    lines = font.wrap(message, pen.w - 4, max(1, min(3, (bottom - ROW) // 12)))
    whole = font.wrap(message, pen.w - 4, 3)
    if lines[-1].endswith("…") and not whole[-1].endswith("…"):
        lines = whole
    top = bottom - len(lines) * 12 - 1
    pen.rect((0, top, pen.w - 1, bottom))
    for i, line in enumerate(lines):
        pen.center(pen.w // 2, top + 1 + i * 12, line, font, fill=0)
    return top - 1


def frame(pen: Pen, hint: tuple[str, ...], message: str = "") -> int:
    """The hint drawn (and the notice, ``message``, over the rows above it: ``paint``
    draws it again, the same); returns the last row the screen's own content may use."""
    bottom = hint_line(pen, hint)
    return message_bar(pen, message, hint) if message else bottom


def totals_row(pen: Pen, y: int, teams: tuple[TeamScore, TeamScore]) -> None:
    """Each team's name and total on one row of 6x12, one left, one right: the totals
    above a notice that leaves one row."""
    font = small()
    half = pen.w // 2
    for team, left in zip(teams, (True, False), strict=True):
        total = str(team.total)
        room = half - font.width(total) - 9
        name = font.fit(team_name(team), room) if room >= font.width("W…") else ""
        if left:
            x = pen.text(0, y, name, font) + (6 if name else 0)
            pen.text(x, y, total, font)
        else:
            pen.right(pen.w, y, total, font)
            pen.right(pen.w - font.width(total) - (6 if name else 0), y, name, font)


def fitting(text: str, width: int, rows: int) -> tuple[Font, list[str]]:
    """``text`` in the largest words font (8x16, else 6x12) whose wrap holds it whole in
    ``rows`` rows of ``width`` pixels; 6x12 and its rows (the last cut short) when none does."""
    _, small_font, mid, _ = fonts()
    for font in (mid, small_font):
        lines = font.wrap(text, width, max(1, rows * 12 // font.height))
        if (lines and not lines[-1].endswith("…")) or not str(text):
            return font, lines
    return small_font, small_font.wrap(text, width, max(1, rows))


def block(
    pen: Pen, y: int, text: str, bottom: int, center: bool = False, largest: bool = True
) -> int:
    """``text`` from row ``y``, whole, in the largest words font that holds it above
    ``bottom`` (``largest`` False: 6x12); returns the row under it."""
    room = max(1, (bottom + 1 - y) // 12)
    if largest:
        font, lines = fitting(text, pen.w, room)
    else:
        font = small()
        lines = font.wrap(text, pen.w, room)
    for line in lines:
        if center:
            pen.center(pen.w // 2, y, line, font)
        else:
            pen.text(0, y, line, font)
        y += font.height
    return y


def rows_of(text: str, width: int) -> int:
    """How many 6x12 rows ``text`` needs in ``width`` pixels."""
    return len(small().wrap(text, width, 9))
