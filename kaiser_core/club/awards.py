"""Awards of a night or a season, and each player's lifetime records, from kept games.

Awards: every made Kaiser bid (12 no-trump), every skunk, the biggest set (the most points a
bidding team lost in one hand), the best round (the highest team total of a round game) and
the most rounds won. Ties share an award: each holder is listed.

>>> from kaiser_core.club.league import GameRow
>>> g = GameRow("tue", 1, 2, ("Ann", "Bob", "Cy", "Di"), (64, -8), "NS", True, 6,
...     ("Ann",), ("Bob", 16), True)
>>> a = awards([g])
>>> a["kaisers"][0]["name"], a["best_round"][0]["names"], a["most_won"]["names"]
('Ann', ['Ann', 'Cy'], ['Ann', 'Cy'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from kaiser_core.club.league import GameRow
from kaiser_core.club.season import Night


def won_team(game: GameRow) -> int | None:
    """The team (0 NS, 1 EW) that won the round at that table, as the standings count it:
    the record's winner, else once done the higher total; equal totals: neither."""
    if game.winner is not None:
        return 0 if game.winner == "NS" else 1
    if not game.done or game.totals[0] == game.totals[1]:
        return None
    return 0 if game.totals[0] > game.totals[1] else 1


def _where(g: GameRow) -> dict[str, Any]:
    return {"event": g.event, "table": g.table, "round": g.round}


def _team(g: GameRow, team: int) -> list[str]:
    return [g.seats[team], g.seats[team + 2]]


def rounds_won(games: Iterable[GameRow]) -> Counter[str]:
    """Rounds won by each player."""
    won: Counter[str] = Counter()
    for g in games:
        team = won_team(g)
        if team is not None:
            won.update(_team(g, team))
    return won


def awards(games: Sequence[GameRow]) -> dict[str, Any]:
    """The awards of these games (a night's, or a season's)."""
    kaisers = [{"name": k, **_where(g)} for g in games for k in g.kaisers]
    skunks = []
    for g in games:
        team = won_team(g)
        if g.skunk and team is not None:
            totals = [g.totals[team], g.totals[1 - team]]
            skunks.append(
                {"winners": _team(g, team), "losers": _team(g, 1 - team), "totals": totals,
                 **_where(g)}
            )  # fmt: skip
    sets = [g for g in games if g.biggest_set is not None]
    most_set = max((g.biggest_set[1] for g in sets if g.biggest_set), default=None)
    biggest = [
        {"name": g.biggest_set[0], "partner": g.partner(g.biggest_set[0]), "points": most_set,
         **_where(g)}
        for g in sets
        if g.biggest_set and g.biggest_set[1] == most_set
    ]  # fmt: skip
    best_score = max((max(g.totals) for g in games), default=None)
    best = [
        {"names": _team(g, team), "score": best_score, **_where(g)}
        for g in games
        for team in (0, 1)
        if g.totals[team] == best_score
    ]
    won = rounds_won(games)
    top = max(won.values(), default=0)
    most = {"names": sorted((n for n, w in won.items() if w == top), key=str.casefold), "won": top}
    return {
        "kaisers": kaisers,
        "skunks": skunks,
        "biggest_set": biggest,
        "best_round": best,
        "most_won": most if top else None,
    }


def records(games: Iterable[GameRow], nights: Mapping[str, Night]) -> dict[str, dict[str, Any]]:
    """Each player's lifetime records: nights, rounds, rounds won, Kaisers made, skunks
    given and taken, the best round, the biggest set as bidder and the best night.

    ``nights``: each event's standings; a night counts for those who played it."""
    out: dict[str, dict[str, Any]] = {}

    def row(name: str) -> dict[str, Any]:
        if name not in out:
            out[name] = {
                "name": name, "nights": 0, "rounds": 0, "won": 0, "kaisers": 0,
                "skunks": 0, "skunked": 0, "best_round": None, "biggest_set": None,
                "best_night": None,
            }  # fmt: skip
        return out[name]

    for g in games:
        winner = won_team(g)
        for i, name in enumerate(g.seats):
            r = row(name)
            team = i % 2
            r["rounds"] += 1
            r["won"] += winner == team
            r["kaisers"] += g.kaisers.count(name)
            if g.skunk and winner is not None:
                r["skunks" if winner == team else "skunked"] += 1
            score = g.totals[team]
            if r["best_round"] is None or score > r["best_round"]["score"]:
                r["best_round"] = {"score": score, **_where(g)}
            if g.biggest_set and g.biggest_set[0] == name:
                lost = g.biggest_set[1]
                if r["biggest_set"] is None or lost > r["biggest_set"]["points"]:
                    r["biggest_set"] = {"points": lost, **_where(g)}
    for event, night in nights.items():
        for standing in night.rows:
            for name in night.members.get(str(standing["name"]), ()):
                if name not in out or name not in night.played:
                    continue
                r = out[name]
                r["nights"] += 1
                best = r["best_night"]
                if best is None or (standing["rank"], -standing["total"]) < (
                    best["rank"],
                    -best["total"],
                ):
                    r["best_night"] = {
                        "event": event,
                        "rank": standing["rank"],
                        "total": standing["total"],
                    }
    return out


__all__ = ["awards", "records", "rounds_won", "won_team"]
