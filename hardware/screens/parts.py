"""Pieces several screens share: the message bar, the compass of seats, chips, lists."""

from __future__ import annotations

import re

from hardware.i18n import localize
from hardware.screens.fonts import Font, fonts
from hardware.screens.icons import ON, icon
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat
from kaiser_core.messages import Message
from kaiser_core.views.base import ContractLabel, LiveContract, TeamScore


def message_bar(pen: Pen, message: str, hint: tuple[str, ...] = (), draw_hint: bool = True) -> int:
    """The hint line at the bottom and the inverted message bar (one or two lines) above it.

    Returns the last row the screen's own content may use. ``draw_hint`` False draws the
    bar alone, in its place above the hint line (``paint`` puts it back on top).
    """
    if not hint:
        bottom = pen.h
    elif draw_hint:
        bottom = hint_line(pen, hint)
    else:
        bottom = pen.h - fonts()[0].height - 3
    if not message:
        return bottom
    tiny = fonts()[0]
    lines = tiny.wrap(message, pen.w - 4, 2)
    top = (bottom + 1 if hint else pen.h) - len(lines) * 9 - 1
    pen.rect((0, top, pen.w - 1, top + len(lines) * 9))
    for i, line in enumerate(lines):
        pen.center(pen.w // 2, top + 1 + i * 9, line, tiny, fill=0)
    return top - 1


def hint_parts(hint: tuple[str, ...]) -> list[tuple[str, str]]:
    """Each hint as (key, what): a ``hint.step`` message's key, or "" for plain text."""
    out: list[tuple[str, str]] = []
    for item in hint:
        params = getattr(item, "params", {})
        if getattr(item, "key", "") == "hint.step":
            out.append((str(params["key"]), params["what"]))
        else:
            out.append(("", item))
    return out


def hint_width(hint: tuple[str, ...]) -> int:
    """The width of the hint line in pixels."""
    tiny = fonts()[0]
    widths = [
        (tiny.width(key) + 5 if key else 0) + tiny.width(what) for key, what in hint_parts(hint)
    ]
    return sum(widths) + HINT_GAP * max(0, len(widths) - 1)


HINT_GAP = 6  # pixels between two hints


def hint_line(pen: Pen, hint: tuple[str, ...]) -> int:
    """What the keys do, on the bottom line: each key in a chip, then what it does.

    Returns the last row above it (one row left blank between).
    """
    tiny = fonts()[0]
    y = pen.h - tiny.height - 1
    x = 0
    for key, what in hint_parts(hint):
        if key:
            x = pen.chip(x, y, key, tiny) + 2
        x = pen.text(x, y + 1, what, tiny) + HINT_GAP
    return y - 2


#: A button named in words: the Latin A or B standing alone (Russian's East "В" is Cyrillic).
KEY_LETTER = re.compile(r"(?<![^\W\d_])[AB](?![^\W\d_])")


def _keyed_extra(text: str) -> int:
    """The pixels the chips add: none where the space before a key takes its box."""
    return sum(
        0 if m.start() and text[m.start() - 1] == " " else 3 for m in KEY_LETTER.finditer(text)
    )


def keyed_width(text: str, font: Font) -> int:
    """The width ``keyed_text`` draws ``text`` in."""
    text = localize(text)
    return font.width(text) + _keyed_extra(text)


def keyed_text(pen: Pen, x: int, y: int, text: str, font: Font) -> int:
    """``text`` with each button it names (A, B) in a chip, as the hint line draws keys: the
    fonts draw Latin "B" as Russian's East "В", and a key must not read as a seat. After a
    space the letter stays where it was, its box drawn in the spaces around it."""
    text = localize(text)
    at = 0
    for found in KEY_LETTER.finditer(text):
        if found.start() > at:
            x = pen.text(x, y, text[at : found.start()], font)
        if found.start() and text[found.start() - 1] == " ":
            x = pen.chip(x - 2, y - 1, found.group(), font) - 1
        else:
            x = pen.chip(x, y - 1, found.group(), font)
        at = found.end()
    return pen.text(x, y, text[at:], font) if at < len(text) else x


def contract_text(c: ContractLabel) -> str:
    """``E 8♥``, ``W 7NT low`` (a Message)."""
    trump = c.trump.symbol if c.trump else Message("word.nt")
    if c.first_lead:  # trump_by_first_lead: the number, then "first lead"
        return Message("contract.label_lead", bidder=c.bidder, number=c.number)
    key = "contract.label_low" if c.low else "contract.label"
    return Message(key, bidder=c.bidder, number=c.number, trump=trump)


def seat_labels() -> dict[Seat, str]:
    """Each seat's letter (a Message: the table's language names the seats)."""
    return {s: Message(f"seat.{s.code}") for s in Seat}


def team_name(team: TeamScore) -> str:
    """A team's name; a team named by its code is named in the table's language."""
    return Message(f"team.{team.name}") if team.name == team.team.code else team.name


def compass(
    pen: Pen,
    box: tuple[int, int, int, int],
    labels: dict[Seat, str],
    highlight: Seat | None = None,
    font: Font | None = None,
    arrows: bool = False,
    framed: Seat | None = None,
) -> None:
    """Seats around a table in ``box`` (x0, y0, x1, y1 exclusive): N up, E right, S down, W left.

    ``highlight`` inverts a seat's label, ``framed`` outlines it; ``arrows`` draws the
    table with an arrow toward each seat (the joystick's directions).
    """
    font = font or fonts()[1]
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    h = font.height + 1
    for seat in Seat:
        label = labels[seat]
        w = font.width(label) + 3
        x, y = {
            Seat.N: (cx - w // 2, y0),
            Seat.S: (cx - w // 2, y1 - h),
            Seat.W: (x0, cy - h // 2),
            Seat.E: (x1 - w, cy - h // 2),
        }[seat]
        if seat is highlight:
            pen.chip(x, y, label, font)
        elif seat is framed:
            pen.chip(x, y, label, font, inverted=False)
        else:
            pen.text(x + 2, y + 1, label, font)
    if arrows and y1 - y0 >= 46:
        pen.rect((cx - 6, cy - 4, cx + 6, cy + 4), fill=None, outline=ON)
        pen.bitmap(cx - 2, cy - 8, icon("▲", 5))
        pen.bitmap(cx - 2, cy + 6, icon("▼", 5))
        pen.bitmap(cx - 10, cy - 2, icon("◀", 5))
        pen.bitmap(cx + 8, cy - 2, icon("▶", 5))


def signed(n: int) -> str:
    """``+11``, ``-3``, ``0``."""
    return f"{n:+d}" if n else "0"


def live_text(live: LiveContract) -> str:
    """``6 of 8 points``: the points so far of those the contract needs (in words: no
    abbreviation a player must learn; ``live.most`` says the most still possible)."""
    return Message("live.points", points=live.points, needed=live.needed)


def status_word(status: str) -> str:
    """MADE or SET as a Message ("" stays "")."""
    return Message(f"status.{status.lower()}") if status in ("MADE", "SET") else status


def chip_font(text: str) -> Font:
    """The small font for a chip's word, the tiny one for a word longer than MADE."""
    tiny, small = fonts()[:2]
    return small if small.width(text) <= 30 else tiny


def status_chip(pen: Pen, x_right: int, y: int, status: str) -> None:
    """MADE or SET in an inverted box ending at ``x_right``."""
    if status:
        word = status_word(status)
        font = chip_font(word)
        pen.chip(x_right - font.width(word) - 3, y + (2 if font.height < 12 else 0), word, font)


def scrolling(
    pen: Pen, items: tuple[str, ...], index: int, top: int, bottom: int, font: Font, pitch: int
) -> None:
    """Lines from ``top`` to ``bottom``, line ``index`` inverted, whole and in view, a
    scroll bar (none when it would cut line ``index`` short)."""
    rows = max(1, (bottom - top) // pitch)
    if not items:
        return
    index = max(0, min(index, len(items) - 1))
    first = min(
        max(0, index - rows + 1 + (1 if index < len(items) - 1 and rows > 2 else 0)),
        max(0, len(items) - rows),
    )
    first = min(first, index)
    bar = len(items) > rows and font.width(items[index]) <= pen.w - 9  # else the line whole
    room = pen.w - (5 if bar else 0)
    for row, i in enumerate(range(first, min(len(items), first + rows))):
        y = top + row * pitch
        if i == index:
            pen.rect((0, y, room - 2, y + pitch - 1))
        pen.text(
            2,
            y + (pitch - font.height) // 2,
            font.fit(items[i], room - 4),
            font,
            fill=0 if i == index else ON,
        )
    if bar:
        height = rows * pitch
        pen.line(pen.w - 2, top, pen.w - 2, top + height - 1)
        knob = max(3, height * rows // len(items))
        start = top + (height - knob) * first // max(1, len(items) - rows)
        pen.rect((pen.w - 3, start, pen.w - 1, start + knob - 1))
