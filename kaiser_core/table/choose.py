"""CHOOSE: the menu's Language and Entry as lists, each choice in view (issue 27).

The language list names each language in its own words ("Suomi", "Русский"), so a table
left in a language it cannot read still finds its own. UP/DOWN move the cursor, OK takes
the highlighted choice at once (on the one already in force, the next one: so OK, OK on
Entry still steps per trick -> per hand -> card reader as the menu item always did), and
B or HOLD-OK close the menu. Opening the list takes the next choice at once, as the menu
item did, so the key scripts of TABLE.md keep their meaning ("HOLD-OK DOWN DOWN OK B": per
hand); a player who wants another moves to it, in view, and OK takes it.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.entries import Mode
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.languages import LANGUAGES, OWN_NAMES, language
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views.lists import ListView

CHOOSE = Screen("choose")


@dataclass(frozen=True)
class Picking:
    """CHOOSE's list ("language" or "mode") and its cursor."""

    kind: str = "language"
    index: int = 0


def options(desk: Desk, kind: str) -> list[str]:
    """The values the list offers: language codes, or the entry modes this table has."""
    if kind == "language":
        return list(LANGUAGES)
    modes = [Mode.PER_TRICK, Mode.PER_HAND] + ([Mode.READER] if desk.reader_available else [])
    return [m.value for m in modes]


def in_force(desk: Desk, kind: str) -> str:
    """The value chosen now."""
    return language(desk) if kind == "language" else desk.settings.mode.value


def take(desk: Desk, kind: str, value: str) -> None:
    """Make ``value`` the table's choice and say so."""
    if kind == "language":  # at once: the next view is drawn in it
        desk.choose(language=value)
        desk.say(Message("menu.language", language=Message("language.name")))
    else:
        mode = Mode(value)
        desk.choose(mode=mode)
        desk.say(Message("menu.mode", mode=mode))


def open_list(desk: Desk, kind: str) -> Change:
    """The menu's item: the list opens on the next choice, taken at once, as the item
    always did (a key script's "OK B" still means the next language or mode)."""
    found = options(desk, kind)
    now = in_force(desk, kind)
    index = (found.index(now) + 1 if now in found else 0) % len(found)
    take(desk, kind, found[index])
    desk.open(CHOOSE, kind=kind, index=index)
    return Change()


def move(desk: Desk, ui: Picking, key: Key) -> None:
    """UP/DOWN move the cursor."""
    count = len(options(desk, ui.kind))
    desk.set(index=(ui.index + (1 if key is Key.DOWN else -1)) % count)


def chosen(desk: Desk, ui: Picking, key: Key) -> None:
    """OK takes the highlighted choice; on the one in force, the next one."""
    found = options(desk, ui.kind)
    index = ui.index % len(found)
    if found[index] == in_force(desk, ui.kind):
        index = (index + 1) % len(found)
    take(desk, ui.kind, found[index])
    desk.set(index=index)


def close(desk: Desk, ui: Picking, key: Key) -> None:
    """B closes the list and the menu: back to the game."""
    desk.close_all()


def view(desk: Desk, ui: Picking) -> ListView:
    """The choices, the highlighted one inverted, the one in force starred."""
    found = options(desk, ui.kind)
    now = in_force(desk, ui.kind)
    if ui.kind == "language":
        words: list[str] = [OWN_NAMES.get(code, code) for code in found]
        title: str = Message("choose.language")
    else:
        words = [Message(f"mode.{value}") for value in found]
        title = Message("choose.mode")
    lines = tuple(marked(w, v == now) for v, w in zip(found, words, strict=True))
    return ListView(title, lines, ui.index % len(found), desk.ui.message, False, HINT)


def marked(what: str, chosen: bool) -> str:
    """A line of a list of choices: "* " before the one in force (a Message: its words
    stay translatable, as an f-string would not keep them)."""
    return Message("choose.chosen" if chosen else "choose.other", what=what)


#: What the keys do: move, choose, close (the menu too, as the menu's "B close": TABLE.md's
#: MENU is "OK chooses, B closes", so a script's "OK B" on Entry ends at the game; the lists
#: of Rules, History and Help say "B back": to the menu).
HINT = (step("▲▼", "hint.move"), step("OK", "hint.choose"), step("B", "hint.leave"))

PAGES = (
    Page(
        CHOOSE,
        view,
        {Key.UP: move, Key.DOWN: move, Key.OK: chosen, Key.B: close},
        state=Picking,
        overlay=True,
    ),
)
