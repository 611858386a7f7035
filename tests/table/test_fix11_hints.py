"""uxb's screens say their keys on the hint line too: the names step, the dealer step after it,
History's games and hands, the profiles menu (issue 11, after the merge)."""

from __future__ import annotations

from PIL import Image

from hardware.screens import SIZE, render
from hardware.screens.parts import hint_line, hint_width
from hardware.screens.pen import Pen
from kaiser_core.cards import Team
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table
from kaiser_core.views import View
from kaiser_core.views.lists import ListView

UP, DOWN, LEFT, RIGHT, OK, B = Key.UP, Key.DOWN, Key.LEFT, Key.RIGHT, Key.OK, Key.B
ROSTER = ("Ann", "Bob", "Cy", "Dee", "Eve")


def press(t: Table, *keys: Key) -> Table:
    for key in keys:
        t.press(key)
    return t


def hint(view: View) -> str:
    return " | ".join(view.hint)  # type: ignore[union-attr]


def bottom_row_is_the_hint_alone(view: View) -> bool:
    alone = Image.new("1", SIZE)
    hint_line(Pen(alone, (0, 0), SIZE), view.hint)  # type: ignore[union-attr]
    box = (0, 55, SIZE[0], SIZE[1])
    return render(view).crop(box).tobytes() == alone.crop(box).tobytes()


def test_the_names_step_and_the_dealer_step_after_it_hint_their_keys():
    t = Table(Rules(), roster=ROSTER)
    view = t.view()
    assert view.picking is not None  # type: ignore[union-attr]
    assert hint(view) == "▲▼ name | ◀▶ seat | OK on"
    assert bottom_row_is_the_hint_alone(view)
    press(t, OK)  # on to the dealer: B goes back to the names, and the hint says so
    view = t.view()
    assert view.picking is None and hint(view) == "OK random dealer | B names"  # type: ignore[union-attr]
    assert bottom_row_is_the_hint_alone(view)
    press(t, B)
    assert hint(t.view()) == "▲▼ name | ◀▶ seat | OK on"
    press(t, DOWN)  # a name changes; a twice-seated name is said above the hint
    assert bottom_row_is_the_hint_alone(t.view())


def test_without_a_roster_new_game_hints_the_random_dealer_only():
    assert hint(Table(Rules()).view()) == "OK random dealer"


def test_history_says_ok_opens_a_games_hands_and_the_hands_scroll():
    t = press(Table(Rules(), names={Team.NS: "Us", Team.EW: "Them"}), UP)
    press(t, OK, RIGHT, OK, *[RIGHT] * 8, OK)  # E bids 6♥ and takes every trick
    press(t, Key.HOLD_OK)
    items = [str(i) for i in t.view().items]  # type: ignore[union-attr]
    press(t, *[DOWN] * items.index("History"), OK)
    view = t.view()
    assert isinstance(view, ListView) and hint(view) == "▲▼ move | OK hands | B back"
    press(t, OK)
    view = t.view()
    assert t.ui.state.list_kind == "hands" and hint(view) == "▲▼ scroll | B back"
    assert bottom_row_is_the_hint_alone(view)
    press(t, B)
    assert hint(t.view()) == "▲▼ move | OK hands | B back"


def test_an_empty_history_does_not_offer_hands():
    t = press(Table(Rules()), Key.HOLD_OK)  # before the first game: no game to open
    items = [str(i) for i in t.view().items]  # type: ignore[union-attr]
    press(t, *[DOWN] * items.index("History"), OK)
    assert t.ui.screen is Screen.LIST and t.view().lines == ("no games yet",)  # type: ignore[union-attr]
    assert hint(t.view()) == "▲▼ scroll | B back"


def test_the_profiles_menu_says_move_choose_and_back():
    t = press(Table(Rules()), UP, Key.HOLD_OK)
    items = [str(i) for i in t.view().items]  # type: ignore[union-attr]
    press(t, *[DOWN] * items.index("Rules for new games"), OK)
    view = t.view()
    assert isinstance(view, ListView) and hint(view) == "▲▼ move | OK choose | B back"
    assert 0 < hint_width(view.hint) <= 128 and bottom_row_is_the_hint_alone(view)


def test_score_shows_the_last_hand_even_with_long_team_names(monkeypatch):
    """A name too long for the row gives way to the team's code, as the warnings do."""
    import hardware.screens.pen as pen_module

    names = {Team.NS: "Annabelle Marchand-Leroy & Cy", Team.EW: "Bartholomew Fitzgerald & Dee"}
    t = press(Table(Rules(), names=names), UP, OK, RIGHT, OK, *[RIGHT] * 8, OK)
    view = t.view()
    assert t.ui.screen is Screen.SCORE and names[Team.EW] in str(view.last)  # type: ignore[union-attr]
    drawn: list[str] = []
    original = pen_module.Pen.text

    def recording(self, x, y, text, font, fill=255):  # type: ignore[no-untyped-def]
        drawn.append(str(text))
        return original(self, x, y, text, font, fill)

    monkeypatch.setattr(pen_module.Pen, "text", recording)
    render(view)
    assert "last: EW 6♠ made +10/0" in drawn, repr(drawn)
