"""The menu's Voice on/off and Volume (issue 28): items only on a table whose config has a
``[voice]`` that is on, journaled settings (a restart keeps them), and the speech status
(why speech fails) on the Voice item."""

from __future__ import annotations

from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Key, MenuItem, Screen, Table
from kaiser_core.table.events import VoiceStatus
from kaiser_core.table.screens import read_scene
from kaiser_core.table.ui import Scene
from kaiser_core.views.lists import MenuView


def voiced(volume: int = 80) -> Table:
    return Table(Rules(), choose_seat=lambda: Seat.N, voice_available=True, voice_volume=volume)


def on_item(table: Table, item: MenuItem) -> MenuView:
    """Open the menu on ``item`` (its cursor there) and return the menu's view."""
    table.press(Key.HOLD_OK)
    for _ in range(table.menu_items().index(item)):
        table.press(Key.DOWN)
    view = table.view()
    assert isinstance(view, MenuView)
    return view


def test_without_a_voice_the_menu_has_no_voice_items() -> None:
    items = Table(Rules()).menu_items()
    assert MenuItem.VOICE not in items and MenuItem.VOLUME not in items
    assert items[-1] is MenuItem.SHUT_DOWN


def test_a_voiced_table_has_voice_and_volume_after_language() -> None:
    plain = Table(Rules()).menu_items()
    items = voiced().menu_items()
    at = items.index(MenuItem.LANGUAGE)
    assert items[at + 1 : at + 3] == [MenuItem.VOICE, MenuItem.VOLUME]
    # every other item keeps its place: a key script's way through the menu is the same
    assert items[: at + 1] == plain[: at + 1] and items[at + 3 :] == plain[at + 1 :]


def test_voice_on_off_is_a_journaled_setting() -> None:
    table = voiced()
    view = on_item(table, MenuItem.VOICE)
    assert view.items[view.index] == "Voice: on"
    change = table.press(Key.OK)
    assert change.ui and table.settings.voice is False  # stored with the scene
    view = table.view()
    assert isinstance(view, MenuView)
    assert view.items[view.index] == "Voice: off" and view.message == "voice: off"
    again = read_scene(table.ui.to_json())
    assert again.settings.voice is False
    table.press(Key.OK)
    assert table.settings.voice is True


def test_volume_steps_up_from_the_configs_then_round() -> None:
    table = voiced(volume=70)
    view = on_item(table, MenuItem.VOLUME)
    assert view.items[view.index] == "Volume: 70%" and table.settings.volume is None
    heard = []
    for _ in range(5):
        assert table.press(Key.OK).ui
        heard.append(table.settings.volume)
    assert heard == [80, 100, 20, 40, 60]
    view = table.view()
    assert isinstance(view, MenuView)
    assert view.items[view.index] == "Volume: 60%" and view.message == "volume: 60%"
    assert read_scene(table.ui.to_json()).settings.volume == 60


def test_an_older_journal_without_the_settings_reads_the_defaults() -> None:
    old = Scene().to_json()
    del old["settings"]["voice"], old["settings"]["volume"]
    settings = read_scene(old).settings
    assert settings.voice is True and settings.volume is None
    bad = Scene().to_json()
    bad["settings"].update(voice="yes", volume="loud")  # a damaged row: defaults, no error
    settings = read_scene(bad).settings
    assert settings.voice is True and settings.volume is None


def test_the_voice_item_says_why_speech_fails() -> None:
    table = voiced()
    reason = "aplay -D hw:CARD=NoSuchCard: audio open error: No such file or directory"
    change = table.handle(VoiceStatus(reason))
    assert not change.stored  # the status is never journaled: the next start finds out
    view = on_item(table, MenuItem.VOICE)
    assert view.items[view.index] == "Voice: no sound"
    assert view.message == f"no sound: {reason}"  # the highlighted item: why
    table.press(Key.DOWN)
    view = table.view()
    assert isinstance(view, MenuView) and view.message == ""  # elsewhere: no notice
    table.press(Key.UP)
    table.press(Key.OK)  # off: the failing speaker does not matter
    view = table.view()
    assert isinstance(view, MenuView) and view.items[view.index] == "Voice: off"
    table.press(Key.OK)
    table.handle(VoiceStatus(""))  # speech works again
    view = table.view()
    assert isinstance(view, MenuView) and view.items[view.index] == "Voice: on"
    assert table.ui.screen is Screen.MENU
