"""CONTRACT step 2: the step on from NT to a suit brings back the number NT raised."""

from __future__ import annotations

from pathlib import Path

from hardware.journal import Journal
from hardware.resume import commit, resume
from kaiser_core import find_profile
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table, read_scene
from kaiser_core.table.contract import BidState
from kaiser_core.table.ui import Layer, Scene

TOURNAMENT = find_profile("tournament")  # min_bid 6, nt_min_bid 7


def at_bid_screen(rules: Rules, table: Table | None = None, press=None) -> Table:
    table = table or Table(rules)
    for key in (Key.UP, Key.OK, Key.RIGHT):  # N deals, OK after the auction, E won it
        (press or table.press)(key)
    assert table.ui.screen is Screen.BID
    return table


def shown(table: Table) -> tuple[int, str]:
    view = table.view()
    return view.number, "NT" if view.trump is None else view.trump.code


def test_left_left_from_six_spades_gives_six_clubs():
    table = at_bid_screen(TOURNAMENT)
    table.press(Key.LEFT)
    assert shown(table) == (7, "NT")
    table.press(Key.LEFT)
    assert shown(table) == (6, "C")


def test_right_from_nt_to_spades_comes_back_too():
    table = at_bid_screen(TOURNAMENT)
    table.press(Key.LEFT)
    table.press(Key.RIGHT)
    assert shown(table) == (6, "S")


def test_up_or_down_on_nt_keeps_the_number_on_the_way_back():
    table = at_bid_screen(TOURNAMENT)
    table.press(Key.LEFT)
    table.press(Key.UP)
    assert shown(table) == (8, "NT")
    table.press(Key.LEFT)
    assert shown(table) == (8, "C")
    table = at_bid_screen(TOURNAMENT)
    for key in (Key.LEFT, Key.UP, Key.DOWN, Key.LEFT):  # changed, even if back at 7
        table.press(key)
    assert shown(table) == (7, "C")


def test_a_press_refused_at_the_limit_changes_nothing():
    table = at_bid_screen(TOURNAMENT)
    table.press(Key.LEFT)
    table.press(Key.DOWN)  # refused: 7 is no-trump's minimum
    assert shown(table) == (7, "NT")
    table.press(Key.LEFT)
    assert shown(table) == (6, "C")


def test_a_number_at_the_nt_minimum_is_not_raised_nor_lowered():
    table = at_bid_screen(TOURNAMENT)
    table.press(Key.UP)
    table.press(Key.UP)  # 8♠
    table.press(Key.LEFT)
    table.press(Key.LEFT)
    assert shown(table) == (8, "C")


def test_suits_in_a_row_keep_their_number():
    table = at_bid_screen(TOURNAMENT)
    for key in (Key.UP, Key.RIGHT, Key.RIGHT, Key.RIGHT):
        table.press(key)
    assert shown(table) == (7, "C")
    table.press(Key.RIGHT)  # NT, already at its minimum
    table.press(Key.RIGHT)
    assert shown(table) == (7, "S")


def test_the_cycle_with_nt_low_as_a_bid_keeps_the_way_back():
    rules = TOURNAMENT.replace(low_allowed=True, low_bid="bid")
    table = at_bid_screen(rules)
    table.press(Key.LEFT)  # ♠ -> NT low
    view = table.view()
    assert (view.number, view.trump, view.low) == (7, None, True)
    table.press(Key.LEFT)  # NT low -> NT
    view = table.view()
    assert (view.number, view.trump, view.low) == (7, None, False)
    table.press(Key.LEFT)  # NT -> ♣: back to 6
    assert shown(table) == (6, "C")
    assert table.view().low is False
    for _ in range(4):  # ♣ -> NT -> NT low -> ♠ -> ♥
        table.press(Key.RIGHT)
    assert shown(table) == (6, "H")


def test_the_number_to_come_back_to_survives_a_restart(tmp_path: Path):
    journal = Journal(tmp_path / "kaiser.db")
    try:
        first = Table(TOURNAMENT)

        def press(key: Key) -> None:
            commit(journal, first.press(key), first)

        at_bid_screen(TOURNAMENT, first, press)
        press(Key.LEFT)
        assert shown(first) == (7, "NT")
        again = Table(TOURNAMENT)
        resume(journal, again)
        assert again.ui == first.ui and again.ui.state.bid_before_nt == 6
        commit(journal, again.press(Key.LEFT), again)
        assert shown(again) == (6, "C")
        again.press(Key.OK)
        assert again.draft.contract is not None and again.draft.contract.number == 6
    finally:
        journal.close()


def test_old_stored_ui_without_the_field_still_loads():
    # a version-1 Ui (one flat object) from before the field existed
    data = {"screen": "bid", "number": 7, "trump": 4, "stack": [], "message": ""}
    ui = read_scene(data)
    state = ui.state
    assert (ui.screen, state.number, state.trump, state.bid_before_nt) == (Screen.BID, 7, 4, 0)
    data = {"version": 2, "layers": [{"screen": "bid", "state": {"number": 7, "trump": 4}}]}
    assert read_scene(data).state == BidState(number=7, trump=4, bid_before_nt=0)
    stored = Scene((Layer(Screen.BID, BidState(bid_before_nt=6)),)).to_json()
    assert read_scene(stored).state.bid_before_nt == 6
