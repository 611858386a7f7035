"""ROUND OVER (club mode): the round's result and the players' round scores; OK: waiting.

It shows over everything once the round's game ends, or once the director ends the round
(the game then stops taking hands). HOLD-B undoes a game's last hand as always (not after
the director ended the round).
"""

from __future__ import annotations

import dataclasses

from kaiser_core.cards import TEAMS
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change, NoState
from kaiser_core.views.base import TeamScore
from kaiser_core.views.club import RoundOverView


def check(desk: Desk) -> None:
    """After a key: the round's game just ended -> ROUND OVER."""
    club = desk.club
    game = desk.game
    if club is None or club.game_round is None or club.over is not None:
        return
    if game is not None and game.over:
        desk.club = dataclasses.replace(club, over=club.game_round)


def active(desk: Desk) -> bool:
    """True while ROUND OVER shows."""
    return desk.club is not None and desk.club.over is not None


def press(desk: Desk, state: NoState, key: Key) -> Change:
    """OK: back to waiting; HOLD-B: undo the last hand of a game that ended by play."""
    club = desk.club
    assert club is not None
    game = desk.game
    ended = club.latest is not None and club.latest.ended and club.latest.number == club.over
    if key is Key.HOLD_B and game is not None and game.over and not ended:
        desk.club = dataclasses.replace(club, over=None)
        return desk.undo()
    if key is not Key.OK:
        return Change()
    desk.club = dataclasses.replace(club, over=None, game_round=None, game_seats=None)
    unfinished = game is not None and not game.over
    desk.names.update(desk.base_names)
    desk.close_game()
    return Change(abandon=unfinished, ui=True)


def view(desk: Desk, state: NoState) -> RoundOverView:
    """The result and the round scores."""
    club = desk.club
    assert club is not None and club.over is not None
    game = desk.game
    rows = tuple(desk.team_score(team) for team in TEAMS)
    rows = tuple(sorted(rows, key=lambda t: -t.total))
    winner: TeamScore | None = None
    if game is not None and game.over and game.winner is not None:
        winner = desk.team_score(game.winner)
    result = Message("club.won", team=winner.name) if winner else Message("club.ended")
    title = Message("club.round_over", round=club.over)
    return RoundOverView(title, result, rows, Message("club.ok_waiting"), desk.ui.message)


#: Shown over everything while the round is over (``active``): it takes every key.
PAGES = (Page(Screen.ROUND_OVER, view, dict.fromkeys(Key, press)),)
