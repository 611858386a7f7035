"""QUICK: per-hand entry."""

from __future__ import annotations

from hardware.screens import large
from hardware.screens.fonts import fonts
from hardware.screens.icons import icon
from hardware.screens.paint import Painter
from hardware.screens.parts import (
    contract_text,
    live_text,
    message_bar,
    status_chip,
    status_word,
)
from hardware.screens.pen import Pen
from kaiser_core.messages import Message
from kaiser_core.modes import Mode
from kaiser_core.views.base import ContractLabel
from kaiser_core.views.quick import QuickView


def _who(taken: str, contract: ContractLabel) -> str:
    """The team code that holds a special, from ``bidders``/``defenders``; ``?`` unset."""
    team = contract.bidder.team
    code = {"bidders": team.code, "defenders": team.other.code}.get(taken)
    return Message(f"team.{code}") if code else "?"


def quick(pen: Pen, v: QuickView) -> None:
    """Draw a QuickView."""
    tiny, small, _, big = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    up = 0 if bottom >= 41 else 13  # above a notice, the count and the specials go up
    if not up:
        pen.text(0, 0, contract_text(v.contract), small)
        pen.right(pen.w, 0, Message(f"mode.{Mode.PER_HAND.value}"), small)
        pen.line(0, 12, pen.w - 1, 12)
    pen.text(0, 16 - up, Message("quick.bidders"), tiny)
    pen.text(0, 24 - up, Message("quick.tricks"), tiny)
    pen.text(0, 32 - up, Message("quick.of", of=v.of), tiny)
    pen.bitmap(44, 16 - up, icon("▲", 5))
    pen.bitmap(44, 34 - up, icon("▼", 5))
    pen.text(40 if v.bidders_tricks > 9 else 50, 18 - up, str(v.bidders_tricks), big)
    for i, (key, suit, taken) in enumerate((("A", "5♥", v.five), ("B", "3♠", v.three))):
        y = 15 + i * 14 - up
        x = pen.chip(76, y, key, small)
        x = pen.text(x + 3, y + 1, suit, small)
        pen.chip(x + 3, y, _who(taken, v.contract), small, inverted=bool(taken))
    status = v.live.status if v.live else ""
    if v.live and status and bottom >= 53:  # as on TRICKS: the points and MADE or SET
        pen.text(0, 43, live_text(v.live), small)
        status_chip(pen, pen.w, 42, status)
    elif v.progress and bottom >= 52:
        pen.text(0, 45, v.progress, tiny)


def quick_large(pen: Pen, v: QuickView) -> None:
    """Large type: the contract, the bidders' tricks as large as they go, where the
    specials went (each key in its chip), MADE or SET; a hint over two rows takes the
    contract's row."""
    small, big = fonts()[1], fonts()[3]
    bottom = large.frame(pen, v.hint, v.message)
    if bottom + 1 < 37:  # a notice leaves one row: the count and where the specials went
        x = pen.text(0, 0, str(v.bidders_tricks), small) + 8
        _specials(pen, x, 0, v, tight=bottom + 1 < small.height + 1)
        return
    top = 13 if bottom >= 48 else 0
    if top:
        pen.text(0, 0, contract_text(v.contract), small)
    status = v.live.status if v.live else ""
    if status:
        word = status_word(status)
        pen.chip(pen.w - small.width(word) - 3, 0 if top else 22, word, small)
    label = (Message("quick.bidders"), Message("quick.tricks"))
    for i, line in enumerate(label):
        pen.text(0, top + 1 + i * 11, line, small)
    x = max(small.width(line) for line in label) + 4
    pen.bitmap(x, top + 1, icon("▲", 5))
    pen.bitmap(x, top + 18, icon("▼", 5))
    pen.text(x + 8, top + 1, str(v.bidders_tricks), big)
    _specials(pen, 0, top + 24, v)


def _specials(pen: Pen, x: int, y: int, v: QuickView, tight: bool = False) -> None:
    """Each special's key in its chip, the card, and the team that took it, from ``x``
    (``tight``: in a row of 12 pixels)."""
    small = fonts()[1]
    for key, suit, taken in (("A", "5♥", v.five), ("B", "3♠", v.three)):
        x = pen.chip(x, y, key, small, True, tight)
        x = pen.text(x + 2, y + (0 if tight else 1), suit, small)
        who = _who(taken, v.contract)
        x = pen.chip(x + 2, y, who, small, bool(taken), tight) + 8


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {QuickView: quick}
#: Their large type.
LARGE: dict[type, Painter] = {QuickView: quick_large}
