"""Whole legal hands entered key by key, in the table's own words (TABLE.md's flows).

Random keys alone rarely finish a hand. ``play_hand`` reads the screen as a player would
and presses the next key of a legal hand from wherever the hand stands (the score, the
bid, a trick, a question, the summary), up to the confirmed hand, so games progress.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import strategies as st

from kaiser_core.cards import SEATS, Seat
from kaiser_core.rules import MAX_BID
from kaiser_core.table import DIRECTION_OF_SEAT, Key, MenuItem, Screen, Table
from kaiser_core.views.contract import BidView
from kaiser_core.views.summary import SummaryView
from kaiser_core.views.tricks import TricksView

SEAT_KEY = DIRECTION_OF_SEAT
#: Where a hand is under way; the player stops anywhere else.
HAND_SCREENS = (
    Screen.SCORE,
    Screen.BIDDER,
    Screen.BID,
    Screen.TRICKS,
    Screen.ASK_FIVE,
    Screen.ASK_THREE,
    Screen.QUICK,
    Screen.SUMMARY,
)


@dataclass(frozen=True)
class HandPlan:
    """One hand as a player would enter it; indexes wrap to the rules' trick count."""

    bidder: Seat
    trump: int  # index into the trump cycle: S H D C NT
    raise_by: int  # above the minimum for that trump
    low: bool
    winners: tuple[Seat, ...]  # 8 seats; the first 7 with the widow deal
    five_in: int | None  # the trick marked with A, or None: answered after the last trick
    three_in: int | None
    five_to: int  # for the questions: the winner of this trick took it
    three_to: int
    bidders_tricks: int  # per-hand entry
    five_side: str  # "bidders" or "defenders" (moved when that side took no trick)
    three_side: str


HAND_PLANS = st.builds(
    HandPlan,
    bidder=st.sampled_from(SEATS),
    trump=st.integers(0, 4),
    raise_by=st.integers(0, 6),
    low=st.booleans(),
    winners=st.lists(st.sampled_from(SEATS), min_size=8, max_size=8).map(tuple),
    five_in=st.none() | st.integers(0, 7),
    three_in=st.none() | st.integers(0, 7),
    five_to=st.integers(0, 7),
    three_to=st.integers(0, 7),
    bidders_tricks=st.integers(0, 8),
    five_side=st.sampled_from(["bidders", "defenders"]),
    three_side=st.sampled_from(["bidders", "defenders"]),
)

Press = Callable[[Key], object]


class Stop(Exception):
    """Raised by a press budget to leave a hand half entered."""


def play_hand(table: Table, press: Press, plan: HandPlan) -> bool:
    """Enter the rest of the hand under way (from SCORE: a whole hand) and confirm it.

    Returns True once the hand is confirmed (the table is then on SCORE or GAME OVER),
    False when the table is not in a hand (a menu, NEW GAME, GAME OVER).
    A legal key that the table refuses fails an assertion.
    """
    n = table.rules.tricks_per_hand
    for _ in range(200):
        screen = table.ui.screen
        if screen not in HAND_SCREENS:
            return False
        if screen is Screen.SCORE:
            press(Key.OK)
            assert table.ui.screen is Screen.BIDDER
        elif screen is Screen.BIDDER:
            press(SEAT_KEY[plan.bidder])
            assert table.ui.screen is Screen.BID
        elif screen is Screen.BID:
            _bid(table, press, plan)
        elif screen is Screen.TRICKS:
            _trick(table, press, plan, n)
        elif screen in (Screen.ASK_FIVE, Screen.ASK_THREE):
            tricks = table.draft.tricks
            index = plan.five_to if screen is Screen.ASK_FIVE else plan.three_to
            press(SEAT_KEY[tricks[index % len(tricks)].winner])
            assert table.ui.screen is not screen, table.view()
        elif screen is Screen.QUICK:
            _quick(table, press, plan, n)
            assert table.ui.screen is Screen.SUMMARY, table.view()
        else:
            assert isinstance(table.view(), SummaryView)
            press(Key.OK)
            assert table.ui.screen in (Screen.SCORE, Screen.GAME_OVER)
            return True
    raise AssertionError(f"the hand did not end: {table.view()}")


def _bid(table: Table, press: Press, plan: HandPlan) -> None:
    """Set the trump, the number and low as planned, then OK."""
    for _ in range(5):
        if table.ui.state.trump == plan.trump:
            break
        press(Key.RIGHT)
    view = table.view()
    assert isinstance(view, BidView)
    number = min(MAX_BID, view.minimum + plan.raise_by)
    for _ in range(2 * MAX_BID):
        view = table.view()
        assert isinstance(view, BidView)
        if view.number == number:
            break
        press(Key.UP if view.number < number else Key.DOWN)
    if table.rules.low_allowed and table.ui.state.low != plan.low:
        press(Key.A)
    press(Key.OK)
    assert table.ui.screen in (Screen.TRICKS, Screen.QUICK), table.view()


def _trick(table: Table, press: Press, plan: HandPlan, n: int) -> None:
    """Mark 5♥ / 3♠ in this trick when planned (and still out), then its winner."""
    view = table.view()
    assert isinstance(view, TricksView)
    i = view.trick - 1
    for key, planned, taken, marked in (
        (Key.A, plan.five_in, view.five_with, view.mark_five),
        (Key.B, plan.three_in, view.three_with, view.mark_three),
    ):
        want = taken is None and planned is not None and planned % n == i
        if marked != want:
            press(key)
    entries = len(table.entries)
    press(SEAT_KEY[plan.winners[i]])
    assert len(table.entries) == entries + 1, table.view()


def _quick(table: Table, press: Press, plan: HandPlan, n: int) -> None:
    """Per-hand entry: the bidders' tricks, who took 5♥ and 3♠, then OK."""
    tricks = min(plan.bidders_tricks, n)
    for _ in range(n + 1):
        if table.ui.state.quick_tricks == tricks:
            break
        press(Key.UP if tricks > table.ui.state.quick_tricks else Key.DOWN)
    taken = {"bidders": tricks, "defenders": n - tricks}
    other = {"bidders": "defenders", "defenders": "bidders"}
    for key, side in ((Key.A, plan.five_side), (Key.B, plan.three_side)):
        side = side if taken[side] else other[side]
        for _ in range(3):  # A/B cycle: unset -> bidders -> defenders -> bidders
            current = table.ui.state.quick_five if key is Key.A else table.ui.state.quick_three
            if current == side:
                break
            press(key)
    press(Key.OK)


def with_budget(table: Table, press: Press, entries: int) -> Press:
    """``press`` that raises Stop right after the key that made the ``entries``-th entry."""
    count = 0

    def limited(key: Key) -> object:
        nonlocal count
        before = len(table.entries)
        result = press(key)
        if len(table.entries) > before:
            count += 1
            if count >= entries:
                raise Stop
        return result

    return limited


def screen_of(table: Table) -> Screen:
    """The table's screen now."""
    return table.ui.screen


def switch_entry_mode(table: Table, press: Press) -> None:
    """From SCORE: menu, down to "Entry", OK (per trick <-> per hand), close the menu."""
    assert screen_of(table) is Screen.SCORE
    press(Key.HOLD_OK)
    assert screen_of(table) is Screen.MENU
    for _ in range(table.menu_items().index(MenuItem.MODE)):
        press(Key.DOWN)
    press(Key.OK)
    press(Key.B)
    assert screen_of(table) is Screen.SCORE
