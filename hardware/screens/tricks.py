"""Per-trick entry: TRICKS and the question after the last trick (who took 5♥ / 3♠)."""

from __future__ import annotations

from hardware.screens import large
from hardware.screens.fonts import fonts
from hardware.screens.icons import icon
from hardware.screens.paint import Painter
from hardware.screens.parts import (
    compass,
    contract_text,
    keyed_text,
    keyed_width,
    live_text,
    message_bar,
    seat_labels,
    status_chip,
    status_word,
)
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat, Team
from kaiser_core.messages import Message
from kaiser_core.views.tricks import AskSpecialView, TricksView


def _specials(pen: Pen, x: int, y: int, five: Seat | None, three: Seat | None) -> None:
    tiny = fonts()[0]
    x = pen.text(x, y, Message("tricks.holder", card="5♥", seat=five or "-"), tiny)
    pen.text(x + 8, y, Message("tricks.holder", card="3♠", seat=three or "-"), tiny)


def tricks(pen: Pen, v: TricksView) -> None:
    """Draw a TricksView: the contract and the trick, the tricks per team (labelled, in
    the small words), where the specials went and the marks, then the points of the
    contract larger, MADE or SET, the most still possible and the progress."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.text(0, 0, contract_text(v.contract), small)
    pen.right(pen.w, 0, Message("cards.trick_of", trick=v.trick, of=v.of), small)
    pen.line(0, 12, pen.w - 1, 12)
    teams = {"ns": Team.NS, "ew": Team.EW, "tricks_ns": v.tricks_ns, "tricks_ew": v.tricks_ew}
    counted = pen.text(0, 14, Message("tricks.count", **teams), tiny)
    _specials(pen, 0, 24, v.five_with, v.three_with)
    for i, (mark, card, key) in enumerate(((v.mark_five, "5♥", "A"), (v.mark_three, "3♠", "B"))):
        y = 13 + i * 10
        if mark:  # "5♥ here" when it clears the counts, else the card alone, inverted
            label: str = Message("tricks.here", card=card)
            if pen.w - tiny.width(label) - 3 < counted + 3:
                label = card
            pen.chip(pen.w - tiny.width(label) - 3, y, label, tiny)
        else:
            hint = Message("tricks.key", key=key, card=card)  # the key in a chip
            keyed_text(pen, pen.w - keyed_width(hint, tiny) - 1, y + 1, hint, tiny)
    if bottom >= 45:
        pen.text(0, 34, live_text(v.live), small)
        status_chip(pen, pen.w, 33, v.live.status)
    if bottom >= 53:
        pen.text(0, 46, Message("live.most", most=v.live.most_possible), tiny)
        if v.progress:
            pen.right(pen.w, 46, v.progress, tiny)


def ask_special(pen: Pen, v: AskSpecialView) -> None:
    """Draw a AskSpecialView."""
    _, small, mid, big = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.text(0, 0, Message("ask.who_took"), small)
    y = 16 if bottom + 1 >= 16 + big.height else 13  # above a notice, closer
    x = pen.text(2, y, v.card.rank, big)
    pen.bitmap(x + 2, y + 1, icon(v.card.suit.symbol, 18))
    pen.text(x + 22, y, "?", mid)
    compass(pen, (74, 0, 128, min(bottom + 1, 56)), seat_labels(), arrows=True)


def tricks_large(pen: Pen, v: TricksView) -> None:
    """Large type: the contract and the trick (or the specials marked in it), the tricks
    per team (labelled), the points of the contract with MADE or SET."""
    small = fonts()[1]
    bottom = large.frame(pen, v.hint, v.message)
    teams = {"ns": Team.NS, "ew": Team.EW, "tricks_ns": v.tricks_ns, "tricks_ew": v.tricks_ew}
    if bottom + 1 < 2 * 12 + 1:  # a notice leaves one row: the tricks counted
        pen.text(0, 0, Message("tricks.count", **teams), small)
        return
    pen.text(0, 0, contract_text(v.contract), small)
    marks = [c for m, c in ((v.mark_five, "5♥"), (v.mark_three, "3♠")) if m]
    if len(marks) == 1:
        marks = [Message("tricks.here", card=marks[0])]
    if marks:
        x = pen.w - sum(small.width(m) + 5 for m in marks) + 2
        for mark in marks:
            x = pen.chip(x, 0, mark, small) + 2
    else:
        pen.right(pen.w, 0, Message("cards.trick_of", trick=v.trick, of=v.of), small)
    rows: list[str] = [Message("tricks.count", **teams), live_text(v.live)]
    y = 13
    for i, row in enumerate(rows):
        if y + 12 > bottom + 1:
            break
        status = status_word(v.live.status) if i == 1 and v.live.status else ""
        chip = small.width(status) + 3
        if status and small.width(row) + chip + 4 > pen.w:  # MADE or SET first, alone
            row = "" if y + 24 > bottom + 1 else row
            if row:
                pen.text(0, y, row, small)
                y += 12
        elif row:
            pen.text(0, y, row, small)
        if status:
            pen.chip(pen.w - chip, y - 1, status, small)
        y += 12


def ask_special_large(pen: Pen, v: AskSpecialView) -> None:
    """Large type: who took the card? The card as large as it goes."""
    small, big = fonts()[1], fonts()[3]
    bottom = large.frame(pen, v.hint, v.message)
    y = 16 if bottom + 1 >= 16 + big.height else 0  # above a notice, the card alone
    if bottom + 1 < big.height:  # one row: the question and the card in 6x12
        question, card = Message("ask.who_took"), (v.card.rank, v.card.suit.symbol, "?")
        width = sum(small.width(part) for part in card)
        x = (pen.w - width) // 2
        if small.width(question) + 6 + width <= pen.w:
            x = pen.text(0, 0, question, small) + 6
        for part in card:
            x = pen.text(x, 0, part, small)
        return
    if y:
        pen.text(0, 0, Message("ask.who_took"), small)
    width = big.width(v.card.rank) + 4 + 18 + 4 + big.width("?")
    x = pen.text((pen.w - width) // 2, y, v.card.rank, big)
    pen.bitmap(x + 4, y + 1, icon(v.card.suit.symbol, 18))
    pen.text(x + 26, y, "?", big)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {TricksView: tricks, AskSpecialView: ask_special}
#: Their large type.
LARGE: dict[type, Painter] = {TricksView: tricks_large, AskSpecialView: ask_special_large}
