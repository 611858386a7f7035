"""Every screen says what to do next: a hint line from the core, feedback after a menu action.

The keys are TABLE.md's; the hints are what each screen's module puts in its view, and the
painter draws them on the bottom line, under any message.
"""

from __future__ import annotations

import dataclasses

from PIL import ImageChops

from hardware.screens import render
from hardware.screens.parts import hint_width
from kaiser_core.cards import Seat, Team
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table
from kaiser_core.views.contract import BidView, ScoreView
from kaiser_core.views.question import QuestionView

UP, DOWN, LEFT, RIGHT, OK, A, B = Key.UP, Key.DOWN, Key.LEFT, Key.RIGHT, Key.OK, Key.A, Key.B


def table(rules: Rules | None = None, *keys: Key) -> Table:
    t = Table(rules or Rules(), names={Team.NS: "Us", Team.EW: "Them"})
    for key in keys:
        t.press(key)
    return t


def hint(t: Table) -> str:
    view = t.view()
    return " | ".join(view.hint)  # type: ignore[union-attr]


def test_each_screen_of_a_hand_says_what_its_keys_do():
    t = table(None, UP)  # N deals: SCORE
    assert t.ui.screen is Screen.SCORE and hint(t) == "OK enter the contract"
    t.press(OK)
    assert hint(t) == "A redeal | B back"
    t.press(RIGHT)
    assert t.ui.screen is Screen.BID and hint(t) == "OK enter | B back"
    t.press(OK)
    assert t.ui.screen is Screen.TRICKS and hint(t) == "push toward the winner"
    for _ in range(8):
        t.press(RIGHT)  # E takes every trick: no question
    assert t.ui.screen is Screen.SUMMARY and hint(t).startswith("OK confirm")


def test_the_low_key_is_hinted_only_where_a_toggles_low():
    t = table(Rules(low_allowed=True), UP, OK, RIGHT)
    assert hint(t) == "OK enter | A low | B back"


def test_quick_says_a_and_b_until_both_specials_are_set_then_ok():
    t = table(None, UP, Key.HOLD_OK, DOWN, DOWN, OK, B)  # the menu's Entry: per hand
    for key in (OK, RIGHT, OK):
        t.press(key)
    assert t.ui.screen is Screen.QUICK
    assert hint(t) == "A/B who took 5♥ and 3♠"  # the keys in a chip, then the words
    t.press(A)
    assert hint(t) == "A/B who took 5♥ and 3♠"  # the keys in a chip, then the words
    t.press(B)
    assert hint(t) == "OK score the hand"


def test_the_menu_lists_and_game_over_say_their_keys():
    t = table(None, UP, Key.HOLD_OK)
    assert hint(t) == "▲▼ move | OK choose"
    for _ in range(3):
        t.press(DOWN)  # Rules
    t.press(OK)
    assert t.ui.screen is Screen.LIST and hint(t) == "▲▼ scroll | B back"
    assert hint(table()) == "OK random dealer"  # NEW GAME


def test_new_game_is_a_question_with_two_answers_and_the_same_keys():
    t = table(None, UP, OK, RIGHT, A, Key.HOLD_OK)  # a redeal: the game has entries
    for _ in range(4):
        t.press(DOWN)  # New game
    t.press(OK)
    view = t.view()
    assert isinstance(view, QuestionView) and view.title == "New game?"
    assert hint(t) == "OK yes | B no"
    t.press(B)
    assert t.ui.screen is Screen.MENU
    t.press(OK)
    t.press(OK)
    assert t.ui.screen is Screen.NEW_GAME and t.game is None


def test_a_redeal_says_so_on_the_score_screen_from_the_bidder_screen_and_the_menu():
    t = table(None, UP, OK, A)
    assert t.ui.screen is Screen.SCORE
    assert t.view().message == "hand redealt: N deals"
    t.press(Key.HOLD_OK)
    t.press(DOWN)  # Redeal
    t.press(OK)
    assert t.ui.screen is Screen.SCORE and t.view().message == "hand redealt: N deals"
    assert len(t.entries) == 3  # start, two redeals: the keys did what TABLE.md says


def test_flipping_the_display_says_so():
    t = table(None, UP, Key.HOLD_OK)
    for _ in range(6):
        t.press(DOWN)  # Flip display
    assert t.press(OK).request is not None
    assert t.view().message == "display flipped: on"


def test_score_shows_who_deals_who_bids_first_and_the_last_hand():
    t = table(None, UP)
    view = t.view()
    assert isinstance(view, ScoreView) and view.last == ""
    for key in (OK, RIGHT, UP, UP, OK, *[RIGHT] * 6, DOWN, DOWN):
        t.press(key)  # E 8♠; E takes six tricks, S two; then who took 5♥, 3♠
    t.press(RIGHT)  # 5♥ to E
    t.press(DOWN)  # 3♠ to S
    t.press(OK)
    view = t.view()
    assert isinstance(view, ScoreView)
    delta = view.ew.total
    assert view.last == f"last: {view.ew.name} 8♠ made +{delta}/{view.ns.total}"  # names everywhere
    assert (view.dealer, view.first_bidder) == (Seat.E, Seat.S)
    t.press(OK)
    t.press(A)  # a redeal
    assert t.view().last == "last: E redealt"  # type: ignore[union-attr]


def test_bid_shows_who_won_it_and_where_the_trump_cycle_is():
    t = table(Rules(low_allowed=True).replace(low_bid="bid"), UP, OK, RIGHT)
    view = t.view()
    assert isinstance(view, BidView) and view.nt_low
    picture = render(view)
    t.press(LEFT)  # from ♠ back to NT low: the cycle shows where it went
    assert t.view().trump is None and t.view().low  # type: ignore[union-attr]
    assert ImageChops.difference(picture, render(t.view())).getbbox() is not None


def test_the_message_and_the_hint_each_get_their_line():
    t = table(None, UP, Key.HOLD_B)  # nothing to undo: a message on SCORE
    view = t.view()
    assert view.message == "nothing to undo" and view.hint
    with_message = render(view)
    bottom = (0, 55, 128, 64)
    alone = render(ScoreView(**{**view.__dict__, "message": ""}))
    assert with_message.crop(bottom).tobytes() == alone.crop(bottom).tobytes()
    assert with_message.crop((0, 40, 128, 54)) != alone.crop((0, 40, 128, 54))
    assert with_message.crop(bottom).getbbox() is not None


def test_every_hint_fits_its_line():
    for t in (table(None, UP), table(None, UP, OK), table(None, UP, OK, RIGHT)):
        assert 0 < hint_width(t.view().hint) <= 128  # type: ignore[union-attr]
    t = table(None, UP, Key.HOLD_OK)
    assert hint_width(t.view().hint) <= 128  # type: ignore[union-attr]


def test_the_card_screen_says_whose_card_to_read_or_that_the_reader_is_offline():
    t = Table(Rules(), reader_available=True)
    for key in (UP, Key.HOLD_OK, DOWN, DOWN, OK, OK, B, OK, RIGHT, OK):  # Entry: card reader
        t.press(key)
    assert t.ui.screen is Screen.CARDS
    assert hint(t) == "reader offline"
    t.reader_online = True
    assert hint(t) == "read E's card"  # the bidder leads
    offline = render(dataclasses.replace(t.view(), reader_online=False, hint=("reader offline",)))
    assert offline.crop((0, 55, 128, 64)).histogram()[255] > 500  # an inverted bar
