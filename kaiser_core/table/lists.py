"""LIST: the menu's scrolling lists, the rules and the game's history."""

from __future__ import annotations

from kaiser_core.cards import Team
from kaiser_core.hand import Hand
from kaiser_core.messages import Message
from kaiser_core.rule_words import rule_lines
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import ListView


def lines(desk: Desk) -> list[str]:
    """The list's lines: the rules in words, or one line per hand of the game."""
    if desk.ui.list_kind == "rules":
        return list(rule_lines(desk.rules))
    game = desk.game
    if game is None:
        return [Message("history.no_game")]
    out: list[str] = []
    for i, r in enumerate(game.results, 1):
        if r.score is None:
            out.append(Message("history.redeal", number=i, dealer=r.dealer))
            continue
        assert isinstance(r.entry, Hand)
        c = r.entry.contract
        result = Message("word.made" if r.score.made else "word.set")
        ns, ew = r.totals[Team.NS], r.totals[Team.EW]
        trump = r.entry.trump or "NT"
        number = c.bid.number
        line = Message(
            "history.hand",
            number=i,
            bidder=c.bidder,
            bid=number,
            trump=trump,
            result=result,
            ns=ns,
            ew=ew,
        )
        out.append(line)
    return out or [Message("history.no_hands")]


def press(desk: Desk, key: Key) -> Change:
    """UP/DOWN scroll; B or OK back to the menu."""
    if key in (Key.UP, Key.DOWN):
        step = 1 if key is Key.DOWN else -1
        top = len(lines(desk)) - 1
        desk.go(Screen.LIST, list_index=max(0, min(top, desk.ui.list_index + step)))
    elif key in (Key.B, Key.OK):
        desk.close()
    return Change()


def view(desk: Desk) -> ListView:
    """The title and the lines."""
    ui = desk.ui
    if ui.list_kind == "rules":
        title = Message("rules.title", profile=desk.rules.profile)
    else:
        title = Message("history.title")
    wrap = ui.list_kind == "rules"  # the rules in words, each line whole
    return ListView(title, tuple(lines(desk)), ui.list_index, ui.message, wrap)


PAGE = register(Page(Screen.LIST, press, view, overlay=True, owns=("list_kind", "list_index")))
