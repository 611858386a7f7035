"""A notice never hides what a screen is for (issue 27: "messages cover the bid, the menu
and the compass").

Each sample of a screen that shows a choice or a score is drawn with the longest message
of the table's catalog as its notice (the bar at its tallest: two rows of 5x8, three of
6x12 in large type), in every language and both sizes. Every text and bitmap the painter
draws is recorded with its place; what the screen is for (the bid's number and trump, the
seats to push toward, the totals, the tricks counted...) must be drawn whole above the
notice bar's top row. Secondary parts may give way.
"""

from __future__ import annotations

import dataclasses
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from hardware import i18n
from hardware.screens import SIZE, large, parts
from hardware.screens.fonts import Font, fonts
from hardware.screens.icons import icon
from hardware.screens.paint import LARGE, painter_of
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat, Team
from kaiser_core.messages import TEXTS, Message
from kaiser_core.views import View
from kaiser_core.views.cards import CardsView
from kaiser_core.views.contract import BidderView, BidView, ScoreView
from kaiser_core.views.game_over import GameOverView
from kaiser_core.views.lists import ListView, MenuView
from kaiser_core.views.quick import QuickView
from kaiser_core.views.summary import SummaryView
from kaiser_core.views.tricks import AskSpecialView, TricksView

from .samples import SAMPLES

#: A word, or a bitmap in any of its sizes, that must be drawn whole above the notice.
Essential = str | tuple[Image.Image, ...]


@pytest.fixture(params=i18n.LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(str(request.param))
    try:
        yield str(request.param)
    finally:
        i18n.set_language("en")


def longest_notice() -> Message:
    """The widest message of the table's catalog in the language spoken now (each value a
    one-digit number): the tallest notice bar there is."""
    tiny = fonts()[0]
    found: list[tuple[int, Message]] = []
    for key, template in TEXTS.items():
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        try:
            message = Message(key, **dict.fromkeys(names, "8"))
        except (KeyError, IndexError, ValueError):
            continue
        found.append((tiny.width(i18n.localize(message)), message))
    return max(found, key=lambda pair: pair[0])[1]


def suit(symbol: str) -> tuple[Image.Image, ...]:
    """A suit's bitmap: the bid's own 18 pixels, or the size of a font's text."""
    return (icon(symbol, 18), *(font.icon_for(symbol) for font in fonts()))


def _seats(labels: dict[Seat, str]) -> list[Essential]:
    return [i18n.localize(labels[s]) for s in Seat]


def essentials(view: View, big: bool) -> list[Essential]:
    """What ``view`` is for: its words (each token drawn) and bitmaps (by their pixels)."""
    seats = {s: Message(f"seat.{s.code}") for s in Seat}
    if isinstance(view, BidView):
        if view.lead_trump and view.trump is not None:
            trump: Essential = Message("word.lead")
        elif view.trump is not None:
            trump = suit(view.trump.symbol)
        else:
            trump = Message("word.nt")
        return [str(view.number), trump, *([Message("word.low")] if view.low else [])]
    if isinstance(view, BidderView):  # the seats to push toward (large type: the question)
        return [Message("bidder.title")] if big else _seats(seats)
    if isinstance(view, ScoreView):
        return [str(view.ns.total), str(view.ew.total)]
    if isinstance(view, TricksView):
        teams = {
            "ns": Team.NS,
            "ew": Team.EW,
            "tricks_ns": view.tricks_ns,
            "tricks_ew": view.tricks_ew,
        }
        return [Message("tricks.count", **teams)]
    if isinstance(view, AskSpecialView):
        card = [view.card.rank, suit(view.card.suit.symbol)]
        return card if big else [*card, *_seats(seats)]
    if isinstance(view, QuickView):
        return [str(view.bidders_tricks), "A", "B"]
    if isinstance(view, SummaryView) and not view.scroll:
        return [str(view.ns.total), str(view.ew.total)]
    if isinstance(view, GameOverView):
        return [str(view.winner.total), str(view.loser.total)]
    if isinstance(view, MenuView):
        return [view.items[view.index]]
    if isinstance(view, ListView) and 0 <= view.index < len(view.lines):
        return [view.lines[view.index]]  # the chosen line (test_..._the_chosen_line_...)
    if isinstance(view, CardsView):
        played = dict(view.cards) or dict(view.last_trick)
        return [played[s].label if s in played else seats[s] for s in played or seats]
    return []


KINDS = (BidView, BidderView, ScoreView, TricksView, AskSpecialView, QuickView)
KINDS += (SummaryView, GameOverView, MenuView, CardsView)
NAMES = sorted(n for n, v in SAMPLES.items() if isinstance(v, KINDS) and essentials(v, False))


@dataclasses.dataclass
class Drawn:
    """What a painter drew: each text (its words) and bitmap with its box."""

    texts: list[tuple[str, int, int]] = dataclasses.field(default_factory=list)
    bitmaps: list[tuple[bytes, tuple[int, int], int, int]] = dataclasses.field(default_factory=list)


def draw(view: View, big: bool) -> tuple[Drawn, int]:
    """The painter's texts and bitmaps (without paint's own bar) and the bar's top row."""
    screen = painter_of(type(view), big)
    assert screen is not None
    big = big and type(view) in LARGE
    out = Drawn()
    text, bitmap = Pen.text, Pen.bitmap

    def texts(self: Pen, x: int, y: int, what: str, font: Font, fill: int = 255) -> int:
        out.texts.append((i18n.localize(what), y, y + font.height))
        return text(self, x, y, what, font, fill)

    def bitmaps(self: Pen, x: int, y: int, mask: Image.Image, fill: int = 255) -> None:
        out.bitmaps.append((mask.tobytes(), mask.size, y, y + mask.height))
        bitmap(self, x, y, mask, fill)

    Pen.text, Pen.bitmap = texts, bitmaps  # type: ignore[method-assign]
    try:
        screen(Pen(Image.new("1", SIZE), (0, 0), SIZE, big), view)
    finally:
        Pen.text, Pen.bitmap = text, bitmap  # type: ignore[method-assign]
    scratch = Pen(Image.new("1", SIZE), (0, 0), SIZE, big)
    hint: Any = getattr(view, "hint", ())
    hint = hint if isinstance(hint, tuple) else ()
    if big:
        top = large.message_bar(scratch, view.message, hint) + 1
    else:
        top = parts.message_bar(scratch, view.message, hint, draw_hint=False) + 1
    return out, top


def tokens(text: str) -> list[str]:
    """The words of ``text`` (a score "53:31" is two)."""
    return re.findall(r"[^\s:]+", text)


def hidden(view: View, big: bool) -> list[str]:
    """The essentials of ``view`` not drawn whole above its notice bar."""
    drawn, top = draw(view, big)
    words = {w for t, _, bottom in drawn.texts if bottom <= top for w in tokens(t)}
    images = {(data, size) for data, size, _, bottom in drawn.bitmaps if bottom <= top}
    out: list[str] = []
    for thing in essentials(view, big):
        if isinstance(thing, tuple):
            if not {(i.tobytes(), i.size) for i in thing} & images:
                out.append(f"a {thing[0].size} bitmap")
        elif not set(tokens(i18n.localize(thing))) <= words:
            out.append(repr(i18n.localize(thing)))
    return out


@pytest.mark.parametrize("big", [False, True], ids=["normal", "large"])
def test_a_long_notice_leaves_what_a_screen_is_for_in_view(language: str, big: bool) -> None:
    notice = longest_notice()
    bad: list[str] = []
    for name in NAMES:
        view = dataclasses.replace(SAMPLES[name], message=notice)  # type: ignore[type-var]
        missing = hidden(view, big)
        if missing:
            bad.append(f"{name}: {', '.join(missing)}")
    assert not bad, f"under {i18n.localize(notice)!r}:\n" + "\n".join(bad)


def test_without_a_notice_everything_essential_is_drawn(language: str) -> None:
    """The check itself: with no notice every essential is found (none misnamed)."""
    for big in (False, True):
        for name in NAMES:
            view = dataclasses.replace(SAMPLES[name], message="")  # type: ignore[type-var]
            assert hidden(view, big) == [], (name, big)


def test_a_bar_over_the_bid_is_found() -> None:
    """The check itself: the bid's number under a bar drawn over the whole screen is hidden."""
    view = dataclasses.replace(SAMPLES["bid_hearts"], message="x", hint=())
    assert hidden(view, False) == []
    original = parts.message_bar

    def whole(pen: Pen, message: str, hint: tuple[str, ...] = (), draw_hint: bool = True) -> int:
        return -1 if message else pen.h

    parts.message_bar = whole  # type: ignore[assignment]
    try:
        assert hidden(view, False) == ["'8'", "a (18, 18) bitmap"]
    finally:
        parts.message_bar = original


LISTS = sorted(n for n, v in SAMPLES.items() if isinstance(v, ListView) and essentials(v, False))


@pytest.mark.parametrize("big", [False, True], ids=["normal", "large"])
def test_a_notice_leaves_the_chosen_line_of_a_list_in_view(language: str, big: bool) -> None:
    """Issue 27: in large type "langue: Français" covered the chosen row of the language
    list. Under a one-row notice (the language list's own) the chosen line is drawn whole
    above it; under the longest notice there is (three rows of 6x12 in large type) a list
    line that takes two rows cannot be whole, but its first row stays in view."""
    said = Message("menu.language", language=Message("language.name"))
    longest = longest_notice()
    bad: list[str] = []
    for name in LISTS:
        view = dataclasses.replace(SAMPLES[name], message=said)  # type: ignore[type-var]
        missing = hidden(view, big)
        if missing:
            bad.append(f"{name} under {i18n.localize(said)!r}: {', '.join(missing)}")
        view = dataclasses.replace(SAMPLES[name], message=longest)  # type: ignore[type-var]
        drawn, top = draw(view, big)
        first = tokens(i18n.localize(view.lines[view.index]))[0]
        if not any(first in tokens(t) for t, _, bottom in drawn.texts if bottom <= top):
            bad.append(f"{name} under the longest notice: {first!r}")
    assert not bad, "\n".join(bad)
