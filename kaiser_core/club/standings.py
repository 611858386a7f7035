"""Standings (CLUB.md, contract): round scores, sit-out means, rounds won, the order.

Scores are kept in tenths (integers) so a sit-out mean adds up exactly.

>>> from kaiser_core.club.seating import Seating
>>> s = Seating({1: ("Ann", "Bob", "Cy", "Di")})
>>> rows = standings({n: [n] for n in ("Ann", "Bob", "Cy", "Di")}, 1,
...     [RoundPlay(s, {1: TableResult({"NS": 57, "EW": 12}, "NS", True)})])
>>> [(r["rank"], r["name"], r["total"], r["won"]) for r in rows][:2]
[(1, 'Ann', 57, 1), (2, 'Cy', 57, 1)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kaiser_core.club.seating import Seating


@dataclass(frozen=True)
class TableResult:
    """One table's game of one round as it stands: totals, the winner, finished or not."""

    totals: Mapping[str, int]
    winner: str | None = None
    finished: bool = False
    seats: tuple[str, ...] = ()  # the record's N, E, S, W (a table may turn); () = as seated


@dataclass(frozen=True)
class RoundPlay:
    """A started round: its seating, each table's result so far, and whether it was ended."""

    seating: Seating
    results: Mapping[int, TableResult] = field(default_factory=dict)
    ended: bool = False


def won_by(result: TableResult, ended: bool) -> str | None:
    """The team that won the round at that table: the record's winner, else on an ended
    round (or a finished game without one) the higher total; equal totals: neither."""
    if result.winner is not None:
        return result.winner
    if not (ended or result.finished):
        return None
    ns, ew = result.totals.get("NS", 0), result.totals.get("EW", 0)
    return "NS" if ns > ew else "EW" if ew > ns else None


def _teams(names: Sequence[str]) -> dict[str, str]:
    """Who is in which team at a table: player to ``NS``/``EW``."""
    return {names[0]: "NS", names[2]: "NS", names[1]: "EW", names[3]: "EW"}


def _mean_tenths(scores: list[int]) -> int:
    """The mean of scores given in tenths, rounded to one decimal (half away from zero)."""
    if not scores:
        return 0
    total, count = sum(scores), len(scores)
    sign = -1 if total < 0 else 1
    return sign * ((2 * abs(total) + count) // (2 * count))


def number(tenths: int) -> int | float:
    """Tenths as the JSON number: an integer when whole."""
    return tenths // 10 if tenths % 10 == 0 else tenths / 10


def standings(
    members: Mapping[str, Sequence[str]], rounds: int, played: Sequence[RoundPlay]
) -> list[dict[str, Any]]:
    """The rows of ``GET /api/standings``, ranked (CLUB.md's order).

    ``members``: each entrant's name (a player, or a pair as ``"Ann & Bob"``) to its players.
    """
    entrants = list(members)
    entrant_of = {p: e for e, players in members.items() for p in players}
    scores: dict[str, list[int | None]] = {e: [None] * rounds for e in entrants}
    finished: dict[str, list[int]] = {e: [] for e in entrants}
    won = dict.fromkeys(entrants, 0)
    sitting: dict[str, list[int]] = {e: [] for e in entrants}
    for r, play in enumerate(played):
        seen: set[str] = set()
        for table, names in play.seating.tables.items():
            result = play.results.get(table, TableResult({"NS": 0, "EW": 0}))
            winner = won_by(result, play.ended)
            done = play.ended or result.finished or result.winner is not None
            teams = _teams(result.seats or names)
            for player, team in teams.items():
                who = entrant_of.get(player, "")
                if not who or members[who][0] != player:
                    continue
                seen.add(who)
                tenths = 10 * result.totals.get(team, 0)
                scores[who][r] = tenths
                if done:
                    finished[who].append(tenths)
                if winner == team:
                    won[who] += 1
        for who in entrants:
            if who not in seen:
                sitting[who].append(r)
    for who in entrants:
        mean = _mean_tenths(finished[who])
        for r in sitting[who]:
            scores[who][r] = mean
    totals = {e: sum(s for s in scores[e] if s is not None) for e in entrants}
    order = sorted(entrants, key=lambda e: (-totals[e], -won[e], e.casefold()))
    return [
        {
            "rank": i,
            "name": e,
            "total": number(totals[e]),
            "rounds": [None if s is None else number(s) for s in scores[e]],
            "won": won[e],
        }
        for i, e in enumerate(order, 1)
    ]


class LiveStandings:
    """``standings`` kept up to date one table-round at a time (the director's fold).

    A table's change touches only the four players (or two pairs) at it: their cells of
    that round and then their rows (a sit-out mean is over one entrant's own finished
    rounds). Only ``rows`` ranks everyone, and the director asks for it a few times a
    second at most, however many tables change. Equal to ``standings`` of the same plays
    (tests/club/test_live_standings.py).
    """

    def __init__(self, members: Mapping[str, Sequence[str]], rounds: int) -> None:
        self.members = members
        self.rounds = rounds
        self._entrant_of = {p: e for e, players in members.items() for p in players}
        self._seatings: list[Seating] = []
        self._results: list[dict[int, TableResult]] = []
        self._ended: list[bool] = []
        # entrant -> round index -> (tenths, finished, won) where it sat at a table
        self._cells: dict[str, dict[int, tuple[int, bool, bool]]] = {e: {} for e in members}
        self._rows: dict[str, dict[str, Any]] = {}
        for who in members:
            self._row(who)

    def start(self, seating: Seating) -> None:
        """The next round starts with this seating (every table at 0, nothing finished)."""
        self._seatings.append(seating)
        self._results.append({})
        self._ended.append(False)
        r = len(self._seatings) - 1
        for table in seating.tables:
            self._table(r, table)
        for who in self.members:  # a sitting-out entrant's new round is its mean
            self._row(who)

    def result(self, number: int, table: int, result: TableResult) -> None:
        """Table ``table``'s game of round ``number`` stands at ``result`` now."""
        self._results[number - 1][table] = result
        for who in self._table(number - 1, table):
            self._row(who)

    def end(self, number: int) -> None:
        """Round ``number`` was ended: each table's higher total wins it, all finished."""
        self._ended[number - 1] = True
        touched: set[str] = set()
        for table in self._seatings[number - 1].tables:
            touched.update(self._table(number - 1, table))
        for who in touched:
            self._row(who)

    def rows(self) -> list[dict[str, Any]]:
        """Every row, ranked as ``standings`` ranks them."""
        rows = self._rows
        order = sorted(rows, key=lambda e: (-rows[e]["_tenths"], -rows[e]["won"], e.casefold()))
        return [
            {"rank": i, "name": e, **{k: v for k, v in rows[e].items() if k != "_tenths"}}
            for i, e in enumerate(order, 1)
        ]

    def _table(self, r: int, table: int) -> list[str]:
        """Set the cells of round index ``r`` at ``table``; the entrants it touched."""
        names = self._seatings[r].tables[table]
        result = self._results[r].get(table, TableResult({"NS": 0, "EW": 0}))
        ended = self._ended[r]
        winner = won_by(result, ended)
        done = ended or result.finished or result.winner is not None
        touched = []
        for player, team in _teams(result.seats or names).items():
            who = self._entrant_of.get(player, "")
            if not who or self.members[who][0] != player:
                continue
            self._cells[who][r] = (10 * result.totals.get(team, 0), done, winner == team)
            touched.append(who)
        return touched

    def _row(self, who: str) -> None:
        cells = self._cells[who]
        mean = _mean_tenths([t for t, done, _ in cells.values() if done])
        scores: list[int | None] = [None] * self.rounds
        for r in range(len(self._seatings)):
            cell = cells.get(r)
            scores[r] = mean if cell is None else cell[0]
        tenths = sum(s for s in scores if s is not None)
        self._rows[who] = {
            "_tenths": tenths,
            "total": number(tenths),
            "rounds": [None if s is None else number(s) for s in scores],
            "won": sum(1 for _, _, won in cells.values() if won),
        }
