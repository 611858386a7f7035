"""A record parsed after the previous one of its game scores as the record parsed whole."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import house_rules, random_game

from kaiser_core.errors import RecordError
from kaiser_core.record import parse_record, result_json
from kaiser_core.record_after import parse_after


def scored(record: dict) -> dict:
    return result_json(parse_record(record).game())


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), rules=house_rules())
def test_each_next_record_parsed_after_the_last_scores_as_parsed_whole(seed, rules) -> None:
    rng = random.Random(seed)
    whole = random_game(rng, rules)
    prior = None
    for n in range(len(whole["hands"]) + 1):
        record = {**whole, "hands": copy.deepcopy(whole["hands"][:n])}
        if n and rng.random() < 0.2:  # an undo and another hand: the prefix differs
            record["hands"][-1] = copy.deepcopy(rng.choice(whole["hands"]))
            try:
                want = scored(record)
            except RecordError:
                with pytest.raises(RecordError):
                    parse_after(record, prior)
                continue
        else:
            want = scored(record)
        parsed, prior = parse_after(record, prior)
        assert result_json(parsed.game()) == want
        assert parsed.entries == parse_record(record).entries


def test_a_hand_that_only_looks_equal_is_read_again() -> None:
    """``1 == True`` in Python: a later record whose earlier hand says ``"low": 1`` must be
    refused as a record parsed whole is, not taken for the earlier ``true``."""
    rules = {"profile": "standard", "options": {"low_allowed": True}}
    hand = {
        "contract": {"bidder": "N", "bid": 7, "no_trump": True},
        "low": True,
        "taken": {"NS": 7, "EW": 1},
        "five_hearts": "NS",
        "three_spades": "EW",
    }
    _, prior = parse_after({"rules": rules, "hands": [hand]}, None)
    changed = {"rules": rules, "hands": [{**hand, "low": 1}, hand]}
    with pytest.raises(RecordError, match="low must be true or false"):
        parse_record(changed)
    with pytest.raises(RecordError, match="low must be true or false"):
        parse_after(changed, prior)
