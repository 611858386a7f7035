"""Any key on any screen, in any order: nothing crashes, nothing is lost or corrupted."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hardware.journal import Journal
from hardware.resume import commit, resume
from kaiser_core import Rules, Seat, find_profile
from kaiser_core.record import record_json, score_record
from kaiser_core.rules import Deal
from kaiser_core.table import Key, Screen, Table
from kaiser_core.views.summary import SummaryView

pytestmark = pytest.mark.slow

KEYS = st.sampled_from([k for k in Key] + ["restart"])
RULES = st.sampled_from(
    [
        Rules(),
        Rules(low_allowed=True, target=20),
        find_profile("widow"),
        find_profile("tournament").replace(target=15),
        find_profile("skat"),
    ]
)


def fresh(rules: Rules, journal: Journal) -> Table:
    table = Table(rules, choose_seat=lambda: Seat.W)
    resume(journal, table)
    return table


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=RULES, keys=st.lists(KEYS, min_size=1, max_size=150))
def test_random_keys_never_crash_or_corrupt(rules, keys):
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "kaiser.db")
        table = fresh(rules, journal)
        for key in keys:
            if key == "restart":
                table = fresh(rules, journal)
                continue
            change = table.press(key)
            commit(journal, change, table)
            view = table.view()
            # The journal holds exactly what the table shows: a restart changes nothing.
            again = fresh(rules, journal)
            assert again.view() == view
            assert again.ui.screen is table.ui.screen
            if table.game is not None:
                assert again.game is not None and again.game.totals == table.game.totals
                record = record_json(table.rules, table.first_dealer, table.core_entries())
                scored = score_record(record)
                assert scored["totals"] == {t.code: v for t, v in table.game.totals.items()}
            if isinstance(view, SummaryView):
                assert view.raw_ns + view.raw_ew == (9 if table.rules.deal is Deal.WIDOW else 10)
            assert table.ui.screen in table.pages
        journal.close()


@settings(max_examples=40, deadline=None)
@given(keys=st.lists(st.sampled_from(list(Key)), min_size=5, max_size=120))
def test_undoing_an_entry_and_entering_it_again_restores_the_state(keys):
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    for key in keys:
        before_entries = list(table.entries)
        before_screen = table.ui.screen
        change = table.press(key)
        if change.append and len(table.entries) > 1 and table.ui.screen is not Screen.NEW_GAME:
            view = table.view()
            totals = dict(table.game.totals) if table.game else None
            table.press(Key.HOLD_B)
            assert table.entries == before_entries
            if table.ui.screen is before_screen:  # back where the entry was made: redo it
                table.press(key)
                assert table.entries == before_entries + change.append
                assert table.view() == view
                assert (dict(table.game.totals) if table.game else None) == totals
            else:  # a menu entry (redeal) comes back to the screen it belongs to
                assert before_screen is Screen.MENU
                table.press(key)  # whatever the key does there, nothing crashes
