"""Issue 29's options in the core: trump from the first lead, 3♠ worth -2, four passes redeal,
and the ``joffre`` profile (the whole games are in tests/games/058-063 and 951-956)."""

from __future__ import annotations

import pytest

from kaiser_core.bidding import Bid, Contract, auction
from kaiser_core.cards import Card, Seat, Suit, Team
from kaiser_core.errors import IllegalBidError, IllegalPlayError, RulesError
from kaiser_core.game import Game
from kaiser_core.hand import ByCard, ByTeam, Hand, Redeal
from kaiser_core.live import live_state
from kaiser_core.record import parse_record, record_json, score_record
from kaiser_core.rules import MadeScores, Rules, find_profile
from kaiser_core.scoring import Outcome, score_hand

ZERO = {Team.NS: 0, Team.EW: 0}
FIRST_LEAD = Rules(trump_by_first_lead=True)
# E leads AH (hearts trump); S ruffs clubs twice, W ruffs a diamond: tests/games/059's hand.
PLAYS = [
    ["AH", "8H", "TH", "5H"],
    ["AC", "KH", "7C", "9H"],
    ["KD", "TD", "7D", "AD"],
    ["KC", "QH", "8C", "3S"],
    ["QD", "9D", "8D", "QC"],
    ["JD", "JH", "TS", "JC"],
    ["JS", "8S", "AS", "KS"],
    ["TC", "QS", "9C", "9S"],
]


def by_card(plays: list[list[str]]) -> ByCard:
    return ByCard(tuple(tuple(Card.from_code(c) for c in trick) for trick in plays))


def test_the_joffre_profile_is_rules_md_s():
    j = find_profile("joffre")
    assert (j.target, j.min_bid, j.made_scores, j.dealer_may_take) == (41, 7, MadeScores.BID, False)
    assert (j.dealer_must_bid, j.trump_by_first_lead, j.defender_cap_at) == (False, True, None)
    assert (j.redeal_worthless_hand, j.three_spades_value) == (False, -3)
    assert (j.nt_made_multiplier, j.nt_set_multiplier, j.nt_minimum) == (2, 2, 7)
    assert Rules.from_spec("joffre") is j and j.to_spec() == "joffre"


@pytest.mark.parametrize(
    ("options", "fragment"),
    [
        ({"three_spades_value": -4}, "three_spades_value must be from -3 to -2, not -4"),
        ({"three_spades_value": 3}, "three_spades_value must be from -3 to -2, not 3"),
        ({"three_spades_value": "-2"}, "three_spades_value must be a whole number"),
        ({"trump_by_first_lead": 1}, "trump_by_first_lead must be true or false"),
        ({"dealer_must_bid": "no"}, "dealer_must_bid must be true or false"),
    ],
)
def test_bad_values_of_the_new_options_are_refused(options, fragment):
    with pytest.raises(RulesError, match=fragment):
        Rules().replace(**options)


def test_the_first_card_led_names_trump_in_a_hand_given_card_by_card():
    contract = Contract(Seat.E, Bid(7))
    hand = Hand(contract, by_card(PLAYS))
    hand.check(FIRST_LEAD)
    assert hand.trump_in_play(FIRST_LEAD) is Suit.H
    out = hand.outcome(FIRST_LEAD)
    # hearts trump: S's ruffs win tricks 2 and 4 (3♠ to NS), W's wins trick 6
    assert (out.tricks_ns, out.tricks_ew, out.five_hearts, out.three_spades) == (
        3,
        5,
        Team.EW,
        Team.NS,
    )
    assert hand.revokes(FIRST_LEAD) == []
    # the same cards read with no trump go otherwise (E keeps the lead after AC, N wins AD
    # in trick 3 and leads on): NS 6 tricks with 3♠; the option is what decides
    nt = Hand(Contract(Seat.E, Bid(7, True)), by_card(PLAYS)).outcome(FIRST_LEAD)
    assert (nt.tricks_ns, nt.tricks_ew, nt.three_spades) == (6, 2, Team.NS)
    with pytest.raises(IllegalPlayError, match="needs its trump"):
        Hand(contract, by_card(PLAYS)).check(Rules())


def test_a_named_trump_is_refused_under_the_option():
    hand = Hand(Contract(Seat.E, Bid(7)), ByTeam(3, 5, Team.EW, Team.NS), Suit.D)
    with pytest.raises(IllegalBidError, match="first card led names trump"):
        hand.check(FIRST_LEAD)
    with pytest.raises(IllegalBidError):
        Game(FIRST_LEAD).push(hand)
    assert (
        Hand(Contract(Seat.E, Bid(7)), ByTeam(3, 5, Team.EW, Team.NS)).trump_in_play(FIRST_LEAD)
        is None
    )


def test_three_spades_at_minus_two_everywhere_it_counts():
    rules = Rules(three_spades_value=-2)
    assert rules.raw_total == 11 and Rules().raw_total == 10
    assert rules.replace(deal="widow").raw_total == 10
    score = score_hand(rules, Contract(Seat.N, Bid(8)), Outcome(5, 3, Team.NS, Team.NS), ZERO)
    assert score.raw == {Team.NS: 8, Team.EW: 3} and score.made  # 5 + 5 - 2
    need = rules.replace(three_spades_needs_tricks=3)
    short = score_hand(need, Contract(Seat.E, Bid(6)), Outcome(6, 2, Team.EW, Team.EW), ZERO)
    assert short.raw[Team.EW] == -2 and short.reasons[0].amount == -2
    ten = Contract(Seat.N, Bid(10))
    live = live_state(rules, ten, [Seat.N] * 7, Seat.N, Seat.N)
    assert live.points == 7 + 5 - 2 and live.status == "MADE"
    three = live_state(Rules(), ten, [Seat.N] * 7, Seat.N, Seat.N)  # 9: the last trick decides
    assert three.points == 9 and three.status == "" and three.most_possible == 10


def test_four_passes_are_a_redeal_only_when_the_dealer_need_not_bid():
    passes = ["pass"] * 4
    assert auction(passes, Seat.N, Rules(dealer_must_bid=False)) is None
    with pytest.raises(IllegalBidError, match="dealer must bid"):
        auction(passes, Seat.N, Rules())
    game = Game(Rules(), Seat.E)
    with pytest.raises(IllegalBidError, match="dealer must bid at least 6"):
        game.push(Redeal(passed=True))
    free = Game(Rules(dealer_must_bid=False), Seat.E)
    free.push(Redeal(passed=True))
    assert free.dealer is Seat.E and free.hands_played == 0


def test_the_record_keeps_first_lead_and_four_passes_when_written_back():
    record = {
        "rules": "joffre",
        "hands": [
            {"auction": ["pass"] * 4},
            {"auction": ["7", "pass", "pass", "pass"], "plays": PLAYS},
            {
                "contract": {"bidder": "S", "bid": 8},
                "trump": None,
                "taken": {"NS": 6, "EW": 2},
                "five_hearts": "NS",
                "three_spades": "EW",
            },
        ],
    }
    parsed = parse_record(record)
    again = record_json(parsed.rules, parsed.first_dealer, parsed.entries)
    assert again["hands"][0] == {"auction": ["pass"] * 4}
    assert again["hands"][1]["trump"] == "first-lead" and again["hands"][2]["trump"] == "first-lead"
    result = score_record(record)
    assert [h.get("contract", {}).get("trump") for h in result["hands"]] == [
        None,
        "H",
        "first-lead",
    ]
    assert score_record(again) == result
    # the made 7 scores the bid (joffre): EW 5 tricks + 5♥ = 10 >= 7 -> 7
    assert result["hands"][1]["delta"] == {"NS": 0, "EW": 7}
