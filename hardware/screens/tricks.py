"""Per-trick entry: TRICKS and the question after the last trick (who took 5♥ / 3♠)."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.icons import icon
from hardware.screens.paint import Painter
from hardware.screens.parts import (
    compass,
    contract_text,
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
    """Draw a TricksView: the contract, the tricks per team, the marks, the live state."""
    tiny, small, mid, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.text(0, 0, contract_text(v.contract), small)
    pen.right(pen.w, 0, Message("cards.trick_of", trick=v.trick, of=v.of), small)
    pen.line(0, 12, pen.w - 1, 12)
    pen.text(0, 14, Message("tricks.team", team=Team.NS, count=v.tricks_ns), mid)
    pen.text(42, 14, Message("tricks.team", team=Team.EW, count=v.tricks_ew), mid)
    for i, (mark, card, key) in enumerate(((v.mark_five, "5♥", "A"), (v.mark_three, "3♠", "B"))):
        y = 14 + i * 11
        if mark:
            label = Message("tricks.here", card=card)
            pen.chip(pen.w - tiny.width(label) - 3, y, label, tiny)
        else:
            hint = Message("tricks.key", key=key, card=card)
            pen.text(pen.w - tiny.width(hint) - 1, y + 1, hint, tiny)
    if bottom >= 38:
        _specials(pen, 0, 31, v.five_with, v.three_with)
    if v.progress and bottom >= 53:  # the live state in small letters, the progress under it
        pen.text(0, 39, live_text(v.live), tiny)
        if v.live.status:
            word = status_word(v.live.status)
            pen.chip(pen.w - tiny.width(word) - 3, 38, word, tiny)
        pen.text(0, 47, v.progress, tiny)
    elif bottom >= 52:
        pen.text(0, 41, live_text(v.live), small)
        status_chip(pen, pen.w, 40, v.live.status)


def ask_special(pen: Pen, v: AskSpecialView) -> None:
    """Draw a AskSpecialView."""
    _, small, mid, big = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.text(0, 0, Message("ask.who_took"), small)
    x = pen.text(2, 16, v.card.rank, big)
    pen.bitmap(x + 2, 17, icon(v.card.suit.symbol, 18))
    pen.text(x + 22, 16, "?", mid)
    compass(pen, (74, 0, 128, min(bottom + 1, 56)), seat_labels(), arrows=True)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {TricksView: tricks, AskSpecialView: ask_special}
