"""The director's standings kept one table-round at a time equal a full recompute."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaiser_core.club.seating import seat_individual, seat_pairs
from kaiser_core.club.standings import LiveStandings, RoundPlay, TableResult, standings

NAMES = [f"P{i:02d}" for i in range(23)]


def random_result(rng: random.Random, names: tuple[str, ...]) -> TableResult:
    totals = {"NS": rng.randint(-30, 60), "EW": rng.randint(-30, 60)}
    winner = rng.choice([None, None, "NS", "EW"])
    seats: tuple[str, ...] = ()
    if rng.random() < 0.3:  # the table turned: E/W sit where N/S were
        seats = (names[1], names[0], names[3], names[2])
    return TableResult(totals, winner, rng.random() < 0.3, seats)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    count=st.integers(8, 23),
    rounds=st.integers(1, 4),
    pairs=st.booleans(),
)
def test_every_change_leaves_the_live_standings_equal_to_a_full_recompute(
    seed: int, count: int, rounds: int, pairs: bool
) -> None:
    rng = random.Random(seed)
    if pairs:
        pair_list = [(NAMES[2 * i], NAMES[2 * i + 1]) for i in range(count // 2)]
        members = {f"{a} & {b}": (a, b) for a, b in pair_list}
        seatings = seat_pairs(pair_list, rounds)
    else:
        players = NAMES[:count]
        members = {p: (p,) for p in players}
        seatings = seat_individual(players, rounds)
    live = LiveStandings(members, rounds)
    played: list[RoundPlay] = []
    results: list[dict[int, TableResult]] = []

    def full() -> list[dict]:
        return standings(members, rounds, played)

    assert live.rows() == full()
    for r, seating in enumerate(seatings):
        live.start(seating)
        results.append({})
        played.append(RoundPlay(seating, results[r], False))
        assert live.rows() == full()
        tables = list(seating.tables)
        for _ in range(rng.randint(0, 3 * len(tables))):
            table = rng.choice(tables)
            result = random_result(rng, seating.tables[table])
            results[r][table] = result
            live.result(r + 1, table, result)
            assert live.rows() == full()
        if rng.random() < 0.7:
            live.end(r + 1)
            played[r] = RoundPlay(seating, results[r], True)
            assert live.rows() == full()
        if r and rng.random() < 0.5:  # a late message of an earlier round
            table = rng.choice(list(seatings[r - 1].tables))
            result = random_result(rng, seatings[r - 1].tables[table])
            results[r - 1][table] = result
            live.result(r, table, result)
            assert live.rows() == full()
