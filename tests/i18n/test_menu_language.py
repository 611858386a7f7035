"""The menu's Language item: where it sits, what it cycles, how the choice is kept."""

from __future__ import annotations

from kaiser_core.rules import Rules
from kaiser_core.table import Table, read_scene
from kaiser_core.table.keys import Key
from kaiser_core.table.menu import LANGUAGES, MenuItem, language
from kaiser_core.table.ui import Scene, Settings


def open_language(table: Table) -> None:
    table.press(Key.HOLD_OK)
    for _ in range(table.menu_items().index(MenuItem.LANGUAGE)):
        table.press(Key.DOWN)


def test_language_comes_after_the_built_in_items_and_before_shut_down() -> None:
    for reader in (False, True):
        items = Table(Rules(), reader_available=reader).menu_items()
        assert items[-1] is MenuItem.SHUT_DOWN  # added screens sit between the two
        assert items.index(MenuItem.LANGUAGE) == (8 if reader else 7)
    table = Table(Rules())
    table.press(Key.UP)
    table.press(Key.HOLD_OK)
    table.press(Key.UP)  # from the top, up still wraps to Shut down
    assert table.view().items[table.view().index].key == "menu.item.shut_down"


def test_ok_opens_the_list_on_the_configs_language_and_ok_there_cycles() -> None:
    table = Table(Rules())
    table.language = "fi"  # the config's
    table.press(Key.UP)
    open_language(table)
    label = table.view().items[table.view().index]
    assert label.key == "menu.item.language" and label.params["language"].key == "language.name"
    table.press(Key.OK)  # the list, on the next language, taken (as the item always did)
    assert language(table) == "es" and table.ui.screen.value == "choose"
    assert table.view().lines[table.view().index] == "* Español"
    seen = ["es"]
    for _ in LANGUAGES[1:]:
        table.press(Key.OK)
        seen.append(language(table))
        assert table.ui.screen.value == "choose" and table.ui.message.key == "menu.language"
    assert seen == ["es", "ru", "fr", "en", "it", "pt", "fi"]


def test_the_choice_is_journaled_with_the_ui_and_wins_over_the_config() -> None:
    table = Table(Rules())
    table.press(Key.UP)
    open_language(table)
    change = table.press(Key.OK)  # the list, on the next language: Italiano
    assert change.ui and not change.append  # UI state: journaled, not an entry
    stored = read_scene(table.ui.to_json())
    again = Table(Rules())
    again.language = "ru"
    again.ui = stored
    assert language(again) == "it"
    again.ui = Scene(settings=Settings(language="xx"))  # a bad value read back: the config's
    assert language(again) == "ru"


def test_the_menu_cycles_the_languages_the_hardware_speaks() -> None:
    from hardware import i18n

    assert LANGUAGES == i18n.LANGUAGES
