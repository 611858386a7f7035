"""CARDS: card-reader entry, the trick so far around the table."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.paint import painter
from hardware.screens.parts import compass, contract_text, message_bar
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat
from kaiser_core.views import CardsView


@painter(CardsView)
def cards(pen: Pen, v: CardsView) -> None:
    """Draw a CardsView."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    if not v.reader_online and v.hint:  # the hint says so, inverted: nothing can be read
        pen.rect((0, pen.h - tiny.height - 1, pen.w - 1, pen.h - 1))
        pen.center(pen.w // 2, pen.h - tiny.height, v.hint[0], tiny, fill=0)
    x = pen.text(0, 0, contract_text(v.contract), small)
    if v.live.status:
        pen.chip(x + 2, 0, v.live.status, small)
    lines = [f"trick {v.trick}/{v.of}", f"NS {v.tricks_ns} EW {v.tricks_ew}"]
    lines += [f"pts {v.live.points}/{v.live.needed}", f"max {v.live.most_possible}"]
    lines += [tiny.fit(r, 62) for r in v.revokes]
    y = 13
    for line in lines:
        if y + 8 > bottom + 1:
            break
        pen.text(0, y, line, tiny)
        y += 8
    played = dict(v.cards)
    showing_last = not v.cards and bool(v.last_trick)
    if showing_last:
        played = dict(v.last_trick)
    labels = {s: played[s].label if s in played else s.code for s in Seat}
    highlight = None if showing_last else v.next_seat
    if highlight is not None and highlight not in played:
        labels[highlight] = highlight.code + "?"
    box = (64, 0, pen.w, min(bottom + 1, 62))
    compass(pen, box, labels, highlight, framed=v.last_winner if showing_last else None)
    if showing_last:
        pen.center((box[0] + box[2]) // 2, (box[1] + box[3]) // 2 - 4, "last", tiny)
