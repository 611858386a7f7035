"""Club mode's screens: waiting for the round, the round's seating, ROUND OVER."""

from __future__ import annotations

from hardware.screens import large
from hardware.screens.fonts import fonts
from hardware.screens.paint import Painter
from hardware.screens.parts import compass, message_bar
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat
from kaiser_core.messages import Message
from kaiser_core.views.club import ClubRoundView, ClubWaitView, RoundOverView


def club_wait(pen: Pen, v: ClubWaitView) -> None:
    """Draw a ClubWaitView: the event's name, the round awaited, the broker."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, Message("new_game.title"), small)
    pen.text(0, 14, small.fit(v.event, pen.w), small)
    pen.text(0, 28, small.fit(v.waiting, pen.w), small)
    if bottom >= 48:
        x = pen.chip(0, 42, Message("club.on" if v.online else "club.off"), tiny)
        pen.text(x + 2, 43, tiny.fit(v.broker, pen.w - x - 2), tiny)


def club_round(pen: Pen, v: ClubRoundView) -> None:
    """Draw a ClubRoundView: "Round N, table n" and the four names around the table."""
    tiny, _, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, tiny.fit(v.title, pen.w), tiny)
    labels = {
        seat: tiny.fit(v.seats.get(seat) or Message(f"seat.{seat.code}"), 40) for seat in Seat
    }
    compass(pen, (0, 9, pen.w, min(bottom + 1, pen.h)), labels, font=tiny, arrows=True)


def round_over(pen: Pen, v: RoundOverView) -> None:
    """Draw a RoundOverView: the title, the result, each team's round score."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.rect((0, 0, pen.w - 1, 12))
    pen.center(pen.w // 2, 1, v.title, small, fill=0)
    pen.center(pen.w // 2, 15, tiny.fit(v.result, pen.w), tiny)
    y = 25
    for row in v.rows:
        if y + 11 > bottom + 1:  # the message bar covers the rest
            break
        total = str(row.total)
        pen.right(pen.w, y, total, small)
        pen.text(0, y, small.fit(row.name, pen.w - small.width(total) - 4), small)
        y += 12
    if y + 8 <= bottom + 1:
        pen.text(0, y, tiny.fit(v.hint, pen.w), tiny)


def club_wait_large(pen: Pen, v: ClubWaitView) -> None:
    """Large type: the event, the round awaited, whether the broker is there."""
    small = fonts()[1]
    bottom = large.frame(pen, ())
    pen.text(0, 0, small.fit(v.event, pen.w), small)
    y = large.block(pen, 13, v.waiting, bottom - 13, largest=False)
    if y + 13 <= bottom + 1:
        pen.chip(0, y + 1, Message("club.on" if v.online else "club.off"), small)


def club_round_large(pen: Pen, v: ClubRoundView) -> None:
    """Large type: the round's title, the four players around the table."""
    small = fonts()[1]
    bottom = large.frame(pen, ())
    pen.text(0, 0, small.fit(v.title, pen.w), small)
    labels = {
        seat: small.fit(v.seats.get(seat) or Message(f"seat.{seat.code}"), 60) for seat in Seat
    }
    compass(pen, (0, 13, pen.w, bottom + 1), labels, font=small)


def round_over_large(pen: Pen, v: RoundOverView) -> None:
    """Large type: the title, each team's round score, what OK does."""
    small, mid = fonts()[1], fonts()[2]
    bottom = large.frame(pen, (v.hint,) if v.hint else ())
    pen.text(0, 0, small.fit(v.title, pen.w), small)
    y = 13
    for row in v.rows:
        if y + 16 > bottom + 1:
            break
        total = str(row.total)
        pen.right(pen.w, y, total, mid)
        pen.text(0, y + 2, small.fit(row.name, pen.w - mid.width(total) - 4), small)
        y += 17


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {
    ClubWaitView: club_wait,
    ClubRoundView: club_round,
    RoundOverView: round_over,
}
#: Their large type.
LARGE: dict[type, Painter] = {
    ClubWaitView: club_wait_large,
    ClubRoundView: club_round_large,
    RoundOverView: round_over_large,
}
