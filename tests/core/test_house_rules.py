"""The data issue 13 gives the table: reasons, hands played, the entry mode, low no-trump bids."""

from __future__ import annotations

import pytest

from kaiser_core.bidding import Bid, Contract, all_bids, auction
from kaiser_core.cards import Seat, Team
from kaiser_core.errors import IllegalBidError, IllegalPlayError, RulesError
from kaiser_core.game import Game
from kaiser_core.hand import ByTeam, ByTrick, Hand, must_enter_by_trick
from kaiser_core.rules import Rules
from kaiser_core.scoring import Outcome, score_hand

ZERO = {Team.NS: 0, Team.EW: 0}


def test_the_3s_rule_gives_a_reason_the_summary_can_print():
    rules = Rules(three_spades_needs_tricks=3)
    out = Outcome(6, 2, Team.EW, Team.EW)  # EW: 2 tricks + 5H - 3S = 4, short of 3 tricks
    score = score_hand(rules, Contract(Seat.E, Bid(6)), out, ZERO)
    assert score.raw == {Team.NS: 6, Team.EW: -3}
    assert not score.made and score.delta == {Team.NS: 6, Team.EW: -6}
    (reason,) = [r for r in score.reasons if r.rule == "three_spades_needs_tricks"]
    assert (reason.team, reason.amount, reason.without, reason.tricks) == (Team.EW, -3, 4, 2)
    assert reason.text == "EW took 3♠ with 2 tricks: -3"
    assert reason.text in score.notes


def test_a_standard_hand_has_no_house_rule_reason():
    score = score_hand(Rules(), Contract(Seat.N, Bid(7)), Outcome(6, 2, Team.NS, Team.EW), ZERO)
    assert score.reasons == () and score.notes == ()


def test_defenders_cannot_go_out_withholds_the_whole_change():
    rules = Rules(defenders_cannot_go_out=True, defender_cap_at=None)
    before = {Team.NS: 10, Team.EW: 44}
    score = score_hand(rules, Contract(Seat.N, Bid(6)), Outcome(4, 4, Team.EW, Team.NS), before)
    assert score.delta[Team.EW] == 0  # 44 + 9 would reach 52
    (reason,) = score.reasons
    assert (reason.rule, reason.without, reason.limit) == ("defenders_cannot_go_out", 9, 52)


def test_capped_five_scores_and_names_the_winner():
    rules = Rules(capped_five_wins=True)
    before = {Team.NS: 10, Team.EW: 46}
    score = score_hand(rules, Contract(Seat.N, Bid(6)), Outcome(6, 2, Team.EW, Team.NS), before)
    assert score.delta[Team.EW] == 7 and score.five_wins is Team.EW
    assert [r.rule for r in score.reasons] == ["capped_five_wins"]


def test_capped_five_then_withheld_still_wins_at_once():
    """RULES.md's order: the cap step, then the withholding; capped_five_wins decides anyway."""
    rules = Rules(capped_five_wins=True, defenders_cannot_go_out=True)
    game = Game(rules)
    for _ in range(4):  # EW make 12 four times: 48; NS 1 trick + 3S each time: -8
        game.push(Hand(Contract(Seat.E, Bid(12)), ByTeam(1, 7, Team.EW, Team.NS)))
    assert game.totals == {Team.NS: -8, Team.EW: 48}
    hand = Hand(Contract(Seat.N, Bid(6)), ByTeam(5, 3, Team.EW, Team.NS))  # EW: 3 + 5 = 8
    result = game.push(hand)
    assert result.score is not None and result.score.delta[Team.EW] == 0  # 56 >= 52: withheld
    assert game.winner is Team.EW and result.end_rule == "capped_five_wins"


def test_cap_follows_target_on_the_no_trump_hand_itself():
    rules = Rules(target_after_nt=62, cap_follows_target=True)
    before = {Team.NS: 0, Team.EW: 47}
    nt = score_hand(rules, Contract(Seat.N, Bid(6, True)), Outcome(5, 3, Team.NS, Team.NS), before)
    assert (nt.target, nt.cap, nt.delta[Team.EW]) == (62, 55, 3)
    assert [r.rule for r in nt.reasons] == ["nt_made_multiplier", "cap_follows_target"]
    plain = score_hand(rules, Contract(Seat.N, Bid(6)), Outcome(5, 3, Team.NS, Team.NS), before)
    assert (plain.target, plain.cap, plain.delta[Team.EW]) == (52, 45, 0)


def test_kaiser_bid_alone_needs_the_seats_and_sets_with_the_partner():
    rules = Rules(kaiser_bid_wins=True, kaiser_bid_alone=True)
    kaiser = Contract(Seat.S, Bid(12, True))
    assert must_enter_by_trick(rules, kaiser)
    assert not must_enter_by_trick(rules, Contract(Seat.S, Bid(12)))
    assert not must_enter_by_trick(Rules(kaiser_bid_wins=True), kaiser)
    with pytest.raises(IllegalPlayError, match="who took each trick"):
        score_hand(rules, kaiser, Outcome(7, 1, Team.NS, Team.EW), ZERO)
    with pytest.raises(IllegalPlayError, match="partner"):
        Hand(kaiser, ByTeam(7, 1, Team.NS, Team.EW)).check(rules)
    seats = (Seat.S,) * 6 + (Seat.N, Seat.E)
    game = Game(rules)
    result = game.push(Hand(kaiser, ByTrick(seats, Seat.S, Seat.E)))
    assert result.score is not None and result.score.delta[Team.NS] == -24
    assert result.score.reasons[0].rule == "kaiser_bid_alone"
    assert game.winner is None


def test_hands_played_and_max_hands_for_hand_7_of_10():
    game = Game(Rules(max_hands=2))
    assert (game.hands_played, game.max_hands, game.playing_on) == (0, 2, False)
    game.push(Hand(Contract(Seat.E, Bid(7)), ByTeam(3, 5, Team.EW, Team.NS)))
    game.push(Hand(Contract(Seat.S, Bid(6)), ByTeam(5, 3, Team.NS, Team.EW)))
    assert game.totals == {Team.NS: 10, Team.EW: 10}
    assert (game.hands_played, game.over, game.playing_on) == (2, False, True)
    result = game.push(Hand(Contract(Seat.W, Bid(7)), ByTeam(4, 4, Team.EW, Team.EW)))
    assert game.winner is Team.NS and result.end_rule == "max_hands"
    assert Game(Rules()).max_hands is None


def test_preview_scores_like_push_without_adding():
    game = Game(Rules(target_after_nt=62, cap_follows_target=True))
    hand = Hand(Contract(Seat.E, Bid(6, True)), ByTeam(2, 6, Team.EW, Team.NS))
    preview = game.preview(hand)
    assert game.results == []
    assert game.push(hand).score == preview


def test_low_no_trump_bids_rank_above_their_no_trump_in_both_orders():
    same = Rules().replace(low_allowed=True, low_bid="bid", min_bid=8, nt_min_bid=8)
    codes = [b.code for b in all_bids(same)]
    assert codes[:4] == ["8", "8nt", "8ntlow", "9"] and codes[-3:] == ["12", "12nt", "12ntlow"]
    above = same.replace(nt_ranking="above-all-suit-bids")
    codes = [b.code for b in all_bids(above)]
    assert codes[4:8] == ["12", "8nt", "8ntlow", "9nt"] and len(codes) == 15
    assert [b.code for b in all_bids(Rules(min_bid=8, nt_min_bid=8))][-2:] == ["12", "12nt"]
    bid = Bid.from_code("7ntlow")
    assert (bid.number, bid.no_trump, bid.low, bid.label) == (7, True, True, "7 NT low")
    contract = auction(
        ["7nt", "7ntlow", "pass", "pass"], Seat.N, same.replace(min_bid=6, nt_min_bid=6)
    )
    assert contract == Contract(Seat.S, Bid(7, True, True))
    with pytest.raises(IllegalBidError):
        Bid(7, False, True)
    with pytest.raises(IllegalBidError, match="low_bid"):
        Bid(7, True, True).check_range(Rules(low_allowed=True))


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"kaiser_bid_alone": True}, "kaiser_bid_alone needs kaiser_bid_wins"),
        ({"kaiser_bid_loses": True}, "kaiser_bid_loses needs kaiser_bid_wins"),
        ({"low_bid": "bid"}, "low_bid bid needs low_allowed"),
        ({"low_specials": "low"}, "low_specials low needs low_allowed"),
        ({"cap_follows_target": True}, "cap_follows_target needs target_after_nt"),
        ({"capped_five_wins": True, "defender_cap_at": None}, "capped_five_wins needs"),
        ({"max_hands": 0}, "max_hands must be from 1"),
        ({"max_hands": True}, "max_hands must be a whole number"),
        ({"three_spades_needs_tricks": 9}, "from 0 to 8"),
        ({"min_bid": 3}, "min_bid must be from 4 to 8"),
        ({"nt_min_bid": 9}, "nt_min_bid must be from 4 to 8"),
        ({"both_reach_target": "most"}, "bidders, higher-total"),
        ({"low_specials": 1, "low_allowed": True}, "high, low"),
        ({"defenders_cannot_go_out": 1}, "true or false"),
    ],
)
def test_each_option_refusal_is_one_line(options, fragment):
    with pytest.raises(RulesError) as info:
        Rules().replace(**options)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_python_values_are_checked_too():
    with pytest.raises(RulesError, match="true or false"):
        Rules(capped_five_wins=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="one of"):
        Rules(low_bid="bid")  # type: ignore[arg-type]
    rules = Rules().replace(low_allowed=True, low_bid="bid", max_hands=10)
    assert Rules.from_spec(rules.to_spec()) == rules
