"""CARDS: card-reader entry, the trick so far around the table."""

from __future__ import annotations

from hardware.i18n import localize
from hardware.screens import large
from hardware.screens.fonts import fonts
from hardware.screens.paint import Painter
from hardware.screens.parts import chip_font, compass, contract_text, message_bar, status_word
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat, Team
from kaiser_core.messages import Message
from kaiser_core.views.cards import CardsView


def cards(pen: Pen, v: CardsView) -> None:
    """Draw a CardsView."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    if not v.reader_online and v.hint:  # the hint says so, inverted: nothing can be read
        pen.rect((0, pen.h - tiny.height - 1, pen.w - 1, pen.h - 1))
        pen.center(pen.w // 2, pen.h - tiny.height, v.hint[0], tiny, fill=0)
    x = pen.text(0, 0, contract_text(v.contract), small)
    if v.live.status:
        word = status_word(v.live.status)
        font = chip_font(word)
        pen.chip(x + 2, 0 if font is small else 2, word, font)
    teams = {"ns": Team.NS, "ew": Team.EW, "tricks_ns": v.tricks_ns, "tricks_ew": v.tricks_ew}
    lines: list[str] = [
        Message("cards.trick_of", trick=v.trick, of=v.of),
        Message("cards.teams", **teams),
        Message("cards.points", points=v.live.points, needed=v.live.needed),
        Message("cards.max", most=v.live.most_possible),
    ]
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
    labels: dict[Seat, str] = {
        s: played[s].label if s in played else Message(f"seat.{s.code}") for s in Seat
    }
    highlight = None if showing_last else v.next_seat
    if highlight is not None and highlight not in played:
        labels[highlight] = localize(labels[highlight]) + "?"
    box = (64, 0, pen.w, min(bottom + 1, 62))
    compass(pen, box, labels, highlight, framed=v.last_winner if showing_last else None)
    if showing_last:
        pen.center((box[0] + box[2]) // 2, (box[1] + box[3]) // 2 - 4, Message("cards.last"), tiny)


def cards_large(pen: Pen, v: CardsView) -> None:
    """Large type: the contract and the trick, the seats with the cards played (the next
    seat inverted), the points of the contract."""
    small = fonts()[1]
    bottom = large.frame(pen, v.hint, v.message)
    if bottom + 1 < COMPASS:  # a notice leaves one row: the cards in the order played
        _played_row(pen, v, tight=bottom + 1 < small.height + 1)
        return
    top = 13 if bottom + 1 >= 13 + COMPASS else 0  # else no contract row
    if top:
        _contract_row(pen, v)
    played = dict(v.cards) if v.cards or not v.last_trick else dict(v.last_trick)
    labels: dict[Seat, str] = {
        s: played[s].label if s in played else Message(f"seat.{s.code}") for s in Seat
    }
    showing_last = not v.cards and bool(v.last_trick)
    highlight = None if showing_last else v.next_seat
    box = (0, top, pen.w, bottom + 1)
    compass(pen, box, labels, highlight, font=small, framed=v.last_winner if showing_last else None)


COMPASS = 38  # rows for the compass in 6x12: north, west and east, south (they touch)


def _contract_row(pen: Pen, v: CardsView) -> None:
    """The contract, and MADE or SET (else the trick) at the right."""
    small = fonts()[1]
    pen.text(0, 0, contract_text(v.contract), small)
    if v.live.status:
        word = status_word(v.live.status)
        pen.chip(pen.w - small.width(word) - 3, 0, word, small)
    else:
        pen.right(pen.w, 0, Message("cards.trick_of", trick=v.trick, of=v.of), small)


def _played_row(pen: Pen, v: CardsView, tight: bool) -> None:
    """The trick's cards in the order played (the last trick's winner framed), then the
    seat whose card comes next, inverted, on one row (``tight``: of 12 pixels)."""
    small = fonts()[1]
    x = 0
    for seat, card in v.cards or v.last_trick:
        if not v.cards and seat is v.last_winner:
            x = pen.chip(x, 0, card.label, small, False, tight) + 4
        else:
            x = pen.text(x + 2, 0 if tight else 1, card.label, small) + 6
    if v.cards or not v.last_trick:
        pen.chip(x, 0, localize(Message(f"seat.{v.next_seat.code}")) + "?", small, True, tight)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {CardsView: cards}
#: Their large type.
LARGE: dict[type, Painter] = {CardsView: cards_large}
