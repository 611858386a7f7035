"""The menu's Language and Entry as lists (issue 27): every choice in view, languages in
their own words, chosen with one OK; TABLE.md's scripted menu keys keep their meaning."""

from __future__ import annotations

from kaiser_core.modes import Mode
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table
from kaiser_core.table.menu import MenuItem, language
from kaiser_core.views.lists import ListView


def keys(table: Table, names: str) -> None:
    for name in names.split():
        table.press(Key.from_name(name))


def to_item(table: Table, item: MenuItem) -> None:
    table.press(Key.HOLD_OK)
    for _ in range(table.menu_items().index(item)):
        table.press(Key.DOWN)


def test_the_scripted_entry_keys_mean_what_they_meant() -> None:
    """TABLE.md's scripts: "HOLD-OK DOWN DOWN OK B" is per hand; "OK OK B" the reader."""
    table = Table(Rules(), reader_available=True)
    keys(table, "UP HOLD-OK DOWN DOWN OK")
    view = table.view()
    assert table.settings.mode is Mode.PER_HAND and isinstance(view, ListView)
    assert view.lines == ("  per trick", "* per hand", "  card reader")
    assert view.index == 1
    keys(table, "OK B")
    assert table.settings.mode is Mode.READER and table.ui.screen is Screen.SCORE
    keys(table, "HOLD-OK DOWN DOWN OK UP B")  # a wander on the list changes nothing more
    assert table.settings.mode is Mode.PER_TRICK and table.ui.screen is Screen.SCORE


def test_the_entry_list_takes_the_highlighted_mode_in_one_ok() -> None:
    table = Table(Rules(), reader_available=True)
    table.press(Key.UP)
    to_item(table, MenuItem.MODE)
    keys(table, "OK DOWN OK")  # per hand at once, then down to the reader: taken
    assert table.settings.mode is Mode.READER
    assert table.view().message == "entry: card reader (from the next contract)"


def test_the_languages_are_listed_in_their_own_words_and_one_ok_takes_one() -> None:
    table = Table(Rules())
    table.press(Key.UP)
    to_item(table, MenuItem.LANGUAGE)
    table.press(Key.OK)  # as the item always did: the next language, now in view
    view = table.view()
    assert isinstance(view, ListView) and view.title == "Language"  # drawn in Italian
    names = [line.strip("* ") for line in view.lines]
    assert names == ["English", "Italiano", "Português", "Suomi", "Español", "Русский", "Français"]
    assert language(table) == "it" and view.index == 1
    for _ in range(4):
        table.press(Key.DOWN)  # the cursor moves; nothing is taken until OK
    assert language(table) == "it"
    table.press(Key.OK)
    assert language(table) == "ru"
    table.press(Key.B)  # back to the game, in Russian
    assert table.ui.screen is Screen.SCORE and language(table) == "ru"


def test_every_list_the_menu_opens_says_where_b_goes_and_b_goes_there() -> None:
    """Issue 27: B from Language and Entry left the menu for the game, from Rules, History
    and Help it went back to the menu, and every one of them said "B back". TABLE.md's
    scripts keep Language and Entry's "OK B" at the game (the menu: "OK chooses, B closes"),
    so their hint says "B close"; the others say "B back" and go back to the menu."""
    table = Table(Rules(), reader_available=True)
    table.press(Key.UP)
    where = {"hint.back": Screen.MENU, "hint.leave": Screen.SCORE}
    for item in (MenuItem.MODE, MenuItem.LANGUAGE, MenuItem.RULES, MenuItem.HISTORY, MenuItem.HELP):
        to_item(table, item)
        table.press(Key.OK)
        view = table.view()
        assert isinstance(view, ListView), item
        (b,) = [hint for hint in view.hint if hint.params["key"] == "B"]
        said = b.params["what"].key
        table.press(Key.B)
        assert table.ui.screen is where[said], f"{item}: B says {str(b)!r}, goes elsewhere"
        if table.ui.screen is Screen.MENU:
            table.press(Key.B)
        assert table.ui.screen is Screen.SCORE
