"""The auction: one call each from the dealer's left, the bid order, the dealer's privileges."""

import pytest

from kaiser_core import Bid, Rules, Seat, auction
from kaiser_core.errors import IllegalBidError
from kaiser_core.rules import NTRanking

STD = Rules()
ALL_NT = Rules(nt_ranking=NTRanking.ABOVE_ALL_SUIT_BIDS)


def test_the_bid_order_puts_no_trump_just_above_the_same_number():
    order = sorted(
        [Bid(7), Bid(6, True), Bid(6), Bid(7, True), Bid(12), Bid(12, True)],
        key=lambda b: b.key(STD),
    )
    assert [b.code for b in order] == ["6", "6nt", "7", "7nt", "12", "12nt"]


def test_above_all_suit_bids_puts_any_no_trump_over_any_plain_bid():
    assert Bid(6, True).key(ALL_NT) > Bid(12).key(ALL_NT)
    c = auction(["12", "6nt", "pass", "pass"], dealer=Seat.W, rules=ALL_NT)
    assert (c.bidder, c.bid) == (Seat.E, Bid(6, True))
    with pytest.raises(IllegalBidError, match="does not outrank"):
        auction(["12", "6nt", "pass", "pass"], dealer=Seat.W, rules=STD)


def test_first_call_is_left_of_the_dealer_and_the_highest_wins():
    c = auction(["7", "pass", "8", "pass"], dealer=Seat.N, rules=STD)
    assert c.bidder is Seat.W and c.bid == Bid(8)


def test_the_dealer_may_equal_the_highest_bid_and_take_it():
    c = auction(["pass", "9nt", "pass", "9nt"], dealer=Seat.S, rules=STD)
    assert c.bidder is Seat.S and c.bid == Bid(9, True)
    with pytest.raises(IllegalBidError, match="does not outrank"):
        auction(["pass", "9nt", "pass", "9nt"], dealer=Seat.S, rules=Rules(dealer_may_take=False))


def test_only_the_dealer_may_equal():
    with pytest.raises(IllegalBidError, match="7 does not outrank the highest bid 7"):
        auction(["7", "7", "pass", "pass"], dealer=Seat.N, rules=STD)


def test_the_dealer_equalling_must_match_exactly():
    with pytest.raises(IllegalBidError, match="the dealer may only equal it"):
        auction(["8nt", "pass", "pass", "8"], dealer=Seat.N, rules=STD)


def test_three_passes_force_the_dealer_to_bid_the_minimum():
    with pytest.raises(IllegalBidError, match="must bid at least 7"):
        auction(["pass"] * 4, dealer=Seat.E, rules=Rules(min_bid=7))
    c = auction(["pass", "pass", "pass", "7"], dealer=Seat.E, rules=Rules(min_bid=7))
    assert c.bidder is Seat.E


def test_bids_are_held_to_their_minimum_and_twelve():
    nt7 = Rules(nt_min_bid=7)
    for bad, rules in (
        (Bid(5), STD),
        (Bid(13), STD),
        (Bid(6, True), nt7),
        (Bid(7, True), Rules(nt_min_bid=8)),
    ):
        with pytest.raises(IllegalBidError, match="out of range"):
            bad.check_range(rules)
    Bid(7, True).check_range(nt7)
    # The no-trump minimum is the larger of min_bid and nt_min_bid.
    assert Rules(min_bid=8, nt_min_bid=7).nt_minimum == 8


@pytest.mark.parametrize("code", ["07", "7NT", "", "nt", "7 nt", "seven", "٧"])
def test_bid_codes_are_exact(code):
    with pytest.raises(IllegalBidError):
        Bid.from_code(code)
