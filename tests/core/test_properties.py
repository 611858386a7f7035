"""Properties that hold for every hand and every game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from play import SEATS, deal_and_play

from kaiser_core import DECK, SKAT_PACK, Rules, Team, find_profile
from kaiser_core.record import parse_record, record_json, score_record
from kaiser_core.rules import Deal

PROFILE = st.sampled_from(["standard", "open-defense", "tournament", "skat", "widow"])


def pack_for(rules: Rules) -> list[str]:
    return [c.code for c in (SKAT_PACK if rules.deal is Deal.SKAT else DECK)]


def random_hand(
    rng: random.Random, rules: Rules, revoke_chance: float = 0.0
) -> tuple[dict, object]:
    bidder = rng.choice(SEATS)
    no_trump = rng.random() < 0.3
    trump = None if no_trump else rng.choice("SHDC")
    low = rules.low_allowed and rng.random() < 0.5
    bid = rng.randint(rules.nt_minimum if no_trump else rules.min_bid, 12)
    # Played hands: every card of a standard deal; widow 7 each of 32; skat 8 each of 34.
    while True:
        played = deal_and_play(
            rng, pack_for(rules), bidder, trump, low, rules.tricks_per_hand, revoke_chance
        )
        if played.five_hearts and played.three_spades:  # the specials cannot be discarded
            break
    contract = {"bidder": bidder, "bid": bid, "no_trump": no_trump}
    base: dict = {"contract": contract}
    if trump:
        base["trump"] = trump
    if low:
        base["low"] = True
    return base, played


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), profile=PROFILE, low=st.booleans())
def test_raw_points_sum_to_ten_or_nine_with_the_widow(seed, profile, low):
    rules = find_profile(profile).replace(low_allowed=low)
    rng = random.Random(seed)
    base, played = random_hand(rng, rules)
    result = score_record({"rules": rules.to_spec(), "hands": [{**base, "plays": played.tricks}]})
    raw = result["hands"][0]["raw"]
    assert raw["NS"] + raw["EW"] == (9 if rules.deal is Deal.WIDOW else 10)
    assert -2 <= raw["NS"] <= 12


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), profile=PROFILE, low=st.booleans())
def test_card_by_card_agrees_with_the_trick_winners_form(seed, profile, low):
    rules = find_profile(profile).replace(low_allowed=low)
    rng = random.Random(seed)
    base, played = random_hand(rng, rules)
    by_card = score_record({"rules": rules.to_spec(), "hands": [{**base, "plays": played.tricks}]})
    by_trick = score_record(
        {
            "rules": rules.to_spec(),
            "hands": [
                {
                    **base,
                    "tricks": played.winners,
                    "five_hearts": played.five_hearts,
                    "three_spades": played.three_spades,
                }
            ],
        }
    )
    assert by_card == by_trick
    assert by_card["hands"][0]["revokes"] == []  # legal play never revokes


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_revoke_is_found_where_the_referee_made_one(seed):
    rng = random.Random(seed)
    rules = Rules()
    base, played = random_hand(rng, rules, revoke_chance=0.3)
    result = score_record({"hands": [{**base, "plays": played.tricks}]})
    expected = []
    for t, trick in enumerate(played.tricks):
        leader = SEATS.index(played.winners[t - 1]) if t else SEATS.index(played.bidder)
        led = trick[0][1]
        for i, card in enumerate(trick[1:], 1):
            seat = SEATS[(leader + i) % 4]
            later = [c for tr in played.tricks[t + 1 :] for c in tr]
            holds = [c for c in played.hands[seat] if c[1] == led and c in later]
            if card[1] != led and holds:
                expected.append({"seat": seat, "trick": t + 1})
    assert result["hands"][0]["revokes"] == expected


def team_of(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def random_game(rng: random.Random, rules: Rules) -> dict:
    hands = []
    for _ in range(rng.randint(0, 25)):
        base, played = random_hand(rng, rules)
        form = rng.choice(["redeal", "plays", "tricks", "taken", "taken", "tricks"])
        if form == "redeal":
            hands.append({"redeal": True})
        elif form == "plays":
            hands.append({**base, "plays": played.tricks})
        elif form == "tricks":
            hands.append(
                {
                    **base,
                    "tricks": played.winners,
                    "five_hearts": rng.choice([played.five_hearts, team_of(played.five_hearts)]),
                    "three_spades": played.three_spades,
                }
            )
        else:
            ns = sum(1 for w in played.winners if w in "NS")
            hands.append(
                {
                    **base,
                    "taken": {"NS": ns, "EW": len(played.winners) - ns},
                    "five_hearts": team_of(played.five_hearts),
                    "three_spades": team_of(played.three_spades),
                }
            )
        try:
            score_record({"rules": rules.to_spec(), "hands": hands})
        except ValueError:  # the game was won before this hand: stop there
            hands.pop()
            break
    return {"rules": rules.to_spec(), "first_dealer": rng.choice(SEATS), "hands": hands}


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), profile=PROFILE)
def test_a_record_written_back_and_read_again_scores_the_same(seed, profile):
    rng = random.Random(seed)
    rules = find_profile(profile).replace(
        target=rng.choice([52, 30]), losing_total=rng.choice([None, -20])
    )
    data = random_game(rng, rules)
    parsed = parse_record(data)
    again = record_json(parsed.rules, parsed.first_dealer, parsed.entries)
    assert score_record(again) == score_record(data)
    assert parse_record(again).rules == rules


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), profile=PROFILE)
def test_totals_are_the_sum_of_the_deltas(seed, profile):
    rng = random.Random(seed)
    result = score_record(random_game(rng, find_profile(profile)))
    ns = sum(h["delta"]["NS"] for h in result["hands"] if not h["redeal"])
    ew = sum(h["delta"]["EW"] for h in result["hands"] if not h["redeal"])
    assert result["totals"] == {"NS": ns, "EW": ew}
    assert (result["winner"] is None) or result["winner"] in (Team.NS.code, Team.EW.code)
