"""Rules in words (every option of every profile, the title counting house rules) and the
rules of new games chosen from the menu, journaled so that a restart keeps them."""

from __future__ import annotations

import json
import sqlite3

import pytest
from uxb_play import Room, restart

from hardware.config import parse_config
from hardware.screens import fonts
from kaiser_core.rule_words import option_words, rule_lines
from kaiser_core.rules import PROFILES, Rules
from kaiser_core.table import Key, Screen, Table

#: From 0 in the menu: UP wraps to Shut down; the rules of new games are just above it.
PROFILE = ["HOLD-OK", "UP", "UP", "OK"]
RULES = ["HOLD-OK", "DOWN", "DOWN", "DOWN", "OK"]


def keys(table: Table, *names: str) -> None:
    for name in names:
        table.press(Key.from_name(name))


VALUES = {
    "target": [52, 62],
    "min_bid": [4, 5, 7, 8],
    "nt_min_bid": [4, 7, 8],
    "defender_cap_at": [45, None],
    "target_after_nt": [62, None],
    "losing_total": [-52, None],
    "max_hands": [10, None],
    "three_spades_needs_tricks": [0, 3],
    "nt_made_multiplier": [1, 2],
    "nt_set_multiplier": [1, 2],
}


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_option_of_every_profile_is_in_words(profile):
    rules = PROFILES[profile]
    for option, value in rules.options().items():
        for v in [value, *VALUES.get(option, [])]:
            assert option_words(option, v).key != "rules.option", (option, v)
    assert not any(":" in line and "_" in line for line in rule_lines(rules))


def test_the_rules_screen_says_the_words_and_counts_the_house_rules():
    table = Table(Rules(defender_cap_at=40, max_hands=10))
    keys(table, "UP", *RULES)
    view = table.view()
    assert view.title == "standard + 2 house rules"
    assert "Defenders stop at 40" in view.lines and view.wrap
    assert not any("defender_cap_at" in line for line in view.lines)
    one = Table(Rules(target=62))
    keys(one, *RULES)
    assert one.view().title == "standard + 1 house rule"
    plain = Table(Rules())
    keys(plain, *RULES)
    assert plain.view().title == "Rules: standard"


def test_no_rules_line_needs_more_than_the_rows_it_gets():
    tiny = fonts()[0]
    for rules in PROFILES.values():
        for line in rule_lines(rules.replace(defender_cap_at=None, max_hands=10)):
            rows = tiny.wrap(line, 128 - 13, 4)
            assert not any("…" in row for row in rows), line
            assert " ".join(rows).split() == line.split()


def test_a_profile_picked_in_the_menu_is_the_next_games_and_survives_a_restart(tmp_path):
    db = tmp_path / "kaiser.db"
    cfg = parse_config({"game": {"rules": "standard", "options": {"target": 62}}})
    room = Room(db, cfg)
    room.press(*PROFILE)
    view = room.table.view()
    assert room.table.ui.screen.value == "profile"
    assert view.lines[0] == "* config: standard + 1 house rule"
    # each built-in profile by its name, then what it is in a sentence (issue 27)
    assert [line.strip().split(": ")[0] for line in view.lines[1:]] == list(PROFILES)
    about = "defenders score past 45"
    assert view.lines[2].strip() == f"open-defense: {about}"
    room.press("DOWN", "DOWN", "DOWN", "OK")  # tournament
    assert room.table.ui.screen is Screen.MENU
    assert room.table.ui.message == "new game: tournament"
    room.press("B")
    assert room.table.view().rules_name == "tournament"
    room = restart(room, db, cfg)
    assert room.table.new_game_rules == PROFILES["tournament"]
    room.press("UP")  # the game starts under the chosen rules
    rules = sqlite3.connect(db).execute("SELECT rules FROM games").fetchone()[0]
    assert json.loads(rules) == "tournament"
    assert room.table.rules.nt_min_bid == 7
    room.press(*PROFILE)  # opens on the current choice
    assert room.table.view().index == 3 and room.table.view().lines[3].startswith("* tournament: ")
    room.press("UP", "UP", "UP", "OK")  # the config's, during a game
    assert room.table.ui.message == "next game: standard + 1 house rule"
    assert room.table.rules.profile == "tournament"  # this game keeps its rules
    room = restart(room, db, cfg)
    assert room.table.new_game_rules == cfg.rules and room.table.rules.nt_min_bid == 7
    room.close()


def test_club_play_locks_the_rules_of_new_games():
    from kaiser_core.table.club_state import ClubState

    table = Table(Rules())
    table.club = ClubState(event="spring", table=1)
    keys(table, *PROFILE)
    assert table.ui.message == "locked in club play" and table.ui.screen is Screen.MENU
    assert table.new_game_rules == Rules()


def test_the_configs_named_house_rules_are_offered_and_kept(tmp_path):
    db = tmp_path / "kaiser.db"
    cfg = parse_config(
        {
            "profiles": {
                "friday": {"rules": "standard", "options": {"target": 62, "max_hands": 10}},
                "plain": {"rules": "widow"},
            }
        }
    )
    assert cfg.profiles["friday"] == Rules(target=62, max_hands=10)
    room = Room(db, cfg)
    room.press(*PROFILE)
    lines = [line.strip() for line in room.table.view().lines]
    assert lines[:2] == [
        "* standard: game to 52, defenders stop at 45",
        "friday: standard + 2 house rules",
    ]
    names = [line.split(": ")[0] for line in lines[3:]]  # then each profile says what it is
    assert lines[2] == "plain: widow" and names == ["open-defense", "tournament", "skat", "joffre"]
    room.press("DOWN", "OK")
    assert room.table.ui.message == "new game: standard + 2 house rules"
    room = restart(room, db, cfg)
    room.press("B", "UP")
    assert room.table.rules == Rules(target=62, max_hands=10)
    room.close()


@pytest.mark.parametrize(
    ("profiles", "says"),
    [
        ({"x": 3}, r"\[profiles.x\] must be a table"),
        ({"x": {"rules": "nope"}}, "profiles.x: unknown rules profile"),
        ({"x": {"options": {"target": 0}}}, "profiles.x: "),
        ({"x": {"colour": 1}}, "profiles.x.colour is not a setting"),
        ({"": {}}, "must be a name of 1 to 24"),
    ],
)
def test_bad_named_house_rules_are_one_clear_line(profiles, says):
    from hardware.config import ConfigError

    with pytest.raises(ConfigError, match=says):
        parse_config({"profiles": profiles})
