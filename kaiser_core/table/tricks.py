"""Per-trick entry: TRICKS (each trick's winner, 5♥/3♠ marks) and the two questions after it."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Card, Team
from kaiser_core.entries import SpecialEntry, TrickEntry
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import say
from kaiser_core.table.keys import DIRECTIONS, Key, seat_for
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change, NoState
from kaiser_core.views.tricks import AskSpecialView, TricksView


@dataclass(frozen=True)
class Marks:
    """TRICKS' cursors: the trick to come holds 5♥ (A) or 3♠ (B)."""

    mark_five: bool = False
    mark_three: bool = False


def mark(desk: Desk, ui: Marks, key: Key) -> None:
    """A marks 5♥, B marks 3♠ (refused when that card is in an earlier trick)."""
    card = FIVE_HEARTS if key is Key.A else THREE_SPADES
    marked = ui.mark_five if key is Key.A else ui.mark_three
    taken_in = desk.draft.trick_with(card)
    if not marked and taken_in:
        desk.say(Message("tricks.marked", card=card, trick=taken_in))
    elif key is Key.A:
        desk.set(mark_five=not marked)
    else:
        desk.set(mark_three=not marked)


def winner(desk: Desk, ui: Marks, key: Key) -> Change:
    """A direction enters the trick's winner (with the marks)."""
    seat = seat_for(key)
    assert seat is not None
    return desk.enter(TrickEntry(seat, ui.mark_five, ui.mark_three))


def view_tricks(desk: Desk, ui: Marks) -> TricksView:
    """Trick k of n, the tricks per team, the specials so far, the marks, the live state."""
    d = desk.draft
    ns = sum(1 for t in d.tricks if t.winner.team is Team.NS)
    return TricksView(
        desk.contract_label(),
        len(d.tricks) + 1,
        desk.rules.tricks_per_hand,
        ns,
        len(d.tricks) - ns,
        d.special_taker(FIVE_HEARTS),
        d.special_taker(THREE_SPADES),
        ui.mark_five,
        ui.mark_three,
        d.live(),
        desk.ui.message,
        desk.progress(),
        (say("hint.winner"),),
    )


def _ask(desk: Desk, key: Key, card: Card) -> Change:
    seat = seat_for(key)
    assert seat is not None
    if all(t.winner is not seat for t in desk.draft.tricks):
        desk.say(Message("ask.no_trick", seat=seat, card=card))
        return Change()
    return desk.enter(SpecialEntry(card, seat))


def press_ask_five(desk: Desk, state: NoState, key: Key) -> Change:
    """A direction names who took 5♥."""
    return _ask(desk, key, FIVE_HEARTS)


def press_ask_three(desk: Desk, state: NoState, key: Key) -> Change:
    """A direction names who took 3♠."""
    return _ask(desk, key, THREE_SPADES)


def view_ask_five(desk: Desk, state: NoState) -> AskSpecialView:
    """Who took 5♥?"""
    return AskSpecialView(FIVE_HEARTS, desk.ui.message, (say("hint.seat"),))


def view_ask_three(desk: Desk, state: NoState) -> AskSpecialView:
    """Who took 3♠?"""
    return AskSpecialView(THREE_SPADES, desk.ui.message, (say("hint.seat"),))


PAGES = (
    Page(
        Screen.TRICKS,
        view_tricks,
        {Key.A: mark, Key.B: mark, **dict.fromkeys(DIRECTIONS, winner)},
        state=Marks,
    ),
    Page(Screen.ASK_FIVE, view_ask_five, dict.fromkeys(DIRECTIONS, press_ask_five)),
    Page(Screen.ASK_THREE, view_ask_three, dict.fromkeys(DIRECTIONS, press_ask_three)),
)
