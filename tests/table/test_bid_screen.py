"""CONTRACT step 2: the bid held within its legal range, no-trump raised to its minimum."""

from kaiser_core import find_profile
from kaiser_core.table import Key, Screen, Table


def at_bid_screen(profile: str) -> Table:
    table = Table(find_profile(profile))
    for key in (Key.UP, Key.OK, Key.RIGHT):  # N deals, OK after the auction, E won it
        table.press(key)
    assert table.ui.screen is Screen.BID
    return table


def test_no_trump_below_its_minimum_is_raised_and_said():
    table = at_bid_screen("tournament")
    assert table.view().number == 6
    for _ in range(4):  # spades -> hearts -> diamonds -> clubs -> NT
        table.press(Key.RIGHT)
    view = table.view()
    assert view.trump is None and view.number == 7 and view.message == "no-trump starts at 7"
    table.press(Key.DOWN)  # held within the legal range
    assert table.view().number == 7


def test_the_number_stays_from_the_minimum_to_twelve():
    table = at_bid_screen("skat")
    table.press(Key.DOWN)
    assert table.view().number == 7  # skat's minimum
    for _ in range(9):
        table.press(Key.UP)
    assert table.view().number == 12


def test_low_is_refused_unless_the_rules_allow_it():
    table = at_bid_screen("standard")
    table.press(Key.A)
    assert table.view().low is False and "not allowed" in table.view().message
