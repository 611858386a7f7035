"""LIST: the menu's scrolling lists, the rules and the history.

History opens on the games: this one (while it has a start) and the finished ones the
journal handed over (``Desk.past``, newest first), with date, names, totals and winner.
OK on a game lists its hands with each team's change ("+6 / -8"); B goes back to the
games, and from there to the menu.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import TEAMS, Team
from kaiser_core.errors import KaiserError
from kaiser_core.game import EntryResult
from kaiser_core.hand import Hand
from kaiser_core.messages import Message, profile_name
from kaiser_core.rule_words import rule_lines
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.past import PastGame, house_rules, rules_label
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Scene
from kaiser_core.views.lists import ListView


@dataclass(frozen=True)
class ListState:
    """LIST's cursors: which list ("rules", "history", "hands" or "help"), the line at the top,
    and the game whose hands are listed (its line in the games list)."""

    list_kind: str = "history"
    list_index: int = 0
    history_game: int = 0


def signed(value: int) -> str:
    """``+6``, ``-8``, ``0``."""
    return f"{value:+d}" if value else "0"


def named(team: Team, name: str) -> str:
    """A team's name; one that is its code (NS, EW) in the table's language."""
    return Message(f"team.{team.code}") if name == team.code else name


def games(desk: Desk) -> list[PastGame | None]:
    """The games History lists: None for this game (when it has begun), then the past."""
    here: list[PastGame | None] = [None] if desk.game is not None and desk.entries else []
    return here + list(desk.past)


def _game_line(desk: Desk, game: PastGame | None) -> Message:
    if game is None:
        totals = desk.game.totals if desk.game else {Team.NS: 0, Team.EW: 0}
        ns, ew = named(Team.NS, desk.names[Team.NS]), named(Team.EW, desk.names[Team.EW])
        return Message(
            "history.this_game", ns=ns, ns_total=totals[Team.NS], ew=ew, ew_total=totals[Team.EW]
        )
    ns, ew = named(Team.NS, game.team_name(Team.NS)), named(Team.EW, game.team_name(Team.EW))
    winner = named(game.winner, game.team_name(game.winner)) if game.winner else "-"
    values = {"ns": ns, "ns_total": game.totals[0], "ew": ew, "ew_total": game.totals[1]}
    if game.date:
        return Message("history.game", date=game.date, winner=winner, **values)
    return Message("history.game_undated", number=game.number, winner=winner, **values)


def results(desk: Desk, game: PastGame | None) -> list[EntryResult]:
    """A game's scored entries: this game's fold, or a finished game's folded again."""
    if game is None:
        return list(desk.game.results) if desk.game else []
    entries = list(game.entries or desk.past_entries(game.number))
    other = Desk(game.rules)
    try:
        other.load(game.rules, entries, Scene.at(Screen.SCORE))
    except KaiserError:  # a stored game that does not replay: its hands are not listed
        return []
    return list(other.game.results) if other.game else []


def hand_lines(found: list[EntryResult]) -> list[str]:
    """One line per hand: contract, made or set, each team's change, the totals after."""
    out: list[str] = []
    i = 0  # played hands only, as SCORE's # and the web sheet count them
    for r in found:
        if r.score is None:
            out.append(Message("history.redealt", dealer=r.dealer))
            continue
        i += 1
        assert isinstance(r.entry, Hand)
        c = r.entry.contract
        out.append(
            Message(
                "history.change",
                number=i,
                bidder=c.bidder,
                bid=c.bid.number,
                trump=r.entry.trump or ("NT" if c.bid.no_trump else ""),
                result=Message("word.made" if r.score.made else "word.set"),
                ns=signed(r.score.delta[Team.NS]),
                ew=signed(r.score.delta[Team.EW]),
                ns_total=r.totals[Team.NS],
                ew_total=r.totals[Team.EW],
            )
        )
    return out or [Message("history.no_hands")]


def _chosen(desk: Desk, ui: ListState) -> PastGame | None:
    listed = games(desk)
    index = ui.history_game
    return listed[index] if 0 <= index < len(listed) else None


def lines(desk: Desk, ui: ListState) -> list[str]:
    """The list's lines: the rules in words, the games, or the chosen game's hands."""
    kind = ui.list_kind
    if kind == "rules":
        return list(rule_lines(desk.rules))
    if kind == "hands":
        return hand_lines(results(desk, _chosen(desk, ui)))
    if kind == "help":
        return [Message(f"help.{line}") for line in HELP]
    listed = games(desk)
    return [_game_line(desk, g) for g in listed] or [Message("history.no_games")]


#: The help screen's lines (``help.<line>``): the keys, the two long presses.
HELP = ("next", "push", "seats", "marks", "undo", "menu", "back")


def scroll(desk: Desk, ui: ListState, key: Key) -> None:
    """UP/DOWN scroll."""
    top = len(lines(desk, ui)) - 1
    desk.set(list_index=max(0, min(top, ui.list_index + (1 if key is Key.DOWN else -1))))


def open_or_close(desk: Desk, ui: ListState, key: Key) -> None:
    """OK on a game lists its hands (elsewhere OK closes the list)."""
    if ui.list_kind == "history" and games(desk):
        desk.set(list_kind="hands", list_index=0, history_game=ui.list_index)
    else:
        desk.close()


def back(desk: Desk, ui: ListState, key: Key) -> None:
    """B back: from a game's hands to the games, from there to the menu."""
    if ui.list_kind == "hands":
        desk.set(list_kind="history", list_index=ui.history_game)
    else:
        desk.close()


def title(desk: Desk, ui: ListState) -> str:
    """The rules with their house rules counted, the games, or the game's teams."""
    kind = ui.list_kind
    if kind == "rules":
        if house_rules(desk.rules) == 0:
            return Message("rules.title", profile=profile_name(desk.rules.profile))
        return rules_label(desk.rules)
    if kind == "help":
        return Message("help.title")
    if kind == "hands":
        game = _chosen(desk, ui)
        names = {t: named(t, game.team_name(t) if game else desk.names[t]) for t in TEAMS}
        return Message("history.hands_title", ns=names[Team.NS], ew=names[Team.EW])
    return Message("history.games_title")


def hint(kind: str, listed: bool = True) -> tuple[str, ...]:
    """What the keys do: the games list opens a game's hands, the other lists scroll."""
    if kind == "history" and listed:
        return (step("▲▼", "hint.move"), step("OK", "hint.hands"), step("B", "hint.back"))
    return (step("▲▼", "hint.scroll"), step("B", "hint.back"))


def view(desk: Desk, ui: ListState) -> ListView:
    """The title and the lines (each whole, over as many rows as it needs)."""
    shown = hint(ui.list_kind, bool(games(desk)))
    found = tuple(lines(desk, ui))
    return ListView(title(desk, ui), found, ui.list_index, desk.ui.message, True, shown)


PAGES = (
    Page(
        Screen.LIST,
        view,
        {Key.UP: scroll, Key.DOWN: scroll, Key.OK: open_or_close, Key.B: back},
        state=ListState,
        overlay=True,
    ),
)
