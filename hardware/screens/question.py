"""A yes-or-no question ("New game?"): the question large, its lines, the answers below."""

from __future__ import annotations

from hardware.screens import large
from hardware.screens.fonts import fonts
from hardware.screens.paint import Painter
from hardware.screens.parts import message_bar
from hardware.screens.pen import Pen
from kaiser_core.views.question import QuestionView


def question(pen: Pen, v: QuestionView) -> None:
    """Draw a QuestionView: the title, then each line whole (wrapped), then the answers."""
    _, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    title_font = mid if mid.width(v.title) <= pen.w else small
    pen.text(0, 0, v.title, title_font)
    y = title_font.height + 4
    for line in v.lines:
        for row in small.wrap(line, pen.w, 3):
            if y + small.height > bottom + 1:
                return
            pen.text(0, y, row, small)
            y += small.height


def question_large(pen: Pen, v: QuestionView) -> None:
    """Large type: the question, as large as leaves its lines room, then the lines whole."""
    small, mid = fonts()[1], fonts()[2]
    bottom = large.frame(pen, v.hint)
    needs = sum(large.rows_of(line, pen.w) for line in v.lines) * small.height
    title = mid if mid.width(v.title) <= pen.w and mid.height + needs <= bottom + 1 else small
    y = 0
    for row in title.wrap(v.title, pen.w, 2):
        pen.text(0, y, row, title)
        y += title.height
    for line in v.lines:
        if y + small.height * large.rows_of(line, pen.w) > bottom + 1:
            break
        y = large.block(pen, y, line, bottom, largest=False)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {QuestionView: question}
#: Their large type.
LARGE: dict[type, Painter] = {QuestionView: question_large}
