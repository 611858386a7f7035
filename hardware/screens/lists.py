"""The menu and the lists (history, rules, teach mode, questions)."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.paint import painter
from hardware.screens.parts import message_bar, scrolling
from hardware.screens.pen import Pen
from kaiser_core.views import ListView, MenuView


@painter(MenuView)
def menu(pen: Pen, v: MenuView) -> None:
    """Draw a MenuView."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, "MENU", small)
    pen.right(pen.w, 2, "B close", tiny)
    pen.line(0, 12, pen.w - 1, 12)
    scrolling(pen, v.items, v.index, 14, bottom, small, 12)


@painter(ListView)
def list(pen: Pen, v: ListView) -> None:
    """Draw a ListView."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, small.fit(v.title, pen.w), small)
    pen.line(0, 12, pen.w - 1, 12)
    scrolling(pen, v.lines, v.index, 14, bottom, tiny, 10)
