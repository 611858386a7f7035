"""How a game ends: target, tie, the Kaiser bid, -52, bidder must go out, the 62 target."""

from kaiser_core import Bid, ByTeam, Contract, Game, Hand, Redeal, Rules, Seat, Team
from kaiser_core.game import GameOverError

NS, EW = Team.NS, Team.EW


def hand(bidder: Seat, bid: int, ns: int, five: Team, three: Team, nt: bool = False) -> Hand:
    return Hand(Contract(bidder, Bid(bid, nt)), ByTeam(ns, 8 - ns, five, three))


def play(rules: Rules, *hands: Hand) -> Game:
    game = Game(rules)
    for h in hands:
        game.push(h)
    return game


def test_first_to_52_wins_and_nothing_follows():
    g = play(Rules(target=20), hand(Seat.N, 6, 7, NS, EW), hand(Seat.S, 6, 7, NS, EW))
    assert g.totals == {NS: 24, EW: -4} and g.winner is NS and g.skunk
    try:
        g.push(Redeal())
    except GameOverError as err:
        assert "over" in str(err)
    else:
        raise AssertionError("an entry after the win was accepted")


def test_both_over_the_target_on_one_hand_the_bidders_win():
    g = play(Rules(target=12), hand(Seat.N, 6, 4, NS, EW), hand(Seat.E, 6, 4, EW, NS))
    assert g.totals == {NS: 10, EW: 10} and g.winner is None
    g.push(hand(Seat.W, 6, 2, EW, NS))  # EW 6 tricks + 5H = 11 made; NS 2 - 3 = -1
    assert g.winner is EW
    g2 = play(
        Rules(target=12),
        hand(Seat.N, 6, 4, NS, EW),
        hand(Seat.E, 6, 4, EW, NS),
        hand(Seat.N, 6, 4, NS, EW),
    )  # NS 4+5=9 made -> 19; EW 4-3=1 -> 11
    assert g2.winner is NS
    g3 = play(Rules(target=12), hand(Seat.N, 6, 4, NS, NS), hand(Seat.E, 6, 4, EW, EW))
    # NS 4+5-3=6 -> 6, EW 4; then EW 4+5-3=6 -> 10, NS 4 -> 10.
    g3.push(hand(Seat.E, 6, 3, EW, NS))  # EW 5 + 5 = 10 made -> 20; NS 3 - 3 = 0 -> 10
    assert g3.winner is EW
    g4 = play(Rules(target=12), hand(Seat.N, 6, 4, NS, NS), hand(Seat.E, 6, 4, EW, EW))
    g4.push(hand(Seat.E, 6, 4, EW, EW))  # EW 4+5-3 = 6 -> 16; NS 4 -> 14: both over
    assert g4.totals == {NS: 14, EW: 16} and g4.winner is EW
    g5 = play(Rules(target=12), hand(Seat.N, 6, 4, NS, NS), hand(Seat.E, 6, 4, EW, EW))
    g5.push(hand(Seat.N, 6, 4, NS, NS))  # NS 6 -> 16, EW 4 -> 14: both over, NS bid
    assert g5.winner is NS


def test_the_kaiser_bid_wins_at_once_when_made():
    rules = Rules(kaiser_bid_wins=True)
    g = play(rules, hand(Seat.E, 12, 1, EW, NS, nt=True))
    assert g.totals == {NS: -2, EW: 24} and g.winner is EW
    assert play(Rules(), hand(Seat.E, 12, 1, EW, NS, nt=True)).winner is None


def test_losing_total_loses_at_once():
    rules = Rules(losing_total=-20)
    g = play(rules, hand(Seat.N, 12, 4, EW, NS, nt=True))  # NS set: -24
    assert g.winner is EW
    g3 = play(Rules(losing_total=-20), hand(Seat.E, 12, 4, NS, EW, nt=True))  # EW -24
    assert g3.winner is NS


def test_bidder_must_go_out():
    rules = Rules(target=10, bidder_must_go_out=True)
    g = play(rules, hand(Seat.N, 6, 2, EW, NS))  # EW defends and reaches 11: no win
    assert g.totals[EW] == 11 and g.winner is None
    g.push(hand(Seat.E, 6, 5, EW, NS))  # EW bid: 3 + 5 = 8 made -> 19
    assert g.winner is EW


def test_target_moves_to_62_once_a_no_trump_is_made_that_hand_included():
    rules = Rules(target=20, target_after_nt=30)
    g = play(rules, hand(Seat.N, 6, 7, NS, EW, nt=True))  # NS 12 x2 = 24 >= 20 but < 30
    assert g.target == 30 and g.winner is None
    g.push(hand(Seat.N, 6, 7, NS, EW))
    assert g.winner is NS


def test_redeal_keeps_the_dealer_and_pop_takes_back():
    g = Game(Rules(), Seat.W)
    g.push(Redeal())
    assert g.dealer is Seat.W
    g.push(hand(Seat.N, 6, 4, NS, EW))
    assert g.dealer is Seat.N
    g.pop()
    assert g.dealer is Seat.W and g.totals == {NS: 0, EW: 0}
