"""One seat (per trick) or one team (per hand) took every trick: the specials are theirs."""

from __future__ import annotations

from pathlib import Path

import pytest
from scripts import per_hand_hand, per_trick_hand

from hardware.journal import Journal
from hardware.resume import commit, resume
from kaiser_core.cards import Seat, Team
from kaiser_core.entries import SpecialEntry, TakenEntry
from kaiser_core.hand import ByTeam, ByTrick
from kaiser_core.rules import Rules, find_profile
from kaiser_core.table import Key, Screen, Table
from kaiser_core.views.quick import QuickView
from kaiser_core.views.summary import SummaryView


def table(rules: Rules | None = None) -> Table:
    t = Table(rules or Rules())
    t.press(Key.UP)  # N deals
    return t


def keys(t: Table, names: list[str]) -> None:
    for name in names:
        t.press(Key(name))


def hand_keys(keys_: list[str]) -> list[str]:
    return keys_[:-1]  # up to the summary, not confirmed


def last_result(t: Table) -> ByTrick | ByTeam:
    result = t.draft.hand().result
    assert isinstance(result, (ByTrick, ByTeam))
    return result


# -- per trick ----------------------------------------------------------------------------
def test_one_seat_took_every_trick_no_question_is_asked():
    t = table()
    keys(t, hand_keys(per_trick_hand("E", 8, "H", ["E"] * 8, None, None, ask=("E", "E"))[:-2]))
    assert t.ui.screen is Screen.SUMMARY
    result = last_result(t)
    assert isinstance(result, ByTrick) and (result.five_hearts, result.three_spades) == (
        Seat.E,
        Seat.E,
    )
    view = t.view()
    assert isinstance(view, SummaryView) and view.raw_ew == 10 and view.raw_ns == 0
    t.press(Key.OK)
    assert t.game is not None and t.game.totals[Team.EW] == 10


def test_a_marked_special_stays_and_the_other_is_not_asked():
    t = table()
    keys(t, hand_keys(per_trick_hand("S", 7, "C", ["W"] * 8, 3, None, ask=(None, "W"))[:-1]))
    assert t.ui.screen is Screen.SUMMARY
    result = last_result(t)
    assert isinstance(result, ByTrick) and (result.five_hearts, result.three_spades) == (
        Seat.W,
        Seat.W,
    )


def test_two_seats_of_one_team_are_still_asked():
    t = table()
    keys(t, hand_keys(per_trick_hand("N", 7, "S", ["N", "S"] * 4, None, None, ask=("N", "N"))[:-2]))
    assert t.ui.screen is Screen.ASK_FIVE
    t.press(Key.DOWN)
    assert t.ui.screen is Screen.ASK_THREE


def test_undo_of_the_last_trick_and_a_restart_keep_the_sweep(tmp_path: Path):
    journal = Journal(tmp_path / "kaiser.db")
    try:
        t = Table(Rules())
        for key in ["UP", *per_trick_hand("E", 8, "H", ["E"] * 8, None, None, ask=("E", "E"))]:
            commit(journal, t.press(Key(key)), t)
            if t.ui.screen is Screen.SUMMARY:
                break
        again = Table(Rules())
        resume(journal, again)
        assert again.ui.screen is Screen.SUMMARY and again.view() == t.view()
        commit(journal, again.press(Key.HOLD_B), again)
        assert again.ui.screen is Screen.TRICKS
        commit(journal, again.press(Key.LEFT), again)  # the last trick to W: now asked
        assert again.ui.screen is Screen.ASK_FIVE
    finally:
        journal.close()


def test_an_old_journal_that_answered_the_question_still_replays():
    t = table()
    keys(t, hand_keys(per_trick_hand("E", 8, "H", ["E"] * 8, None, None, ask=("E", "E"))[:-2]))
    entries = [*t.entries, SpecialEntry.from_json({"kind": "special", "card": "5H", "seat": "E"})]
    again = Table(Rules())
    again.load(t.rules, entries, t.ui)
    assert again.ui.screen is Screen.SUMMARY
    assert last_result(again) == last_result(t)


# -- per hand -----------------------------------------------------------------------------
def per_hand(t: Table) -> None:
    keys(t, ["HOLD-OK", "DOWN", "DOWN", "OK", "B"])  # menu: entry per hand


def quick_view(t: Table) -> QuickView:
    view = t.view()
    assert isinstance(view, QuickView)
    return view


@pytest.mark.parametrize(("tricks", "side"), [(8, "bidders"), (0, "defenders")])
def test_a_sweep_shows_both_specials_with_the_sweeping_team(tricks, side):
    t = table()
    per_hand(t)
    keys(t, per_hand_hand("E", 7, "S", tricks, "bidders", "bidders")[:-4])  # no A, B, OK
    view = quick_view(t)
    assert (view.bidders_tricks, view.five, view.three) == (tricks, side, side)
    t.press(Key.A)
    view = quick_view(t)
    assert (view.five, view.three) == (side, side)
    assert view.message == f"{side} took all 8: 5♥, 3♠ theirs"
    t.press(Key.B)
    assert quick_view(t).three == side and "theirs" in quick_view(t).message
    t.press(Key.OK)
    assert t.ui.screen is Screen.SUMMARY
    assert t.draft.taken == TakenEntry(tricks, side, side)


@pytest.mark.parametrize("presses", [[], ["A"], ["A", "A"], ["B", "A", "B"]])
def test_the_same_keys_give_the_same_hand_whatever_a_and_b(presses):
    t = table()
    per_hand(t)
    keys(t, ["OK", "RIGHT", "OK", *["UP"] * 4, *presses, "OK"])
    assert t.ui.screen is Screen.SUMMARY
    result = last_result(t)
    assert isinstance(result, ByTeam)
    assert (result.tricks_ew, result.five_hearts, result.three_spades) == (8, Team.EW, Team.EW)


def test_moving_off_the_sweep_gives_back_the_specials_set_before():
    t = table()
    per_hand(t)
    keys(t, ["OK", "RIGHT", "OK", "A", "B", "B"])  # 5♥ bidders, 3♠ defenders
    view = quick_view(t)
    assert (view.five, view.three) == ("bidders", "defenders")
    keys(t, ["DOWN"] * 4)
    assert (quick_view(t).five, quick_view(t).three) == ("defenders", "defenders")
    t.press(Key.A)  # refused: nothing changes
    t.press(Key.UP)
    view = quick_view(t)
    assert (view.bidders_tricks, view.five, view.three) == (1, "bidders", "defenders")
    keys(t, ["UP"] * 7)
    assert (quick_view(t).five, quick_view(t).three) == ("bidders", "bidders")
    t.press(Key.DOWN)
    assert (quick_view(t).five, quick_view(t).three) == ("bidders", "defenders")


def test_an_unset_special_stays_unset_off_the_sweep():
    t = table()
    per_hand(t)
    keys(t, ["OK", "RIGHT", "OK", *["UP"] * 4])
    assert (quick_view(t).five, quick_view(t).three) == ("bidders", "bidders")
    t.press(Key.DOWN)
    assert (quick_view(t).five, quick_view(t).three) == ("", "")
    t.press(Key.OK)
    assert t.ui.screen is Screen.QUICK and "who took" in quick_view(t).message


def test_the_widow_deal_sweeps_at_seven():
    t = table(find_profile("widow"))
    per_hand(t)
    keys(t, ["OK", "RIGHT", "OK", *["UP"] * 3])
    view = quick_view(t)
    assert (view.bidders_tricks, view.five, view.three) == (7, "bidders", "bidders")
