"""Every worked example of the five seed sheets, with the correct arithmetic (RULES.md)."""

from kaiser_core import (
    Bid,
    ByTeam,
    Card,
    Contract,
    Game,
    Hand,
    Rules,
    Seat,
    Suit,
    Team,
    find_profile,
)
from kaiser_core.scoring import Outcome, score_hand
from kaiser_core.tricks import trick_winner

ZERO = {Team.NS: 0, Team.EW: 0}


def cards(*codes: str) -> list[Card]:
    return [Card.from_code(c) for c in codes]


def test_five_of_hearts_trick_with_diamonds_trump():
    # 001-004: A leads A♥, B 8♥, C 5♥, D K♥: A wins; the trick is worth 1 + 5 = 6.
    trick = cards("AH", "8H", "5H", "KH")
    assert trick_winner(trick, leader=Seat.N, trump=Suit.D) is Seat.N
    assert 1 + sum(c.points for c in trick) == 6


def test_five_tricks_with_both_specials_set_at_eight():
    # 001/003/004: A/C take 5 tricks with both specials: 5 + 5 - 3 = 7; bid 8 fails: -8.
    # B/D's 3 plain tricks score 3 (under 45).
    out = Outcome(tricks_ns=5, tricks_ew=3, five_hearts=Team.NS, three_spades=Team.NS)
    s = score_hand(Rules(), Contract(Seat.N, Bid(8)), out, ZERO)
    assert s.raw == {Team.NS: 7, Team.EW: 3}
    assert not s.made
    assert s.delta == {Team.NS: -8, Team.EW: 3}


def test_seven_tricks_with_five_hearts_make_twelve():
    # 001-004: 7 tricks with 5♥ and without 3♠ = 12; the other team's trick with 3♠ = -2.
    out = Outcome(tricks_ns=7, tricks_ew=1, five_hearts=Team.NS, three_spades=Team.EW)
    assert out.raw(Team.NS) == 12
    assert out.raw(Team.EW) == -2


def test_bid_seven_five_tricks_and_five_hearts_make_ten():
    # 002 (Finnish): bid 7 in trumps, 5 tricks + 5♥, no 3♠ = 10 >= 7: +10.
    out = Outcome(tricks_ns=5, tricks_ew=3, five_hearts=Team.NS, three_spades=Team.EW)
    s = score_hand(Rules(), Contract(Seat.S, Bid(7)), out, ZERO)
    assert s.made and s.delta[Team.NS] == 10
    assert s.delta[Team.EW] == 0  # 3 tricks - 3 for 3♠


def test_sheet_000_maximum_is_ten_not_plus_ten_minus_three():
    # 000 says a hand ranges +10 / -3; all 8 tricks give 10, and the range is -2 to 12.
    all_tricks = Outcome(8, 0, Team.NS, Team.NS)
    assert all_tricks.raw(Team.NS) == 10
    best = Outcome(7, 1, Team.NS, Team.EW)
    assert (best.raw(Team.NS), best.raw(Team.EW)) == (12, -2)
    # -3 alone (the 3♠ and no trick) is impossible: a special goes with a trick.
    lone = Outcome(0, 8, Team.EW, Team.NS)
    try:
        lone.check(Rules())
    except ValueError as err:
        assert "took no trick" in str(err)
    else:
        raise AssertionError("3♠ with a team that took no trick was accepted")


def test_kaiser_bid_scores_24_under_open_defense():
    # 000: the Kaiser bid (12 NT), made, scores 24 (double the 12 taken).
    rules = find_profile("open-defense")
    out = Outcome(1, 7, Team.EW, Team.NS)
    s = score_hand(rules, Contract(Seat.E, Bid(12, no_trump=True)), out, ZERO)
    assert s.made and s.delta[Team.EW] == 24


def test_no_trump_doubles_the_loss_in_001_to_004_but_not_in_000():
    out = Outcome(4, 4, Team.EW, Team.NS)  # NS raw 1
    set_std = score_hand(Rules(), Contract(Seat.N, Bid(7, True)), out, ZERO)
    set_000 = score_hand(find_profile("open-defense"), Contract(Seat.N, Bid(7, True)), out, ZERO)
    assert set_std.delta[Team.NS] == -14
    assert set_000.delta[Team.NS] == -7


def test_defenders_at_45_add_no_positive_points_but_negative_still_subtracts():
    # 001-004: a defending team at 45 or more before the hand cannot add positive points.
    rules = Rules()
    plus = score_hand(
        rules, Contract(Seat.N, Bid(6)), Outcome(5, 3, Team.NS, Team.NS), {Team.NS: 0, Team.EW: 45}
    )
    assert plus.delta[Team.EW] == 0
    minus = score_hand(
        rules, Contract(Seat.N, Bid(6)), Outcome(7, 1, Team.NS, Team.EW), {Team.NS: 0, Team.EW: 45}
    )
    assert minus.delta[Team.EW] == -2
    under = score_hand(
        rules, Contract(Seat.N, Bid(6)), Outcome(5, 3, Team.NS, Team.NS), {Team.NS: 0, Team.EW: 44}
    )
    assert under.delta[Team.EW] == 3


def test_table_example_from_table_md():
    # TABLE.md: N deals; E wins 8 ♥; EW 6 tricks + 5♥ = 11 made; NS 2 tricks + 3♠ = -1.
    game = Game(Rules(), first_dealer=Seat.N)
    game.push(Hand(Contract(Seat.E, Bid(8)), ByTeam(2, 6, Team.EW, Team.NS), Suit.H))
    assert game.totals == {Team.NS: -1, Team.EW: 11}
    assert game.dealer is Seat.E
    assert game.dealer.next is Seat.S  # S bids first
