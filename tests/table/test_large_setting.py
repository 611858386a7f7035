"""Large type as a table setting (issue 27): the menu's item, the config's key, journaled
with the scene like the language, and the key flows the same in both sizes."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.config import ConfigError, load_config
from hardware.screens import render
from kaiser_core.cards import Team
from kaiser_core.rules import Rules
from kaiser_core.table import Table, read_scene
from kaiser_core.table.keys import Key
from kaiser_core.table.menu import MenuItem, large
from kaiser_core.table.ui import Scene, Settings

#: TABLE.md's example hand (a contract: scripts depend on it).
EXAMPLE = "UP OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK"


def open_large(table: Table) -> None:
    table.press(Key.HOLD_OK)
    for _ in range(table.menu_items().index(MenuItem.LARGE)):
        table.press(Key.DOWN)


def test_the_menu_item_turns_large_type_on_and_off_and_says_so() -> None:
    table = Table(Rules())
    table.press(Key.UP)
    open_large(table)
    label = table.view().items[table.view().index]
    assert label == "Large type: off"
    table.press(Key.OK)
    assert large(table) and table.settings.large is True
    assert table.view().message == "large type: on"
    assert table.view().items[table.view().index] == "Large type: on"
    table.press(Key.OK)
    assert not large(table) and table.settings.large is False


def test_the_configs_large_type_holds_until_the_menu_chooses() -> None:
    table = Table(Rules())
    table.type_size(True)
    assert large(table) and table.settings.large is None
    table.press(Key.UP)
    open_large(table)
    table.press(Key.OK)  # the menu's choice wins over the config's
    assert not large(table)


def test_large_type_is_journaled_with_the_scene_and_resumes() -> None:
    table = Table(Rules())
    table.press(Key.UP)
    open_large(table)
    table.press(Key.OK)
    stored = table.ui.to_json()
    assert stored["settings"]["large"] is True
    scene = read_scene(stored)
    assert scene.settings.large is True
    old = Scene().to_json()
    del old["settings"]["large"]  # a journal from before large type
    assert read_scene(old).settings == Settings()


def test_the_key_flows_are_the_same_in_both_sizes() -> None:
    tables = [Table(Rules()), Table(Rules())]
    tables[1].type_size(True)
    for name in EXAMPLE.split():
        for table in tables:
            table.press(Key.from_name(name))
        assert tables[0].ui.screen == tables[1].ui.screen
        assert tables[0].view() == tables[1].view()
        assert render(tables[0].view()) != render(tables[1].view(), large=True)
    assert [str(e) for e in tables[0].entries] == [str(e) for e in tables[1].entries]
    game = tables[1].game
    assert game is not None and game.totals[Team.EW] == 11


@pytest.mark.parametrize(("text", "wanted"), [("true", True), ("false", False)])
def test_the_config_key(tmp_path: Path, text: str, wanted: bool) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f"[display]\nlarge = {text}\n", encoding="utf-8")
    assert load_config(path).large is wanted
    path.write_text("", encoding="utf-8")
    assert load_config(path).large is False


def test_a_large_that_is_not_true_or_false_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text('[display]\nlarge = "yes"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert "display.large" in str(err.value) and "yes" in str(err.value)
    assert "\n" not in str(err.value)
