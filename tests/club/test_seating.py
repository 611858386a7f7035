"""Seating for every player count from 8 to 40 and every round count up to players - 1."""

from __future__ import annotations

from collections import Counter

import pytest

from kaiser_core.club.seating import WHIST, opponent_bound, seat_individual, seat_pairs


def check_individual(n: int, rounds: int) -> Counter[frozenset[str]]:
    players = [f"p{i}" for i in range(n)]
    seatings = seat_individual(players, rounds)
    assert len(seatings) == rounds
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    outs = Counter(dict.fromkeys(players, 0))
    for r, s in enumerate(seatings, 1):
        seated = [p for t in s.tables.values() for p in t]
        assert sorted(seated + list(s.sitting_out)) == sorted(players), (n, r)
        assert len(s.sitting_out) == n % 4 and list(s.tables) == list(range(1, n // 4 + 1))
        # Fair rotation: whoever sits out has sat out no more often than anyone who plays.
        playing = set(seated)
        for p in s.sitting_out:
            assert all(outs[p] <= outs[q] for q in playing), (n, r, p)
        outs.update(s.sitting_out)
        for t in s.tables.values():
            partners.update([frozenset((t[0], t[2])), frozenset((t[1], t[3]))])
            opponents.update(frozenset((t[a], t[b])) for a in (0, 2) for b in (1, 3))
    assert max(partners.values()) == 1, (n, rounds, "partners twice")
    assert max(opponents.values()) <= opponent_bound(n, rounds), (n, rounds)
    assert max(outs.values()) - min(outs.values()) <= 1
    return opponents


@pytest.mark.parametrize(
    "n", [pytest.param(n, marks=pytest.mark.slow) if n >= 32 else n for n in range(8, 41)]
)  # from 32 players on, over a quarter of a second each
def test_individual_seating_for_every_round_count(n: int) -> None:
    for rounds in range(1, n):
        check_individual(n, rounds)


@pytest.mark.parametrize("n", sorted(WHIST))
def test_the_whist_counts_give_a_complete_whist_tournament(n: int) -> None:
    rounds = n - 1 if n % 2 == 0 else n
    players = [f"p{i}" for i in range(n)]
    seatings = seat_individual(players, n - 1)
    assert len(seatings) == n - 1
    from kaiser_core.club.seating import whist

    full = whist(players, rounds)
    partners: Counter[frozenset[str]] = Counter()
    opponents: Counter[frozenset[str]] = Counter()
    for s in full:
        for t in s.tables.values():
            partners.update([frozenset((t[0], t[2])), frozenset((t[1], t[3]))])
            opponents.update(frozenset((t[a], t[b])) for a in (0, 2) for b in (1, 3))
    pairs = n * (n - 1) // 2
    assert len(partners) == pairs and set(partners.values()) == {1}
    assert len(opponents) == pairs and set(opponents.values()) == {2}


def test_a_big_club_is_seated_quickly() -> None:
    opponents = check_individual(240, 6)
    assert max(opponents.values()) <= 2


@pytest.mark.parametrize("count", [2, 3, 4, 5, 8, 9])
def test_pairs_meet_a_new_pair_each_round_and_sit_out_in_turn(count: int) -> None:
    pairs = [(f"a{i}", f"b{i}") for i in range(count)]
    rounds = count - 1 if count % 2 == 0 else count
    met: Counter[frozenset[int]] = Counter()
    out: list[tuple[str, ...]] = []
    for s in seat_pairs(pairs, rounds):
        for t in s.tables.values():
            a = next(i for i, p in enumerate(pairs) if p == (t[0], t[2]))
            b = next(i for i, p in enumerate(pairs) if p == (t[1], t[3]))
            met[frozenset((a, b))] += 1
        if count % 2:
            out.append(s.sitting_out)
    assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}
    assert len(set(out)) == len(out) == (count if count % 2 else 0)
