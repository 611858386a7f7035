"""GAME OVER: the winner and the final totals; OK leaves for a new game."""

from __future__ import annotations

from kaiser_core.cards import Team
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import GameOverView


def press(desk: Desk, key: Key) -> Change:
    """OK: on to the next game's NEW GAME screen."""
    if key is Key.OK:
        desk.close_game()
    return Change()


def view(desk: Desk) -> GameOverView:
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


PAGE = register(Page(Screen.GAME_OVER, press, view))
