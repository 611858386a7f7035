"""TEACH: the card reader learns the pack's tags, one card after another."""

from __future__ import annotations

from kaiser_core.cards import Card
from kaiser_core.errors import KaiserError
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.keys import Key
from kaiser_core.table.requests import Teach
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import ListView


def teach_next(desk: Desk, index: int) -> Change:
    """Move to ``pack[index]`` and ask the reader to learn it."""
    pack = desk.rules.pack
    desk.go(Screen.TEACH, teach_index=min(index, len(pack)))
    if index < len(pack):
        return Change(request=Teach(pack[index]))
    desk.say(f"all {len(pack)} cards are known: B returns")
    return Change()


def press(desk: Desk, key: Key) -> Change:
    """OK skips a card; B (or OK after the last) goes back to the menu."""
    pack = desk.rules.pack
    if key is Key.B or (key is Key.OK and desk.ui.teach_index >= len(pack)):
        desk.close()
    elif key is Key.OK:
        return teach_next(desk, desk.ui.teach_index + 1)
    return Change()


def read(desk: Desk, card: Card | None, code: str) -> Change:
    """A tag the reader knows was read while teaching: say what it is."""
    pack = desk.rules.pack
    index = desk.ui.teach_index
    if index >= len(pack):
        desk.say(f"that tag is {card.label if card else code}; every card is taught")
    elif card == pack[index]:
        nxt = f"{pack[index + 1].label}" if index + 1 < len(pack) else "the end"
        desk.say(f"{card.label} is known already: OK skips to {nxt}")
    else:
        desk.say(f"that tag is {card.label if card else code}: lay {pack[index].label}")
    return Change()


def pending(desk: Desk) -> str:
    """The card the TEACH screen waits for ("" when not teaching)."""
    pack = desk.rules.pack
    if desk.ui.screen is Screen.TEACH and desk.ui.teach_index < len(pack):
        return pack[desk.ui.teach_index].code
    return ""


def taught(desk: Desk, code: str) -> Change:
    """The reader learnt a tag as ``code``: teach the next card, or say the pack is known."""
    pack = desk.rules.pack
    index = desk.ui.teach_index
    try:
        label = Card.from_code(code).label
    except KaiserError:
        label = code
    if desk.ui.screen is not Screen.TEACH:
        desk.say(f"the reader learnt a tag as {label}")
    elif index < len(pack) and code == pack[index].code:
        return teach_next(desk, index + 1)
    elif index < len(pack):
        desk.say(f"the reader learnt {label}, not {pack[index].label}: lay {pack[index].label}")
        return Change(request=Teach(pack[index]))
    else:
        desk.say(f"the reader learnt {label}; every card is taught")
    return Change()


def view(desk: Desk) -> ListView:
    """The card to lay, the progress, whether the reader is there."""
    pack = desk.rules.pack
    index = desk.ui.teach_index
    offline = () if desk.reader_online else ("reader offline",)
    if index >= len(pack):
        lines = (f"all {len(pack)} cards taught", "B returns", *offline)
    else:
        lines = (
            f"lay {pack[index].label} on the reader",
            f"card {index + 1} of {len(pack)}",
            *offline,
            "OK skips, B stops",
        )
    return ListView("Teach cards", lines, 0, desk.ui.message)


PAGE = register(Page(Screen.TEACH, press, view, overlay=True, owns=("teach_index",), read=read))
