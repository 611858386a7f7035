"""PROFILE (a menu item): the rules new games get: the config's, its ``[profiles]``, the
built-in profiles.

The choice is a rules spec in the table's settings (journaled, so a restart keeps it); it
applies from the next new game (at once on the NEW GAME screen). Club play locks it
(``menu._locked``: the label names the rules).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from kaiser_core.messages import Message, profile_about, profile_name
from kaiser_core.rules import PROFILES, Rules
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.past import house_rules, rules_label
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views.lists import ListView

PROFILE = Screen.PROFILE


@dataclass(frozen=True)
class Choice:
    """PROFILE's cursor: the highlighted choice (None: the current one, where it opens)."""

    profile_index: int | None = None


def highlighted(desk: Desk, ui: Choice, found: list[Rules]) -> int:
    """The highlighted choice: the cursor, or the rules new games get now."""
    if ui.profile_index is not None:
        return ui.profile_index % len(found)
    return found.index(desk.new_game_rules) if desk.new_game_rules in found else 0


def choices(desk: Desk) -> list[Rules]:
    """The config's rules first, its named house rules, then the built-in profiles (each
    set of rules once)."""
    out = [desk.base_rules]
    for rules in (*desk.profiles.values(), *PROFILES.values()):
        if rules not in out:
            out.append(rules)
    return out


def label(desk: Desk, rules: Rules) -> str:
    """A choice in words; the config's own house rules say so; the current one is marked."""
    count = house_rules(rules)
    named = next((n for n, r in desk.profiles.items() if r == rules), None)
    if rules is desk.base_rules and count:
        key = "rules.house_one" if count == 1 else "rules.house"
        text: str = Message(key, profile=profile_name(rules.profile), count=count)
    elif named is not None:
        text = Message("rules.named", name=named, rules=rules_label(rules))
    else:
        text = rules_label(rules)
        about = profile_about(rules.profile) if count == 0 else None
        if about is not None:  # a built-in profile says what it is
            text = Message("profile.described", rules=text, about=about)
    from kaiser_core.table.choose import marked

    return marked(text, rules == desk.new_game_rules)


def press(desk: Desk, ui: Choice, key: Key) -> Change:
    """UP/DOWN move, OK chooses (and says for when), B closes."""
    found = choices(desk)
    index = highlighted(desk, ui, found)
    if key in (Key.UP, Key.DOWN):
        index = (index + (1 if key is Key.DOWN else -1)) % len(found)
        desk.set(profile_index=index)
    elif key is Key.OK:
        rules = found[index]
        desk.new_game_rules = rules
        desk.close()
        desk.choose(rules=rules.to_spec())
        now = desk.game is None or not desk.entries
        if now:
            desk.draft = dataclasses.replace(desk.draft, rules=rules)
        desk.say(Message("profile.now" if now else "profile.chosen", rules=rules_label(rules)))
    elif key is Key.B:
        desk.close()
    return Change()


def view(desk: Desk, ui: Choice) -> ListView:
    """The choices, the highlighted one inverted, the current one starred."""
    found = choices(desk)
    lines = tuple(label(desk, r) for r in found)
    return ListView(
        Message("profile.title"), lines, highlighted(desk, ui, found), desk.ui.message, True, HINT
    )


#: What the keys do on the choices: move, choose (for the next new game), back to the menu.
HINT = (step("▲▼", "hint.move"), step("OK", "hint.choose"), step("B", "hint.back"))


PAGES = (
    Page(
        PROFILE,
        view,
        dict.fromkeys((Key.UP, Key.DOWN, Key.OK, Key.B), press),
        state=Choice,
        overlay=True,
        menu=Message("profile.menu"),
    ),
)
