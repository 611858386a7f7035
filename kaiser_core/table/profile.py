"""PROFILE (a menu item): the rules new games get: the config's, its ``[profiles]``, the
built-in profiles.

The choice is a rules spec in ``Ui.extra`` (journaled with the screen state, so a restart
keeps it); it applies from the next new game (at once on the NEW GAME screen). Club play
locks it (``menu._locked``: the label names the rules).
"""

from __future__ import annotations

import dataclasses

from kaiser_core.messages import Message
from kaiser_core.rules import PROFILES, Rules
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.past import RULES_CHOICE, house_rules, rules_label
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import ListView

PROFILE = Screen.define("PROFILE", "profile")
#: ``Ui.extra`` key: the highlighted choice.
INDEX = "profile_index"


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
        text: str = Message(key, profile=rules.profile, count=count)
    elif named is not None:
        text = Message("rules.named", name=named, rules=rules_label(rules))
    else:
        text = rules_label(rules)
    return f"* {text}" if rules == desk.new_game_rules else f"  {text}"


def _index(desk: Desk) -> int:
    value = desk.ui.extra.get(INDEX, 0)
    return value if isinstance(value, int) else 0


def press(desk: Desk, key: Key) -> Change:
    """UP/DOWN move, OK chooses (and says for when), B closes."""
    found = choices(desk)
    index = _index(desk) % len(found)
    if key in (Key.UP, Key.DOWN):
        index = (index + (1 if key is Key.DOWN else -1)) % len(found)
        desk.go(PROFILE, extra={**desk.ui.extra, INDEX: index})
    elif key is Key.OK:
        rules = found[index]
        extra = {**desk.ui.extra, RULES_CHOICE: rules.to_spec()}
        desk.new_game_rules = rules
        desk.close()
        desk.ui = dataclasses.replace(desk.ui, extra=extra)
        now = desk.game is None or not desk.entries
        if now:
            desk.draft = dataclasses.replace(desk.draft, rules=rules)
        desk.say(Message("profile.now" if now else "profile.chosen", rules=rules_label(rules)))
    elif key is Key.B:
        desk.close()
    return Change()


def view(desk: Desk) -> ListView:
    """The choices, the highlighted one inverted, the current one starred."""
    found = choices(desk)
    lines = tuple(label(desk, r) for r in found)
    return ListView(
        Message("profile.title"), lines, _index(desk) % len(found), desk.ui.message, True, HINT
    )


#: What the keys do on the choices: move, choose (for the next new game), back to the menu.
HINT = (step("▲▼", "hint.move"), step("OK", "hint.choose"), step("B", "hint.back"))


PAGE = register(Page(PROFILE, press, view, overlay=True, menu=Message("profile.menu")))
