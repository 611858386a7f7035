"""The table as a state machine: keys, undo, restarts and whole hands, on a real journal.

After every step: a summary's raw points add up to 10 (9 with the widow deal); the game's
totals equal a re-score of its export; a table restarted from the journal shows the same
thing. Undoing an entry and entering it again gives back the same screen and totals.
"""

from __future__ import annotations

import contextlib
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from hardware.app import export_game
from hardware.journal import Journal
from hardware.resume import commit, resume
from kaiser_core.cards import SEATS, Seat, Team
from kaiser_core.entries import Start, TableEntry
from kaiser_core.record import record_json, score_record
from kaiser_core.rules import Deal, Rules, find_profile
from kaiser_core.table import SEAT_OF_DIRECTION, Change, Key, Screen, Table
from kaiser_core.views import View
from kaiser_core.views.summary import SummaryView

from .hands import (
    HAND_PLANS,
    HAND_SCREENS,
    SEAT_KEY,
    HandPlan,
    Stop,
    play_hand,
    screen_of,
    switch_entry_mode,
    with_budget,
)

pytestmark = pytest.mark.slow

#: Every profile, some with a short game so that games end and new ones start.
RULES = st.sampled_from(
    [
        find_profile("standard"),
        find_profile("standard").replace(target=21, low_allowed=True),
        find_profile("open-defense").replace(target=25),
        find_profile("tournament").replace(target=15),
        find_profile("skat").replace(target=21, losing_total=-20),
        find_profile("widow"),
        find_profile("widow").replace(target=18, bidder_must_go_out=True),
        find_profile("standard").replace(
            target=30, made_scores="bid", nt_made_multiplier=1, defender_cap_at=None
        ),
        find_profile("standard").replace(  # issue 13's house rules (not the 3♠ rule: raw 10)
            min_bid=4,
            max_hands=3,
            target_after_nt=62,
            cap_follows_target=True,
            capped_five_wins=True,
            defenders_cannot_go_out=True,
            both_reach_target="higher-total",
            kaiser_bid_wins=True,
            kaiser_bid_alone=True,
            kaiser_bid_loses=True,
            low_allowed=True,
            low_specials="low",
            low_bid="bid",
        ),
    ]
)


def totals(table: Table) -> dict[str, int] | None:
    """The game's totals as the record spells them, or None without a game."""
    if table.game is None:
        return None
    return {t.code: v for t, v in table.game.totals.items()}


@dataclass(frozen=True)
class Entered:
    """The last key that appended an entry, and the state just before and after it."""

    key: Key
    screen: Screen  # where the key was pressed
    entries_before: list[TableEntry]
    totals_before: dict[str, int] | None
    entries_after: list[TableEntry]
    view_after: View
    totals_after: dict[str, int] | None


class TableMachine(RuleBasedStateMachine):
    """A table and its journal; rules press keys, undo, restart and play whole hands."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = tempfile.TemporaryDirectory()
        self.journal = Journal(Path(self.tmp.name) / "kaiser.db")
        self.game_rules = Rules()
        self.seat = Seat.N
        self.table = self.restarted()
        self.entered: Entered | None = None
        self.rescored: list[TableEntry] | None = None  # the entries last re-scored

    def teardown(self) -> None:
        self.journal.close()
        self.tmp.cleanup()

    # -- helpers --------------------------------------------------------------------------
    def restarted(self) -> Table:
        """A fresh table restored from the journal, as after a power cut."""
        table = Table(self.game_rules, choose_seat=lambda: self.seat)
        resume(self.journal, table)
        return table

    def press(self, key: Key) -> Change:
        """One key: into the table, journaled; checks what is cheap to check each key."""
        table = self.table
        screen = table.ui.screen
        entries_before, totals_before = list(table.entries), totals(table)
        change = table.press(key)
        commit(self.journal, change, table)
        view = table.view()
        if isinstance(view, SummaryView):
            raw = 9 if table.rules.deal is Deal.WIDOW else 10
            assert view.raw_ns + view.raw_ew == raw, view
        if change.append and entries_before and not change.drop:
            self.entered = Entered(
                key,
                screen,
                entries_before,
                totals_before,
                list(table.entries),
                view,
                totals(table),
            )
        else:
            self.entered = None
        return change

    def note_progress(self) -> None:
        game = self.table.game
        if game is not None:
            event(f"{self.game_rules.profile}: {'game over' if game.over else 'hand played'}")

    # -- rules ----------------------------------------------------------------------------
    @initialize(
        rules=RULES,
        seat=st.sampled_from(SEATS),
        first=st.sampled_from(SEATS),
        per_hand=st.booleans(),
    )
    def new_game(self, rules: Rules, seat: Seat, first: Seat, per_hand: bool) -> None:
        """A first dealer starts the game; per-hand entry half of the time."""
        self.game_rules, self.seat = rules, seat
        self.table = self.restarted()
        self.press(SEAT_KEY[first])
        assert self.table.ui.screen is Screen.SCORE
        if per_hand:
            switch_entry_mode(self.table, self.press)

    @rule(key=st.sampled_from(list(Key)))
    def press_a_key(self, key: Key) -> None:
        self.press(key)

    @rule()
    def undo(self) -> None:
        """HOLD-B takes back the last entry, or says there is nothing to undo."""
        entries = list(self.table.entries)
        change = self.press(Key.HOLD_B)
        if change.drop:
            assert self.table.entries == entries[:-1]
        else:
            assert self.table.entries == entries

    @rule()
    def restart(self) -> None:
        """A power cut: the same screen comes back, and play goes on from the journal."""
        before = self.table
        self.table = self.restarted()
        assert self.table.view() == before.view()
        assert self.table.entries == before.entries
        assert totals(self.table) == totals(before)

    @precondition(lambda self: self.table.ui.screen in HAND_SCREENS)
    @rule(plans=st.lists(HAND_PLANS, min_size=1, max_size=3))
    def finish_the_hand(self, plans: list[HandPlan]) -> None:
        """From wherever the hand stands, a player enters the rest and confirms; then more."""
        for plan in plans:
            if self.table.ui.screen not in HAND_SCREENS:
                break
            assert play_hand(self.table, self.press, plan)
        self.note_progress()

    @precondition(lambda self: self.table.ui.screen in HAND_SCREENS)
    @rule(plan=HAND_PLANS, entries=st.integers(1, 10))
    def enter_part_of_a_hand(self, plan: HandPlan, entries: int) -> None:
        """A player makes a few entries of a legal hand, then something else happens."""
        with contextlib.suppress(Stop):
            play_hand(self.table, with_budget(self.table, self.press, entries), plan)

    @rule()
    def switch_entry_mode(self) -> None:
        """Per trick <-> per hand through the menu (from the score screen)."""
        if self.table.ui.screen is Screen.SCORE:
            switch_entry_mode(self.table, self.press)

    @rule(first=st.sampled_from([Key.UP, Key.RIGHT, Key.DOWN, Key.LEFT, Key.OK]))
    def next_game(self, first: Key) -> None:
        """After GAME OVER: OK, then a first dealer starts the next game."""
        if self.table.ui.screen is not Screen.GAME_OVER:
            return
        self.press(Key.OK)
        assert screen_of(self.table) is Screen.NEW_GAME
        self.press(first)
        assert screen_of(self.table) is Screen.SCORE
        dealer = self.seat if first is Key.OK else SEAT_OF_DIRECTION[first]
        assert self.table.entries == [Start(dealer)]

    @precondition(lambda self: self.entered is not None)
    @rule()
    def undo_and_enter_again(self) -> None:
        """Undo the last entry, then press its key again: the same state comes back."""
        entered = self.entered
        assert entered is not None
        self.press(Key.HOLD_B)
        assert self.table.entries == entered.entries_before
        assert totals(self.table) == entered.totals_before
        if self.table.ui.screen is not entered.screen:
            return  # made from the menu (a redeal): undo returns to the contract instead
        self.press(entered.key)
        event(f"entered again: {type(entered.entries_after[-1]).__name__}")
        assert self.table.entries == entered.entries_after
        assert self.table.view() == entered.view_after
        assert totals(self.table) == entered.totals_after

    # -- invariants -----------------------------------------------------------------------
    @invariant()
    def summary_raw_points_add_up(self) -> None:
        view = self.table.view()
        if isinstance(view, SummaryView):
            assert view.raw_ns + view.raw_ew == (9 if self.game_rules.deal is Deal.WIDOW else 10)

    @invariant()
    def totals_equal_a_rescore_of_the_export(self) -> None:
        table = self.table
        if table.game is None or table.entries == self.rescored:
            return  # nothing was entered since the last check: the same record
        live = record_json(table.rules, table.first_dealer, table.core_entries())
        assert score_record(live)["totals"] == totals(table)
        row = self.journal.current_game()
        assert row is not None
        exported = export_game(self.journal, row.id)
        assert exported == live
        scored = score_record(exported)
        assert scored["totals"] == totals(table)
        assert (scored["winner"] is not None) == table.game.over
        if table.game.over:
            assert table.game.winner is not None
            assert scored["winner"] == table.game.winner.code
            assert table.game.winner in (Team.NS, Team.EW)
        self.rescored = list(table.entries)

    @invariant()
    def a_restarted_table_shows_the_same(self) -> None:
        again = self.restarted()
        assert again.view() == self.table.view()
        assert again.ui == self.table.ui
        assert again.entries == self.table.entries
        assert totals(again) == totals(self.table)


TableMachine.TestCase.settings = settings(
    max_examples=80,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_the_table_holds_its_invariants = TableMachine.TestCase
