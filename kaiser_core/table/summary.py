"""SUMMARY: the hand scored before it counts; UP/DOWN page through the reasons; OK confirms."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import FIVE_HEARTS, TEAMS, THREE_SPADES, Team
from kaiser_core.entries import ConfirmEntry
from kaiser_core.messages import Message
from kaiser_core.modes import Mode
from kaiser_core.scoring import HandScore
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views.base import TeamScore
from kaiser_core.views.summary import SummaryView


@dataclass(frozen=True)
class Scroll:
    """SUMMARY's cursor: the page shown, 0 (the scores) or k (the notes from note k)."""

    summary_scroll: int = 0


def pending_score(desk: Desk) -> HandScore:
    """The hand on the SUMMARY screen, scored as the game will (its target and cap)."""
    game = desk.game
    assert game is not None
    return game.preview(desk.draft.hand())


def notes(desk: Desk, score: HandScore) -> tuple[str, ...]:
    """Why the scores are what they are: the rules' notes, any revokes, a special that was
    discarded (so the raw points add up to less), a raised target."""
    revokes = tuple(
        Message("summary.revoked", seat=seat, trick=trick, suit=suit)
        for seat, trick, suit in desk.draft.revokes()
    )
    return score.notes + revokes + discarded(desk) + raised(desk, score)


def discarded(desk: Desk) -> tuple[str, ...]:
    """``5♥ discarded: no one's`` for each special the card reader never saw in a trick.

    With the widow or the skat the bidder may not discard 5♥ or 3♠ (RULES.md); if it
    happens anyway the hand still scores, the card for no one, and SUMMARY says so.
    """
    draft = desk.draft
    if draft.contract is None or draft.contract.mode is not Mode.READER:
        return ()
    played = {card for _, cards, _ in draft.played_tricks() for card in cards}
    return tuple(
        Message("summary.not_played", card=card)
        for card in (FIVE_HEARTS, THREE_SPADES)
        if card not in played
    )


def raised(desk: Desk, score: HandScore) -> tuple[str, ...]:
    """``target now 62`` when this hand moves the target (``target_after_nt``), else ()."""
    game = desk.game
    if game is None or score.target == game.target:
        return ()
    return (Message("target.raised", target=score.target),)


def confirm(desk: Desk, ui: Scroll, key: Key) -> Change:
    """OK confirms the hand."""
    said = raised(desk, pending_score(desk))
    change = desk.enter(ConfirmEntry())
    if said and desk.ui.screen is Screen.SCORE:
        desk.say(said[0])  # announced again where the next hand starts
    return change


def page(desk: Desk, ui: Scroll, key: Key) -> None:
    """DOWN/UP page through the notes."""
    count = len(notes(desk, pending_score(desk)))
    shown = max(0, min(count, ui.summary_scroll + (1 if key is Key.DOWN else -1)))
    desk.set(summary_scroll=shown)


def view(desk: Desk, ui: Scroll) -> SummaryView:
    """Raw points, made or set, the changes and why, the totals after."""
    game = desk.game
    assert game is not None
    score = pending_score(desk)
    after = {t: game.totals[t] + score.delta[t] for t in TEAMS}
    why = notes(desk, score)
    return SummaryView(
        desk.contract_label(),
        score.raw[Team.NS],
        score.raw[Team.EW],
        score.made,
        score.delta[Team.NS],
        score.delta[Team.EW],
        why,
        TeamScore(Team.NS, desk.names[Team.NS], after[Team.NS]),
        TeamScore(Team.EW, desk.names[Team.EW], after[Team.EW]),
        desk.ui.message,
        max(0, min(ui.summary_scroll, len(why))),
        (step("OK", "hint.confirm"), *((step("▲▼", "hint.reasons"),) if why else ())),
    )


PAGES = (Page(Screen.SUMMARY, view, {Key.OK: confirm, Key.UP: page, Key.DOWN: page}, state=Scroll),)
