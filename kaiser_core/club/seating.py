"""Seating (CLUB.md): who sits where each round, listed N, E, S, W (partners 1st and 3rd).

*individual*: a round-robin 1-factorization gives each round's partnerships, so nobody
partners anyone twice; whole partnerships of the round sit out, chosen so that the sit-outs
rotate; pairs of partners are then put against each other keeping opponent counts low.
*pairs*: the circle method over the pairs, the odd pair out sitting out in turn.

>>> s = seat_individual(["A", "B", "C", "D", "E", "F", "G", "H"], 2)
>>> len(s), sorted(n for t in s[0].tables.values() for n in t) == list("ABCDEFGH")
(2, True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from kaiser_core.club.errors import ClubError

Pair = tuple[int, int]
BUDGET = 50_000

#: Starters of Z-cyclic whist tournaments (found by a search, checked by the tests): the
#: first round's tables (N, E, S, W) over Z_q (q = players - 1 with the fixed seat q, or
#: q = players with the player r sitting out round r); round r adds r to every seat but q.
#: Every two players partner once and oppose exactly twice over the whole event.
WHIST: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    8: ((0, 2, 1, 4), (3, 5, 6, 7)),
    12: ((0, 2, 1, 5), (3, 8, 7, 10), (4, 6, 9, 11)),
    13: ((1, 2, 4, 7), (3, 6, 12, 8), (5, 9, 11, 10)),
    16: ((0, 2, 1, 6), (3, 7, 9, 15), (4, 8, 14, 11), (5, 10, 13, 12)),
    17: ((1, 3, 2, 8), (4, 10, 15, 12), (5, 6, 9, 13), (7, 11, 16, 14)),
    20: ((0, 2, 1, 4), (3, 9, 17, 12), (5, 11, 19, 15), (6, 10, 13, 18), (7, 8, 16, 14)),
    21: ((1, 3, 2, 6), (4, 12, 13, 19), (5, 14, 9, 16), (7, 11, 20, 17), (8, 10, 18, 15)),
    24: (
        (0, 2, 1, 4),
        (3, 11, 6, 16),
        (5, 12, 18, 19),
        (7, 9, 21, 15),
        (8, 13, 20, 17),
        (10, 14, 23, 22),
    ),
}


def whist(players: Sequence[str], rounds: int) -> list[Seating]:
    """A complete whist tournament's first ``rounds`` rounds (for the counts in WHIST)."""
    n = len(players)
    q = n if n % 2 else n - 1
    out = []
    for r in range(rounds):
        seated = {
            t: (
                players[_turn(a, r, q)],
                players[_turn(b, r, q)],
                players[_turn(c, r, q)],
                players[_turn(d, r, q)],
            )
            for t, (a, b, c, d) in enumerate(WHIST[n], 1)
        }
        out.append(Seating(seated, (players[r],) if n % 2 else ()))
    return out


def _turn(seat: int, r: int, q: int) -> int:
    return seat if seat == q else (seat + r) % q


@dataclass(frozen=True)
class Seating:
    """One round: table number to the four names (N, E, S, W), and who sits out."""

    tables: dict[int, tuple[str, str, str, str]]
    sitting_out: tuple[str, ...] = ()


def circle(count: int) -> list[list[Pair]]:
    """The circle method: ``count - 1`` perfect matchings of ``range(count)`` (count even)."""
    if count % 2:
        raise ClubError("the circle method needs an even count")
    return [factor(count, r) for r in range(count - 1)]


def factor(count: int, r: int) -> list[Pair]:
    """Matching ``r`` of ``circle(count)``, made alone: the seating needs a few of them, and
    all of them at 960 players are 460,000 pairs (some 60 MB)."""
    q = count - 1
    return [(q, r)] + [((r + i) % q, (r - i) % q) for i in range(1, count // 2)]


def _schedule(n: int) -> list[tuple[int, tuple[int, ...]]]:
    """Each round's factor (its colour) and who sits out: every player once before twice.

    The factors are those of ``circle(n + n % 2)``: edge {a, b} (a, b < q) lies in factor
    (a + b) / 2 mod q, edge {q, c} in factor c. The sit-outs are whole edges of their factor,
    taken so that the players are used up in blocks (or cyclically, in threes).
    """
    even = n + n % 2
    q = even - 1
    half = (q + 1) // 2  # the inverse of 2 modulo q

    def colour(a: int, b: int) -> int:
        if a == q:
            return b
        if b == q:
            return a
        return (a + b) * half % q

    if n % 4 == 0:
        return [(r, ()) for r in range(q)]
    if n % 4 == 1:  # the odd seat q: its partner r sits out, r = 0, 1, 2, ...
        return [(r, (r,)) for r in range(q)]
    if n % 4 == 2:  # two sit out: a rainbow matching, then a second one
        m = even // 2
        first = [(2 * j, 2 * j + 1) for j in range(m - 1)] + [(q, q - 1)]
        second = [(2 * j + 1, 2 * j + 2) for j in range(m - 1) if 2 * j + 1 != m - 2]
        second.append((q, m - 1))
        return [(colour(a, b), (a, b)) for a, b in first + second]
    # n % 4 == 3: the odd seat's partner c and the edge {c - 1, c + 1}: three in a row
    if n % 3:
        centres = [(1 + 3 * t) % n for t in range(n)]
    else:
        centres = [(1 + 3 * t + block) % n for block in range(3) for t in range(n // 3)]
    return [(c, ((c - 1) % n, c, (c + 1) % n)) for c in centres]


def _groupings(
    pairs: list[Pair], opp: Counter[Pair], bound: int
) -> Iterator[list[tuple[Pair, Pair]]]:
    """Every way to put partnerships against each other within ``bound``, cheapest first."""

    def cost(a: Pair, b: Pair) -> tuple[int, int]:
        seen = [opp[_key(x, y)] for x in a for y in b]
        return max(seen), sum(seen)

    def solve(rest: list[Pair]) -> Iterator[list[tuple[Pair, Pair]]]:
        # ``rest`` is one list for every level, taken from and put back in order (a copy
        # per level was some 50 MB of lists at 480 tables).
        if not rest:
            yield []
            return
        first = rest.pop(0)
        options = sorted(range(len(rest)), key=lambda i: (cost(first, rest[i]), i))
        for i in options:
            if cost(first, rest[i])[0] + 1 > bound:
                break
            other = rest.pop(i)
            for tail in solve(rest):
                yield [(first, other), *tail]
            rest.insert(i, other)
        rest.insert(0, first)

    yield from solve(list(pairs))


def _key(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


def opponent_bound(players: int, rounds: int) -> int:
    """CLUB.md's bound: no two players oppose more than ceil(2 x rounds / (players - 1)) + 1."""
    return -(-2 * rounds // (players - 1)) + 1


def seat_individual(players: Sequence[str], rounds: int) -> list[Seating]:
    """Every round's seating for an individual event (partners change each round)."""
    n = len(players)
    if n < 4:
        raise ClubError("an individual event needs at least 4 players")
    plan = _schedule(n)
    if rounds > len(plan):
        raise ClubError(f"{n} players give at most {len(plan)} rounds without repeat partners")
    if n in WHIST:
        return whist(players, rounds)
    free = n % 4 < 2  # no sit-out, or one: any order of the factors is as fair

    def playing(colour: int, out: tuple[int, ...]) -> list[Pair]:
        gone = set(out) | ({n} if n % 2 else set())
        return [pair for pair in factor(n + n % 2, colour) if not set(pair) & gone]

    opp: Counter[Pair] = Counter()
    chosen: list[tuple[tuple[int, tuple[int, ...]], list[tuple[Pair, Pair]]]] = []
    used: set[int] = set()
    budget = [BUDGET]

    def solve(r: int) -> bool:
        if r == rounds:
            return True
        options = [p for p in plan if p[0] not in used] if free else [plan[r]]
        for step in options:
            used.add(step[0])
            for tables in _groupings(playing(*step), opp, opponent_bound(n, r + 1)):
                budget[0] -= 1
                if budget[0] < 0:
                    return False
                _count(opp, tables, 1)
                chosen.append((step, tables))
                if solve(r + 1):
                    return True
                chosen.pop()
                _count(opp, tables, -1)
            used.discard(step[0])
        return False

    if not solve(0):  # pragma: no cover - the tests show every count from 8 to 40 solves
        raise ClubError(f"no seating within the opponents' bound for {n} players")
    seatings = []
    for (_, out), tables in chosen:
        seated = {
            t: (players[a[0]], players[b[0]], players[a[1]], players[b[1]])
            for t, (a, b) in enumerate(tables, 1)
        }
        sitting = tuple(players[p] for p in sorted(out) if p < n)
        seatings.append(Seating(seated, sitting))
    return seatings


def _count(opp: Counter[Pair], tables: list[tuple[Pair, Pair]], step: int) -> None:
    for a, b in tables:
        for x in a:
            for y in b:
                opp[_key(x, y)] += step


def seat_pairs(pairs: Sequence[tuple[str, str]], rounds: int) -> list[Seating]:
    """Every round's seating for a pairs event: a round robin, the odd pair out sitting out."""
    n = len(pairs)
    if n < 2:
        raise ClubError("a pairs event needs at least 2 pairs")
    factors = circle(n + n % 2)
    seatings = []
    for r in range(rounds):
        factor = factors[r % len(factors)]
        seated: dict[int, tuple[str, str, str, str]] = {}
        sitting: tuple[str, ...] = ()
        for a, b in factor:
            if max(a, b) >= n:
                sitting = pairs[min(a, b)]
                continue
            (a1, a2), (b1, b2) = pairs[a], pairs[b]
            seated[len(seated) + 1] = (a1, b1, a2, b2)
        seatings.append(Seating(seated, sitting))
    return seatings
