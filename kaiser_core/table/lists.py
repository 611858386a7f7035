"""LIST: the menu's scrolling lists, the rules and the game's history."""

from __future__ import annotations

from kaiser_core.cards import Team
from kaiser_core.hand import Hand
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import ListView


def lines(desk: Desk) -> list[str]:
    """The list's lines: the rules' options, or one line per hand of the game."""
    if desk.ui.list_kind == "rules":
        return [f"{k}: {v}" for k, v in desk.rules.options().items()]
    game = desk.game
    if game is None:
        return ["no game"]
    out = []
    for i, r in enumerate(game.results, 1):
        if r.score is None:
            out.append(f"{i}. {r.dealer.code} redeal")
            continue
        assert isinstance(r.entry, Hand)
        c = r.entry.contract
        suit = r.entry.trump.symbol if r.entry.trump else "NT"
        out.append(
            f"{i}. {c.bidder.code} {c.bid.number}{suit} {'made' if r.score.made else 'set'}"
            f" {r.totals[Team.NS]}-{r.totals[Team.EW]}"
        )
    return out or ["no hands yet"]


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
    title = "Rules: " + desk.rules.profile if ui.list_kind == "rules" else "History"
    return ListView(title, tuple(lines(desk)), ui.list_index, ui.message)


PAGE = register(Page(Screen.LIST, press, view, overlay=True, owns=("list_kind", "list_index")))
