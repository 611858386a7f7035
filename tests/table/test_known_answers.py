"""Do not ask what is known: QUICK shows MADE/SET live, the raised target is announced.

(The sweeps, per hand and per trick, are in test_sweeps.py.)
"""

from __future__ import annotations

import pytest
from scripts import contract_keys, per_trick_hand

from hardware.screens import render
from kaiser_core.cards import Seat, Suit
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table
from kaiser_core.views.base import ContractLabel, LiveContract
from kaiser_core.views.quick import QuickView
from kaiser_core.views.summary import SummaryView


def table(rules: Rules | None = None) -> Table:
    t = Table(rules or Rules())
    t.press(Key.UP)  # N deals
    return t


def keys(t: Table, names: list[str]) -> None:
    for name in names:
        t.press(Key(name))


def quick(t: Table) -> QuickView:
    view = t.view()
    assert isinstance(view, QuickView)
    return view


def per_hand(t: Table) -> None:
    keys(t, ["HOLD-OK", "DOWN", "DOWN", "OK", "B"])  # menu: entry per hand


# -- QUICK: the live state, as on TRICKS --------------------------------------------------
def test_quick_shows_made_once_both_specials_are_set():
    t = table()
    per_hand(t)
    keys(t, contract_keys("E", 8, "H", _book()))  # E 8♥: QUICK at 4 tricks
    view = quick(t)
    assert view.live is not None and view.live.status == ""  # 4 + 5♥? unknown yet
    keys(t, ["UP"] * 2)  # 6 tricks: 6, 11, 3 or 8 -> still open
    assert quick(t).live.status == ""
    t.press(Key.A)  # 5♥ with the bidders: 11 or 8 by the 3♠
    assert quick(t).live.status == "MADE"
    assert quick(t).live.points == 11
    keys(t, ["B"])  # 3♠ with the bidders too: 8 of 8
    assert (quick(t).live.points, quick(t).live.status) == (8, "MADE")
    t.press(Key.DOWN)  # 5 tricks + 5 - 3 = 7
    assert (quick(t).live.points, quick(t).live.status) == (7, "SET")


def test_quick_shows_set_when_no_special_can_save_the_bid():
    t = table()
    per_hand(t)
    keys(t, [*contract_keys("E", 8, "H", _book()), "DOWN", "DOWN"])  # 2 tricks: at best 7
    assert quick(t).live == LiveContract(2, 8, 7, "SET")


def test_off_a_sweep_the_status_follows_the_specials_given_back():
    t = table()
    per_hand(t)
    keys(t, [*contract_keys("E", 8, "H", _book()), "A", "A"])  # 5♥ with the defenders
    keys(t, ["UP"] * 4)  # the bidders sweep: both specials are theirs, 10
    assert quick(t).live == LiveContract(10, 8, 10, "MADE")
    keys(t, ["DOWN"] * 7)  # 1 trick: the 5♥ with the defenders again, 3♠ open: 1 or -2
    assert quick(t).live == LiveContract(1, 8, 1, "SET")


def test_the_quick_picture_shows_the_status():
    label = ContractLabel(Seat.E, 8, Suit.H, False)
    plain = render(QuickView(label, 6, 8, "bidders", "defenders"))
    live = LiveContract(11, 8, 11, "MADE")
    made = render(QuickView(label, 6, 8, "bidders", "defenders", live=live))
    open_ = render(QuickView(label, 6, 8, "", "", live=LiveContract(6, 8, 11, "")))
    assert made.tobytes() != plain.tobytes()
    assert open_.tobytes() == render(QuickView(label, 6, 8, "", "")).tobytes()  # the hint stays
    box = (104, 42, 128, 54)  # the chip, right-aligned where TRICKS has it
    assert made.crop(box).getbbox() is not None and plain.crop(box).getbbox() is None


# -- the target moving to 62 -------------------------------------------------------------
AFTER_NT = Rules().replace(target_after_nt=62)


def summary(t: Table) -> SummaryView:
    view = t.view()
    assert isinstance(view, SummaryView)
    return view


def test_a_made_no_trump_announces_the_new_target_on_summary_and_score():
    t = table(AFTER_NT)
    hand = per_trick_hand("E", 6, None, ["E"] * 7 + ["N"], 1, 8)  # E 6NT made
    keys(t, hand[:-1])
    assert t.ui.screen is Screen.SUMMARY
    assert "NT made: the target is now 62" in summary(t).notes
    t.press(Key.OK)
    assert t.ui.screen is Screen.SCORE and t.ui.message == "NT made: the target is now 62"
    assert t.game is not None and t.game.target == 62
    t.press(Key.OK)  # on to the contract: the notice has been read
    assert t.ui.message == ""


@pytest.mark.parametrize(
    ("trump", "winners"),
    [("H", ["E"] * 7 + ["N"]), (None, ["N"] * 7 + ["E"])],  # a suit made / NT set
)
def test_no_announcement_when_the_target_stays(trump, winners):
    t = table(AFTER_NT)
    keys(t, per_trick_hand("E", 6, trump, winners, 1, 8)[:-1])
    assert not any("target" in note for note in summary(t).notes)
    t.press(Key.OK)
    assert t.ui.message == "" and t.game is not None and t.game.target == 52


def test_a_second_no_trump_does_not_announce_again():
    t = table(AFTER_NT)
    keys(t, per_trick_hand("E", 6, None, ["E"] * 7 + ["N"], 1, 8))
    keys(t, per_trick_hand("S", 6, None, ["S"] * 7 + ["E"], 1, 8)[:-1])
    assert not any("target" in note for note in summary(t).notes)


def _book():
    from scripts import Rulebook

    return Rulebook()
