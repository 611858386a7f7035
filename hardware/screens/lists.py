"""The menu and the lists (history, rules, teach mode, questions)."""

from __future__ import annotations

from hardware.screens import large
from hardware.screens.fonts import Font, fonts
from hardware.screens.icons import ON
from hardware.screens.paint import Painter
from hardware.screens.parts import message_bar, scrolling
from hardware.screens.pen import Pen
from kaiser_core.messages import Message
from kaiser_core.views.lists import ListView, MenuView


def menu(pen: Pen, v: MenuView) -> None:
    """Draw a MenuView."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message, v.hint)
    pen.text(0, 0, Message("menu.title"), small)
    pen.right(pen.w, 2, Message("menu.b_close"), tiny)
    pen.line(0, 12, pen.w - 1, 12)
    scrolling(pen, v.items, v.index, 14, bottom, small, 12)


def list(pen: Pen, v: ListView) -> None:
    """Draw a ListView."""
    tiny = fonts()[0]
    bottom = message_bar(pen, v.message, v.hint)
    top = title(pen, v.title)
    if v.wrap:
        wrapped(pen, v.lines, v.index, top, bottom, tiny)
    else:
        scrolling(pen, v.lines, v.index, top, bottom, tiny, 10)


def title(pen: Pen, text: str) -> int:
    """The title, whole: small, else tiny, else tiny over two rows; returns where lines start."""
    tiny, small, _, _ = fonts()
    if small.width(text) <= pen.w:
        pen.text(0, 0, text, small)
        rule = 12
    elif tiny.width(text) <= pen.w:
        pen.text(0, 2, text, tiny)
        rule = 12
    elif _two_names(text):
        two_names(pen, text.params["ns"], text.params["ew"], tiny)  # type: ignore[attr-defined]
        rule = 16
    else:
        for i, row in enumerate(tiny.wrap(text, pen.w, 2)):
            pen.text(0, i * 8, row, tiny)
        rule = 16
    pen.line(0, rule, pen.w - 1, rule)
    return rule + 2


def _two_names(text: str) -> bool:
    params = getattr(text, "params", {})
    return all(isinstance(params.get(k), str) for k in ("ns", "ew")) and len(params) == 2


def two_names(pen: Pen, ns: str, ew: str, font: Font) -> None:
    """A title naming both teams, too long for a row: "NS name /" over "EW name", each shortened.

    Each name is drawn (and shortened) alone, so only a name ever ends in an ellipsis.
    """
    slash = "/"
    room = pen.w - font.width(" " + slash)
    x = pen.text(0, 0, font.fit(ns, room), font)
    pen.text(x + font.width(" "), 0, slash, font)
    pen.text(0, 8, font.fit(ew, pen.w), font)


#: The parameters of a list line that are names (a team's, a player's): shortened first.
NAME_PARAMS = ("ns", "ew", "winner", "name")


def names_fit(item: str, font: Font, width: int, rows: int) -> str:
    """``item``, or, too long for ``rows`` rows, with its names shortened ("Wolfga…") to fit.

    Only a ``Message``'s name parameters are shortened, so the other words stay whole.
    """
    params = getattr(item, "params", None)
    if not params or len(font.wrap(item, width, 99)) <= rows:
        return item
    names = [k for k in NAME_PARAMS if isinstance(params.get(k), str)]
    longest = max((len(params[k]) for k in names), default=0)
    for keep in range(longest - 1, 2, -1):
        short = {k: _short(params[k], keep) for k in names}
        shorter = Message(item.key, **{**params, **short})  # type: ignore[attr-defined]
        if len(font.wrap(shorter, width, 99)) <= rows:
            return shorter
    return item


def _short(name: str, keep: int) -> str:
    return name if len(name) <= keep else name[:keep].rstrip() + "…"


def wrapped(
    pen: Pen,
    items: tuple[str, ...],
    index: int,
    top: int,
    bottom: int,
    font: Font,
    pitch: int = 0,
) -> None:
    """Lines from ``top`` to ``bottom``, each whole over as many rows as it needs
    (``pitch`` pixels a row; 0: the font's height and one).

    Line ``index`` is inverted and wholly in view (the lines before it scroll away); a
    scroll bar shows where the view is when not every line fits.
    """
    pitch = pitch or font.height + 1
    rows = max(1, (bottom + 1 - top) // pitch)
    if not items:
        return
    index = max(0, min(index, len(items) - 1))
    room = pen.w - 5
    blocks = [
        [item]
        if font.width(item) <= room - 4
        else font.wrap(names_fit(item, font, room - 8, rows), room - 8, rows)
        for item in items
    ]
    first, used = index, len(blocks[index])
    while first > 0 and used + len(blocks[first - 1]) <= rows:  # the lines before it
        used += len(blocks[first - 1])
        first -= 1
    y = top
    for i in range(first, len(items)):
        block = blocks[i]
        if i != index and (y - top) // pitch + len(block) > rows:
            break
        if i == index:
            pen.rect((0, y, room - 2, y + len(block) * pitch - 1))
        for row, line in enumerate(block):  # a line's later rows are indented
            pen.text(6 if row else 2, y + 1, line, font, fill=0 if i == index else ON)
            y += pitch
    height = rows * pitch
    total = sum(len(b) for b in blocks)
    if total > rows:
        pen.line(pen.w - 2, top, pen.w - 2, top + height - 1)
        above = sum(len(b) for b in blocks[:first])
        knob = max(3, height * rows // total)
        start = top + (height - knob) * min(above, total - rows) // max(1, total - rows)
        pen.rect((pen.w - 3, start, pen.w - 1, start + knob - 1))


def menu_large(pen: Pen, v: MenuView) -> None:
    """Large type: the items in 8x16 when every one fits (else 6x12), no title; B close
    joins the hint; a notice goes under the chosen item, which stays in view."""
    small, mid = fonts()[1], fonts()[2]
    close = Message("hint.step", key="B", what=Message("hint.close"))
    bottom = large.frame(pen, (*v.hint, close))
    font = mid if all(mid.width(item) <= pen.w - 9 for item in v.items) else small
    if v.message:  # the notice under the chosen item, never over it (paint draws it again)
        bottom = large.message_bar(pen, v.message, v.hint)
        font = mid if bottom + 1 >= mid.height + 1 and font is mid else small
    scrolling(pen, v.items, v.index, 0, bottom, font, font.height + 1)


def list_large(pen: Pen, v: ListView) -> None:
    """Large type: the title, then the lines in 6x12, each whole over as many rows as it
    needs; the title as large as leaves the chosen line its rows, or none. A notice goes
    under the lines, never over the chosen one ("langue: Français" on the language list)."""
    small, mid = fonts()[1], fonts()[2]
    bottom = large.frame(pen, v.hint, v.message)  # paint draws the notice again, the same
    chosen = v.lines[v.index] if 0 <= v.index < len(v.lines) else ""
    needs = len(small.wrap(chosen, pen.w - 13, 99)) * small.height
    titles = [(font, font.wrap(v.title, pen.w, 2)) for font in (mid, small)]
    titles = [(f, rows) for f, rows in titles if not rows[-1].endswith("…")]
    titles = [(f, rows) for f, rows in titles if f is small or len(rows) == 1]
    top = 0
    for font, rows in titles:
        if len(rows) * font.height + 2 + needs <= bottom + 1:
            y = 0
            for row in rows:
                pen.text(0, y, row, font)
                y += font.height
            pen.line(0, y, pen.w - 1, y)
            top = y + 2
            break
    wrapped(pen, v.lines, v.index, top, bottom, small, pitch=small.height)


#: The views this module draws (``paint`` finds it by the views' module's name).
PAINTERS: dict[type, Painter] = {MenuView: menu, ListView: list}
#: Their large type.
LARGE: dict[type, Painter] = {MenuView: menu_large, ListView: list_large}
