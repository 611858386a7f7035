"""SUMMARY: the hand scored, and the reasons a page at a time when they do not all fit."""

from __future__ import annotations

from hardware.screens import large
from hardware.screens.fonts import fonts
from hardware.screens.icons import icon
from hardware.screens.paint import Painter
from hardware.screens.parts import (
    contract_text,
    message_bar,
    signed,
    status_chip,
    status_word,
    team_name,
)
from hardware.screens.pen import Pen
from kaiser_core.messages import Message
from kaiser_core.views.summary import SummaryView

PITCH = 8  # a note's line
INDENT = 6  # a note's second and later lines
NOTES = 46  # the first note's row under the scores


def _wrapped(notes: tuple[str, ...], width: int) -> list[list[str]]:
    """Each note in whole lines of ``width`` pixels (never cut short); one line if it fits."""
    tiny = fonts()[0]
    return [
        [note] if tiny.width(note) <= width else tiny.wrap(note, width - INDENT, 8)
        for note in notes
    ]


def _note(pen: Pen, y: int, lines: list[str], last: int) -> int:
    """Draw one note's lines from ``y`` (the later ones indented) down to ``last``."""
    tiny = fonts()[0]
    for i, line in enumerate(lines):
        if y + PITCH > last:
            break
        pen.text(INDENT if i else 0, y, line, tiny)
        y += PITCH
    return y


def summary(pen: Pen, v: SummaryView) -> None:
    """Draw a SummaryView: the scores and the notes that fit, or a page of notes."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    up = 13 if not v.scroll and bottom + 1 < 45 else 0  # above a notice: the scores alone
    if not up:
        pen.text(0, 0, contract_text(v.contract), small)
        pen.line(0, 12, pen.w - 1, 12)
    if v.scroll:
        _notes_page(pen, v, bottom)
        return
    if not up:
        status_chip(pen, pen.w, 0, "MADE" if v.made else "SET")
    columns = (
        (Message("summary.pts"), 62),
        (Message("summary.change"), 96),
        (Message("summary.total"), pen.w),
    )
    for heading, right in columns:
        pen.right(right, 13 - up, heading, tiny)
    rows = ((v.ns, v.raw_ns, v.delta_ns), (v.ew, v.raw_ew, v.delta_ew))
    for i, (team, raw, delta) in enumerate(rows):
        y = 21 + i * 12 - up
        name = team_name(team)
        name = name if small.width(name) <= 36 else Message(f"team.{team.team.code}")
        pen.text(0, y, name, small)
        for (_, right), value in zip(
            columns, (str(raw), signed(delta), str(team.total)), strict=True
        ):
            pen.right(right, y, value, small)
    room = max(0, (bottom + 1 - NOTES) // PITCH)
    notes = _wrapped(v.notes, pen.w)
    if sum(len(n) for n in notes) > room:  # some notes wait on the next page: say so
        notes = _wrapped(v.notes, pen.w - 8)
        if room:
            pen.bitmap(pen.w - 5, NOTES + (room - 1) * PITCH + 1, icon("▼", 5))
    y = NOTES
    for lines in notes:
        if (y - NOTES) // PITCH + len(lines) > room:
            break
        y = _note(pen, y, lines, bottom + 1)


def _notes_page(pen: Pen, v: SummaryView, bottom: int) -> None:
    """The notes from the ``scroll``-th on, whole, with the page's place at the top right."""
    tiny = fonts()[0]
    why = Message("summary.why", page=min(v.scroll, len(v.notes)), pages=len(v.notes))
    x = pen.w - tiny.width(why)
    pen.bitmap(x - 7, 4, icon("▲", 5))
    pen.text(x, 3, why, tiny)
    y, last = 14, bottom + 1
    shown = _wrapped(v.notes[max(0, v.scroll - 1) :], pen.w - 8)
    for i, lines in enumerate(shown):
        if y + PITCH > last:
            break
        if i and y + len(lines) * PITCH > last:  # a note that does not fit waits
            pen.bitmap(pen.w - 5, last - 6, icon("▼", 5))
            break
        y = _note(pen, y, lines, last)


def summary_large(pen: Pen, v: SummaryView) -> None:
    """Large type: the contract made or set, each team's change and new total in 8x16;
    the reasons on the pages ▼ opens."""
    small, mid = fonts()[1], fonts()[2]
    bottom = large.frame(pen, v.hint, v.message)
    if not v.scroll and bottom + 1 < 2 * 17 - 1:  # a notice leaves one row: the totals
        large.totals_row(pen, 0, (v.ns, v.ew))
        return
    top = 14 if v.scroll or bottom + 1 >= 14 + 2 * 17 - 1 else 0  # else no contract row
    if top:
        pen.text(0, 0, contract_text(v.contract), small)
    if v.scroll:
        y = 13
        for i, note in enumerate(v.notes[max(0, v.scroll - 1) :]):
            if i and y + 12 * large.rows_of(note, pen.w) > bottom + 1:
                break  # a note that does not fit whole waits for its own page
            y = large.block(pen, y, note, bottom, largest=False)
        return
    word = status_word("MADE" if v.made else "SET")
    if top:
        pen.chip(pen.w - small.width(word) - 3, 0, word, small)
    for i, (team, delta) in enumerate(((v.ns, v.delta_ns), (v.ew, v.delta_ew))):
        y = top + i * 17
        if y + 16 > bottom + 1:
            break
        total = str(team.total)
        change = signed(delta)
        pen.right(pen.w, y, total, mid)
        pen.right(pen.w - mid.width("-199 "), y, change, mid)
        name = team_name(team)
        room = pen.w - mid.width("-199 +199 ")
        name = name if small.width(name) <= room else Message(f"team.{team.team.code}")
        pen.text(0, y + 2, small.fit(name, room), small)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {SummaryView: summary}
#: Their large type.
LARGE: dict[type, Painter] = {SummaryView: summary_large}
