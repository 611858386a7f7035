"""GAME OVER: the winner and the final totals; OK leaves for a new game."""

from __future__ import annotations

from kaiser_core.cards import Team
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import NoState
from kaiser_core.views.game_over import GameOverView


def new_game(desk: Desk, state: NoState, key: Key) -> None:
    """OK: on to the next game's NEW GAME screen."""
    desk.close_game()


def view(desk: Desk, state: NoState) -> GameOverView:
    """Winner, loser, skunk, why, the series."""
    game = desk.game
    assert game is not None
    winner = game.winner or Team.NS
    reason = game.results[-1].reason if game.results else ""
    return GameOverView(
        desk.team_score(winner),
        desk.team_score(winner.other),
        game.skunk,
        reason,
        desk.series,
        desk.ui.message,
        (step("OK", "hint.new_game"),),
    )


PAGES = (Page(Screen.GAME_OVER, view, {Key.OK: new_game}),)
