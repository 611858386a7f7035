"""SUMMARY: the hand scored before it counts; OK confirms it."""

from __future__ import annotations

from kaiser_core.cards import TEAMS, Team
from kaiser_core.entries import ConfirmEntry
from kaiser_core.messages import Message
from kaiser_core.scoring import HandScore, score_hand
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import SummaryView, TeamScore


def pending_score(desk: Desk) -> HandScore:
    """The hand on the SUMMARY screen, scored against the current totals."""
    game = desk.game
    assert game is not None
    hand = desk.draft.hand()
    return score_hand(game.rules, hand.contract, hand.outcome(game.rules), game.totals)


def press(desk: Desk, key: Key) -> Change:
    """OK confirms the hand."""
    if key is Key.OK:
        return desk.enter(ConfirmEntry())
    return Change()


def view(desk: Desk) -> SummaryView:
    """Raw points, made or set, the changes and why, the totals after."""
    game = desk.game
    assert game is not None
    score = pending_score(desk)
    after = {t: game.totals[t] + score.delta[t] for t in TEAMS}
    revokes = tuple(
        Message("summary.revoked", seat=seat, trick=trick, suit=suit)
        for seat, trick, suit in desk.draft.revokes()
    )
    return SummaryView(
        desk.contract_label(),
        score.raw[Team.NS],
        score.raw[Team.EW],
        score.made,
        score.delta[Team.NS],
        score.delta[Team.EW],
        score.notes + revokes,
        TeamScore(Team.NS, desk.names[Team.NS], after[Team.NS]),
        TeamScore(Team.EW, desk.names[Team.EW], after[Team.EW]),
        desk.ui.message,
    )


PAGE = register(Page(Screen.SUMMARY, press, view))
