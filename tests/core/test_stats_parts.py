"""The statistics as a sum of each game's part equal the statistics worked out at once."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import house_rules, random_game

from kaiser_core.record import parse_record
from kaiser_core.stats import add_contribution, contribution, stats_of_games, stats_rows

NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"]


def played(rng: random.Random, rules) -> tuple:
    record = random_game(rng, rules)
    parsed = parse_record(record)
    if rng.random() < 0.7:
        names = dict(zip("NESW", rng.sample(NAMES, 4), strict=True))
    else:
        names = {"NS": rng.choice(NAMES), "EW": rng.choice(NAMES[::-1])}
    return parsed.game(), names, rng.random() < 0.2


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), rules=house_rules(), count=st.integers(0, 8))
def test_the_sum_of_the_games_parts_is_the_statistics(seed, rules, count) -> None:
    rng = random.Random(seed)
    games = [played(rng, rules) for _ in range(count)]
    total: dict = {}
    parts = []
    for game in games:
        part = json.loads(json.dumps(contribution(*game)))  # as stored: JSON
        parts.append(part)
        add_contribution(total, part)
    assert stats_rows(total) == stats_of_games(games)
    if parts:  # a game taken out again (its digest dropped): as if it never counted
        gone = rng.randrange(len(parts))
        add_contribution(total, parts[gone], -1)
        assert stats_rows(total) == stats_of_games(games[:gone] + games[gone + 1 :])
