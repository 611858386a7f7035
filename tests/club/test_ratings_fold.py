"""The ratings' fold (hardware/director/ratings.py): CLUB.md's rules (rounds in the order
started, a round's games all from the ratings before it, draws, rating = mu - 3 sigma,
provisional under 10 rounds) and its reuse (a change re-rates from the changed round on,
and the result equals rating everything anew)."""

from __future__ import annotations

import random

import pytest

from hardware.director.ratings import KEEP, Fold, MethodError, OpenSkill, engine
from kaiser_core.club.league import GameRow, Match, RoundRow, match_of
from kaiser_core.club.seating import Seating

NAMES = [f"P{i}" for i in range(12)]


def rounds(count: int, seed: int) -> list[tuple[RoundRow, list[Match]]]:
    rng = random.Random(seed)
    out = []
    for r in range(count):
        order = rng.sample(NAMES, 12)
        games = []
        for t in range(3):
            seats = tuple(order[4 * t : 4 * t + 4])
            totals = (rng.randint(-10, 60), rng.randint(-10, 60))
            games.append(GameRow("e", t + 1, r + 1, seats, totals, None, True))  # type: ignore[arg-type]
        matches = [m for m in map(match_of, games) if m]
        out.append((RoundRow("e", r + 1, f"{r:05d}", Seating({})), matches))
    return out


def rows_of(fold: Fold) -> list[dict]:
    return fold.rows()


@pytest.mark.slow  # some 500 rounds rated
def test_a_fold_reused_after_changes_equals_rating_everything_anew() -> None:
    history = rounds(90, 1)
    fold = Fold(engine())
    fold.update(history)
    assert fold.rated == 90
    fold.update(history)  # nothing changed: nothing rated
    assert fold.rated == 90
    changed = list(history)
    row, matches = changed[-2]
    changed[-2] = (row, [Match(m.behind, m.ahead, m.draw) for m in matches])  # results flip
    fold.update(changed)
    assert fold.rated == 92  # the last two rounds only
    fresh = Fold(engine())
    fresh.update(changed)
    assert rows_of(fold) == rows_of(fresh) and fold.check() == fresh.check()
    # A change further back than the kept states re-rates everything, still equal.
    far = list(changed)
    far[90 - KEEP - 5] = (far[90 - KEEP - 5][0], [])
    fold.update(far)
    assert fold.rated == 92 + 90
    fresh = Fold(engine())
    fresh.update(far)
    assert rows_of(fold) == rows_of(fresh)
    # A round added at the end rates that round alone.
    fold.update([*far, *rounds(1, 9)])
    assert fold.rated == 92 + 90 + 1


def test_the_games_of_a_round_are_rated_from_the_ratings_before_it() -> None:
    eng = OpenSkill()
    one = Match(("A", "B"), ("C", "D"))
    two = Match(("A", "B"), ("E", "F"))  # A and B again: the second round sees their win
    fold = Fold(eng)
    fold.update([(RoundRow("e", 1, "1", Seating({})), [one]),
                 (RoundRow("e", 2, "2", Seating({})), [two])])  # fmt: skip
    # By hand, with the library: round 1, then round 2 from round 1's ratings.
    r = {n: eng.new() for n in "ABCDEF"}
    (a, b), (c, d) = eng.rate([r["A"], r["B"]], [r["C"], r["D"]], False)
    r.update(A=a, B=b, C=c, D=d)
    second = eng.win([r["A"], r["B"]], [r["E"], r["F"]])
    (a, b), (e, f) = eng.rate([r["A"], r["B"]], [r["E"], r["F"]], False)
    r.update(A=a, B=b, E=e, F=f)
    rows = {row["name"]: row for row in fold.rows()}
    for name in "ABCDEF":
        mu, sigma = eng.mu_sigma(r[name])
        assert rows[name]["mu"] == round(mu, 2) and rows[name]["sigma"] == round(sigma, 2)
        assert rows[name]["rating"] == round(mu - 3 * sigma, 2)
        assert rows[name]["provisional"] is True
    assert rows["A"]["rounds"] == 2 and rows["C"]["rounds"] == 1
    check = fold.check()
    # The first game was predicted 0.5 (half right), the second above it (right).
    assert check["rounds"] == 2 and check["accuracy"] == 0.75
    assert second > 0.5
    # Within one round both games use the ratings before it: the order of games in a round
    # does not matter.
    g1, g2 = Match(("A", "B"), ("C", "D")), Match(("E", "F"), ("G", "H"))
    x, y = Fold(eng), Fold(eng)
    x.update([(RoundRow("e", 1, "1", Seating({})), [g1, g2])])
    y.update([(RoundRow("e", 1, "1", Seating({})), [g2, g1])])
    assert x.rows() == y.rows()


def test_a_draw_moves_nobody_apart_and_is_left_out_of_the_check() -> None:
    fold = Fold(engine())
    fold.update([(RoundRow("e", 1, "1", Seating({})), [Match(("A", "B"), ("C", "D"), True)])])
    ratings = {r["name"]: r["rating"] for r in fold.rows()}
    assert len(set(ratings.values())) == 1
    assert fold.check()["rounds"] == 0 and fold.check()["log_loss"] is None


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(MethodError, match="unknown rating method"):
        engine("elo")


def test_ten_rounds_end_provisional() -> None:
    history = rounds(10, 4)
    fold = Fold(engine())
    fold.update(history)
    for row in fold.rows():
        assert row["provisional"] == (row["rounds"] < 10)
        assert row["rounds"] == sum(
            row["name"] in m.ahead + m.behind for _, ms in history for m in ms
        )
    ordered = [r["rating"] for r in fold.rows()]
    assert ordered == sorted(ordered, reverse=True)
