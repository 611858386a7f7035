"""Flip display turns the joystick for the reader across the table; seat directions stay.

TABLE.md: "push toward a seat" on NEW GAME, CONTRACT step 1, TRICKS and the 5♥/3♠
questions: a direction there is the table's seat whichever way the picture faces. On the
other screens (BID, QUICK, the menu, its lists) the joystick moves what the reader sees:
flipped, the reader sits at the top edge, so the joystick's DOWN is their up and its LEFT
their right.
"""

from __future__ import annotations

import pytest

from kaiser_core.cards import Seat, Suit
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table
from kaiser_core.table.keys import SEAT_SCREENS, TURNED, as_read
from kaiser_core.views.lists import MenuView

pytestmark = pytest.mark.slow

FLIP = {False: {}, True: TURNED}  # the joystick key that means "up" etc. to the reader


def table(flipped: bool) -> Table:
    t = Table(Rules())
    if flipped:
        items = [item.value for item in t.menu_items()]
        for key in ["HOLD-OK", *["DOWN"] * items.index("Flip display"), "OK", "B"]:
            t.press(Key(key))
    assert t.ui.flipped is flipped and t.ui.screen is Screen.NEW_GAME
    return t


def means(flipped: bool, key: Key) -> Key:
    """The joystick key to press so that the reader gets ``key``."""
    return FLIP[flipped].get(key, key)


@pytest.mark.parametrize("flipped", [False, True])
def test_seat_directions_stay_the_tables(flipped: bool) -> None:
    t = table(flipped)
    t.press(Key.RIGHT)  # toward E: E deals, flipped or not
    assert t.game is not None and t.game.first_dealer is Seat.E
    t.press(Key.OK)
    t.press(Key.LEFT)  # the bidder: W
    assert t.ui.screen is Screen.BID and t.ui.state.bidder is Seat.W
    t.press(Key.OK)  # W 6♠: TRICKS
    t.press(Key.UP)  # the first trick to N
    assert t.draft.tricks[0].winner is Seat.N
    for key in ["DOWN", "DOWN", "RIGHT", "RIGHT", "LEFT", "UP", "UP"]:
        t.press(Key(key))
    assert t.ui.screen is Screen.ASK_FIVE
    t.press(Key.RIGHT)  # 5♥ to E
    t.press(Key.DOWN)  # 3♠ to S
    assert t.ui.screen is Screen.SUMMARY
    hand = t.draft.hand().result
    assert (hand.five_hearts, hand.three_spades) == (Seat.E, Seat.S)


@pytest.mark.parametrize("flipped", [False, True])
def test_the_menu_moves_as_its_reader_sees_it(flipped: bool) -> None:
    t = table(flipped)
    t.press(Key.HOLD_OK)
    start = t.ui.state.menu_index
    t.press(means(flipped, Key.DOWN))
    assert t.ui.state.menu_index == start + 1
    t.press(means(flipped, Key.UP))
    assert t.ui.state.menu_index == start
    view = t.view()
    assert isinstance(view, MenuView) and view.index == start
    t.press(Key.DOWN)  # the joystick's own DOWN: down unflipped, up when flipped
    count = len(t.menu_items())
    assert t.ui.state.menu_index == ((start - 1) % count if flipped else start + 1)


@pytest.mark.parametrize("flipped", [False, True])
def test_the_bid_number_and_trump_move_as_read(flipped: bool) -> None:
    t = table(flipped)
    for key in [Key.UP, Key.OK, Key.RIGHT]:  # N deals, E bids: seat keys, as they are
        t.press(key)
    assert t.ui.screen is Screen.BID and t.ui.state.bidder is Seat.E
    t.press(means(flipped, Key.UP))
    assert t.ui.state.number == 7
    t.press(means(flipped, Key.RIGHT))  # ♠ -> ♥
    t.press(means(flipped, Key.DOWN))
    t.press(Key.OK)
    c = t.draft.contract
    assert c is not None and (c.bidder, c.number, c.trump) == (Seat.E, 6, Suit.H)


@pytest.mark.parametrize("flipped", [False, True])
def test_quick_counts_up_as_read(flipped: bool) -> None:
    t = table(flipped)
    t.press(Key.UP)
    for key in ["HOLD-OK", *[means(flipped, Key.DOWN).value] * 2, "OK", "B"]:  # per hand
        t.press(Key(key))
    for key in [Key.OK, Key.RIGHT, Key.OK]:
        t.press(key)
    assert t.ui.screen is Screen.QUICK and t.ui.state.quick_tricks == 4
    t.press(means(flipped, Key.UP))
    assert t.ui.state.quick_tricks == 5


def test_only_directions_turn_and_only_off_the_seat_screens() -> None:
    for key in Key:
        assert as_read(key, Screen.MENU, flipped=False) is key
        for screen in SEAT_SCREENS:
            assert as_read(key, screen, flipped=True) is key
        turned = as_read(key, Screen.MENU, flipped=True)
        assert turned is TURNED.get(key, key)
    assert {
        Screen.NEW_GAME,
        Screen.BIDDER,
        Screen.TRICKS,
        Screen.ASK_FIVE,
        Screen.ASK_THREE,
    } == SEAT_SCREENS


HAND = " OK UP DOWN RIGHT OK " + "UP " * 8 + "OK"  # N bids; DOWN, RIGHT; N takes all


@pytest.mark.parametrize(
    ("flip", "contract", "trump"),
    [
        (True, {"bidder": "N", "bid": 7, "no_trump": True}, None),  # DOWN is up, RIGHT back
        (False, {"bidder": "N", "bid": 6, "no_trump": False}, "H"),  # DOWN refused at 6
    ],
)
def test_the_real_buttons_on_mock_pins_turn_with_the_picture(scorer, flip, contract, trump):
    items = [i.value for i in table(False).menu_items()]
    down = " ".join(["DOWN"] * items.index("Flip display"))
    start = f"UP HOLD-OK {down} OK B" if flip else "UP"
    scorer.run(start + HAND)
    (hand,) = scorer.export()["hands"]
    assert hand["contract"] == contract
    assert hand.get("trump") == trump
    assert hand["tricks"] == ["N"] * 8  # the trick keys are the table's seats either way
