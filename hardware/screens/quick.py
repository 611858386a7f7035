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
    pen.text(0, 0, contract_text(v.contract), small)
    pen.right(pen.w, 0, Message(f"mode.{Mode.PER_HAND.value}"), small)
    pen.line(0, 12, pen.w - 1, 12)
    pen.text(0, 16, Message("quick.bidders"), tiny)
    pen.text(0, 24, Message("quick.tricks"), tiny)
    pen.text(0, 32, Message("quick.of", of=v.of), tiny)
    pen.bitmap(44, 16, icon("▲", 5))
    pen.bitmap(44, 34, icon("▼", 5))
    pen.text(40 if v.bidders_tricks > 9 else 50, 18, str(v.bidders_tricks), big)
    for i, (key, suit, taken) in enumerate((("A", "5♥", v.five), ("B", "3♠", v.three))):
        y = 15 + i * 14
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
    bottom = large.frame(pen, v.hint)
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
    x = 0
    for key, suit, taken in (("A", "5♥", v.five), ("B", "3♠", v.three)):
        x = pen.chip(x, top + 24, key, small)
        x = pen.text(x + 2, top + 25, suit, small)
        x = pen.chip(x + 2, top + 24, _who(taken, v.contract), small, inverted=bool(taken)) + 8


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {QuickView: quick}
#: Their large type.
LARGE: dict[type, Painter] = {QuickView: quick_large}
