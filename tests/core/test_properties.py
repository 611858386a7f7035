"""Properties that hold for every hand and every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play import SEATS, deal_and_play

from kaiser_core import DECK, SKAT_PACK, Rules, Team, find_profile
from kaiser_core.bidding import Bid, Contract
from kaiser_core.cards import Card, Seat, Suit, pack_set
from kaiser_core.game import Game
from kaiser_core.hand import ByCard, Hand
from kaiser_core.record import parse_record, record_json, score_record
from kaiser_core.rules import Deal, LowBid, LowSpecials

pytestmark = pytest.mark.slow

PROFILE = st.sampled_from(["standard", "open-defense", "tournament", "skat", "widow"])


@st.composite
def house_rules(draw: st.DrawFn, three_spades: bool = True) -> Rules:
    """A profile with any mix of the options of issue 13 (only combinations RULES.md allows)."""
    base = find_profile(draw(PROFILE))
    cap = base.defender_cap_at
    kaiser = draw(st.booleans())
    low = draw(st.booleans())
    after_nt = draw(st.sampled_from([None, 62]))
    options: dict[str, object] = {
        "target": draw(st.sampled_from([52, 30])),
        "min_bid": draw(st.sampled_from([4, 5, 6, base.min_bid])),
        "nt_min_bid": draw(st.sampled_from([4, 5, 6, base.nt_min_bid])),
        "nt_ranking": draw(st.sampled_from(["above-same-number", "above-all-suit-bids"])),
        "max_hands": draw(st.sampled_from([None, 1, 3, 8])),
        "both_reach_target": draw(st.sampled_from(["bidders", "higher-total"])),
        "defenders_cannot_go_out": draw(st.booleans()),
        "target_after_nt": after_nt,
        "cap_follows_target": after_nt is not None and cap is not None and draw(st.booleans()),
        "capped_five_wins": cap is not None and draw(st.booleans()),
        "three_spades_needs_tricks": draw(st.sampled_from([0, 3])) if three_spades else 0,
        "kaiser_bid_wins": kaiser,
        "kaiser_bid_alone": kaiser and draw(st.booleans()),
        "kaiser_bid_loses": kaiser and draw(st.booleans()),
        "low_allowed": low,
        "low_specials": draw(st.sampled_from(["high", "low"])) if low else "high",
        "low_bid": draw(st.sampled_from(["declared", "bid"])) if low else "declared",
        "losing_total": draw(st.sampled_from([None, -20])),
    }
    return base.replace(**options)


def pack_for(rules: Rules) -> list[str]:
    return [c.code for c in (SKAT_PACK if rules.deal is Deal.SKAT else DECK)]


def random_hand(
    rng: random.Random, rules: Rules, revoke_chance: float = 0.0
) -> tuple[dict, object]:
    bidder = rng.choice(SEATS)
    no_trump = rng.random() < 0.3
    trump = None if no_trump else rng.choice("SHDC")
    low = rules.low_allowed and rng.random() < 0.5
    if rules.low_bid is LowBid.BID:  # low is then only the no-trump bid of its own (7ntlow)
        low = low and no_trump
    bid = rng.randint(rules.nt_minimum if no_trump else rules.min_bid, 12)
    specials_low = rules.low_specials is LowSpecials.LOW
    # Played hands: every card of a standard deal; widow 7 each of 32; skat 8 each of 34.
    while True:
        played = deal_and_play(
            rng,
            pack_for(rules),
            bidder,
            trump,
            low,
            rules.tricks_per_hand,
            revoke_chance,
            specials_low,
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


def raw_trick_points(played, rules: Rules) -> dict[str, int]:
    """Raw points counted from the referee's hand: tricks, +5 for 5H, -3 for 3S."""
    out = {}
    for team in ("NS", "EW"):
        tricks = sum(1 for w in played.winners if w in team)
        out[team] = tricks + 5 * (played.five_hearts in team) - 3 * (played.three_spades in team)
    return out


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
@given(seed=st.integers(0, 2**32), rules=house_rules(three_spades=False))
def test_raw_points_sum_to_ten_under_the_house_rules_without_the_3s_rule(seed, rules):
    """The 10-point identity holds for raw trick points whatever else the rules say."""
    base, played = random_hand(random.Random(seed), rules)
    result = score_record({"rules": rules.to_spec(), "hands": [{**base, "plays": played.tricks}]})
    raw = result["hands"][0]["raw"]
    assert raw == raw_trick_points(played, rules)
    assert raw["NS"] + raw["EW"] == rules.raw_total


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), rules=house_rules())
def test_the_3s_rule_replaces_only_a_short_team_points_with_minus_3(seed, rules):
    """With three_spades_needs_tricks the identity no longer holds: raw is after the rule."""
    base, played = random_hand(random.Random(seed), rules)
    result = score_record({"rules": rules.to_spec(), "hands": [{**base, "plays": played.tricks}]})
    raw = result["hands"][0]["raw"]
    want = raw_trick_points(played, rules)
    three = "NS" if played.three_spades in "NS" else "EW"
    if sum(1 for w in played.winners if w in three) < rules.three_spades_needs_tricks:
        want[three] = -3
    assert raw == want


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32), rules=house_rules())
def test_card_by_card_agrees_with_the_trick_winners_form(seed, rules):
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
        elif (
            base["contract"]["bid"] == 12
            and base["contract"]["no_trump"]
            and rules.kaiser_bid_alone
        ):
            hands.append({**base, "plays": played.tricks})  # taken cannot show the partner
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
@given(seed=st.integers(0, 2**32), rules=house_rules())
def test_a_record_written_back_and_read_again_scores_the_same(seed, rules):
    rng = random.Random(seed)
    data = random_game(rng, rules)
    parsed = parse_record(data)
    again = record_json(parsed.rules, parsed.first_dealer, parsed.entries)
    assert score_record(again) == score_record(data)
    assert parse_record(again).rules == rules


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32), rules=house_rules())
def test_totals_are_the_sum_of_the_deltas(seed, rules):
    rng = random.Random(seed)
    result = score_record(random_game(rng, rules))
    ns = sum(h["delta"]["NS"] for h in result["hands"] if not h["redeal"])
    ew = sum(h["delta"]["EW"] for h in result["hands"] if not h["redeal"])
    assert result["totals"] == {"NS": ns, "EW": ew}
    assert (result["winner"] is None) or result["winner"] in (Team.NS.code, Team.EW.code)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), rules=house_rules())
def test_max_hands_ends_the_game_once_the_totals_differ(seed, rules):
    """After max_hands played hands the game goes on only while the totals are equal."""
    result = score_record(random_game(random.Random(seed), rules))
    played = [h for h in result["hands"] if not h["redeal"]]
    if rules.max_hands is not None and len(played) >= rules.max_hands:
        if result["winner"] is None:
            assert result["totals"]["NS"] == result["totals"]["EW"]
        for h in played[rules.max_hands - 1 : -1]:  # every hand after the last one tied
            assert h["totals"]["NS"] == h["totals"]["EW"]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32), rules=house_rules())
def test_with_defenders_cannot_go_out_only_bidding_reaches_the_target(seed, rules):
    """A defending team's change never takes it to the target (RULES.md: only bidding wins)."""
    rules = rules.replace(defenders_cannot_go_out=True)
    result = score_record(random_game(random.Random(seed), rules))
    before = {"NS": 0, "EW": 0}
    for h in result["hands"]:
        if h["redeal"]:
            continue
        defenders = "EW" if h["contract"]["team"] == "NS" else "NS"
        if h["delta"][defenders] > 0:
            assert h["totals"][defenders] < max(rules.target, rules.target_after_nt or 0)
            assert before[defenders] + h["delta"][defenders] == h["totals"][defenders]
        before = h["totals"]


def recounted(game: Game) -> int:
    """Played hands counted the slow way, from every result (what hands_played once did)."""
    return sum(1 for r in game.results if isinstance(r.entry, Hand))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), rules=house_rules())
def test_the_kept_count_of_played_hands_is_the_recount_after_every_push_and_pop(seed, rules):
    rng = random.Random(seed)
    parsed = parse_record(random_game(rng, rules))
    game = Game(parsed.rules, parsed.first_dealer)
    for entry in parsed.entries:
        game.push(entry)
        assert game.hands_played == recounted(game)
        if rng.random() < 0.3:  # take it back and push it again, as undo does
            game.pop()
            assert game.hands_played == recounted(game)
            game.push(entry)
    while game.results:
        game.pop()
        assert game.hands_played == recounted(game)


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), low=st.booleans())
def test_a_hand_played_out_again_under_other_terms_is_played_afresh(seed, low):
    """ByCard keeps its last play-out: asked again with another trump or low it must not
    hand back the first one."""
    rules = Rules().replace(low_allowed=True)
    base, played = random_hand(random.Random(seed), rules)
    cards = tuple(tuple(Card.from_code(c) for c in trick) for trick in played.tricks)
    kept = ByCard(cards)
    contract = Contract(Seat(base["contract"]["bidder"]), Bid(7))
    for trump in (Suit.S, Suit.H, None, Suit.S):
        for is_low in (low, not low):
            fresh = ByCard(cards).play_out(rules, contract, trump, is_low)
            assert kept.play_out(rules, contract, trump, is_low) == fresh


def test_a_card_read_from_its_code_is_the_pack_card_and_hashes_alike() -> None:
    for card in SKAT_PACK:
        read = Card.from_code(card.code)
        assert read == card and hash(read) == hash(card)
        assert Card.from_code(card.code) is read  # made once per code
        assert Card(card.rank, card.suit) == card and hash(Card(card.rank, card.suit)) == hash(card)
    assert len({*DECK, *(Card.from_code(c.code) for c in DECK)}) == len(DECK)
    assert pack_set(DECK) == frozenset(DECK) and pack_set(SKAT_PACK) == frozenset(SKAT_PACK)
    assert pack_set(DECK[:5]) == frozenset(DECK[:5])
