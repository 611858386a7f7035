"""The long presses said where a player needs them (issue 27): SCORE and BIDDER in a
game's first hands, and the Help the menu opens; in both sizes."""

from __future__ import annotations

from hardware.screens import render
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table
from kaiser_core.table.menu import MenuItem
from kaiser_core.views.contract import BidderView, ScoreView
from kaiser_core.views.lists import ListView

#: From SCORE: N wins 7♠, per hand, bidders take 8 tricks.
HAND = "OK UP UP OK UP UP UP UP OK OK"
TIPS = ("hold B to undo", "hold OK for the menu")


def drawn(view: object, large: bool) -> list[str]:
    """The texts a render of ``view`` draws."""
    from hardware.screens.pen import Pen

    texts: list[str] = []
    original = Pen.text

    def record(self: Pen, x: int, y: int, text: str, font: object, fill: int = 255) -> int:
        texts.append(str(text))
        return original(self, x, y, text, font, fill)  # type: ignore[arg-type]

    Pen.text = record  # type: ignore[method-assign]
    try:
        render(view, large=large)
    finally:
        Pen.text = original  # type: ignore[method-assign]
    return texts


def test_the_first_hands_say_the_long_presses_and_later_ones_do_not() -> None:
    from kaiser_core.modes import Mode

    table = Table(Rules(), choose_seat=lambda: Seat.N)
    table.choose(mode=Mode.PER_HAND)
    table.press(Key.UP)
    for hand in range(3):
        score = table.view()
        assert isinstance(score, ScoreView)
        said = TIPS if hand < 2 else ()
        assert score.tips == said
        texts = "".join(drawn(score, large=False))  # a tip's key is drawn in its own chip
        shown = said if hand == 0 else said[:1]  # the 2nd hand's "last:" line takes a row
        assert all(tip in texts for tip in shown), texts
        table.press(Key.OK)
        bidder = table.view()
        assert isinstance(bidder, BidderView) and bidder.tips == said
        assert all(tip in "".join(drawn(bidder, large=True)) for tip in said)
        table.press(Key.B)
        for name in HAND.split():
            table.press(Key.from_name(name))
    assert not [t for t in TIPS if t in "".join(drawn(table.view(), large=False))]


def test_the_menus_help_says_the_keys_and_the_long_presses() -> None:
    table = Table(Rules())
    table.press(Key.UP)
    table.press(Key.HOLD_OK)
    for _ in range(table.menu_items().index(MenuItem.HELP)):
        table.press(Key.DOWN)
    table.press(Key.OK)
    view = table.view()
    assert isinstance(view, ListView) and view.title == "Help"
    words = " ".join(view.lines)
    assert "Hold B: undo" in words and "Hold OK: this menu" in words
    for large in (False, True):
        assert "Help" in drawn(view, large)
    table.press(Key.B)
    assert table.ui.screen is Screen.MENU
