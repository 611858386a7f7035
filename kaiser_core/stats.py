"""Statistics per player across many games; names are identities.

A game's players are its four seat names when the record (or the caller) names all four
seats; otherwise its two teams, each as one player (its team name, or ``NS``/``EW``).

>>> rec = {"names": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}, "hands": [
...     {"contract": {"bidder": "E", "bid": 8}, "taken": {"NS": 2, "EW": 6},
...      "five_hearts": "EW", "three_spades": "NS"}]}
>>> rows = {r["name"]: r for r in player_stats([GameInput(rec)])}
>>> rows["Bob"]["bids_taken"], rows["Bob"]["bids_made"], rows["Di"]["partners"][0]["name"]
(1, 1, 'Bob')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kaiser_core.cards import Team
from kaiser_core.game import Game
from kaiser_core.hand import Hand
from kaiser_core.record import parse_record

SEATS = ("N", "E", "S", "W")
TEAM_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}


@dataclass(frozen=True)
class GameInput:
    """One game: its record, names to use instead of the record's, and an early end."""

    record: Mapping[str, Any]
    names: Mapping[str, str] | None = None
    ended: bool = False  # ended early by the director: the higher total wins


@dataclass
class _Partner:
    games: int = 0
    won: int = 0


@dataclass
class _Player:
    name: str
    games: int = 0
    finished: int = 0
    won: int = 0
    hands: int = 0
    bids_taken: int = 0
    bids_made: int = 0
    nt_taken: int = 0
    nt_made: int = 0
    bidder_points: int = 0
    defender_hands: int = 0
    defender_points: int = 0
    partners: dict[str, _Partner] = field(default_factory=dict)

    def row(self) -> dict[str, Any]:
        sets = self.bids_taken - self.bids_made
        return {
            "name": self.name,
            "games": self.games,
            "finished": self.finished,
            "won": self.won,
            "hands": self.hands,
            "bids_taken": self.bids_taken,
            "bids_made": self.bids_made,
            "nt_taken": self.nt_taken,
            "nt_made": self.nt_made,
            "avg_as_bidder": _mean(self.bidder_points, self.bids_taken),
            "avg_as_defender": _mean(self.defender_points, self.defender_hands),
            "set_rate": _mean(sets, self.bids_taken),
            "partners": [
                {"name": n, "games": p.games, "won": p.won}
                for n, p in sorted(self.partners.items(), key=lambda kv: kv[0].casefold())
            ],
        }


def _mean(total: int, count: int) -> float | None:
    return round(total / count, 2) if count else None


def players_of(names: Mapping[str, str]) -> dict[str, str]:
    """Each seat's (or team's) player: keys are seats when all four are named, else teams."""
    if all(names.get(s) for s in SEATS):
        return {s: names[s] for s in SEATS}
    return {t: names.get(t) or t for t in ("NS", "EW")}


def _winner(game: Game, ended: bool) -> str | None:
    if game.winner is not None:
        return game.winner.code
    if not ended:
        return None
    ns, ew = game.totals[Team.NS], game.totals[Team.EW]
    return "NS" if ns > ew else "EW" if ew > ns else None


def player_stats(games: Iterable[GameInput]) -> list[dict[str, Any]]:
    """One row per player, ordered by games won, then name; RecordError for a bad record."""
    played = []
    for item in games:
        parsed = parse_record(dict(item.record))
        names = item.names if item.names is not None else parsed.names
        played.append((parsed.game(), names, item.ended))
    return stats_of_games(played)


def stats_of_games(games: Iterable[tuple[Game, Mapping[str, str], bool]]) -> list[dict[str, Any]]:
    """``player_stats`` of games already played: (game, names, ended early) each."""
    total: dict[str, Any] = {}
    for game, names, ended in games:
        add_contribution(total, contribution(game, names, ended))
    return stats_rows(total)


COUNTERS = (
    "games", "finished", "won", "hands", "bids_taken", "bids_made", "nt_taken", "nt_made",
    "bidder_points", "defender_hands", "defender_points",
)  # fmt: skip


def contribution(game: Game, names: Mapping[str, str], ended: bool) -> dict[str, Any]:
    """One game's part of the statistics, as JSON: per player its counters and partners
    (``{"Ann": {"games": 1, ..., "partners": {"Cy": [1, 1]}}}``). The statistics of many
    games are the sum of their parts (``add_contribution``), so a game's part is worked
    out once, when it ends, and kept."""
    table: dict[str, _Player] = {}
    who = players_of(names)
    by_team: dict[str, list[str]] = {"NS": [], "EW": []}
    for key, name in who.items():
        by_team[TEAM_OF.get(key, key)].append(name)
    winner = _winner(game, ended)
    done = winner is not None
    for team, members in by_team.items():
        for name in members:
            p = table.setdefault(name, _Player(name))
            p.games += 1
            p.finished += done
            p.won += winner == team
            for mate in members:
                if mate != name:
                    rec = p.partners.setdefault(mate, _Partner())
                    rec.games += 1
                    rec.won += winner == team
    players = {team: [table[n] for n in members] for team, members in by_team.items()}
    for res in game.results:
        score, hand = res.score, res.entry
        if score is None or not isinstance(hand, Hand):
            continue
        bidders = hand.contract.team
        team = bidders.code
        for code, seated in players.items():
            for one in seated:
                one.hands += 1
                if code != team:
                    one.defender_hands += 1
                    one.defender_points += score.delta[bidders.other]
        bidder = who.get(hand.contract.bidder.code, who.get(team))
        if bidder is None:
            continue
        p = table[bidder]
        nt = hand.contract.bid.no_trump
        p.bids_taken += 1
        p.bids_made += score.made
        p.nt_taken += nt
        p.nt_made += nt and score.made
        p.bidder_points += score.delta[bidders]
    return {
        name: {
            **{k: int(getattr(p, k)) for k in COUNTERS},
            "partners": {m: [r.games, r.won] for m, r in p.partners.items()},
        }
        for name, p in table.items()
    }


def add_contribution(total: dict[str, Any], part: Mapping[str, Any], sign: int = 1) -> None:
    """Add one game's part to ``total`` (``sign`` -1: take it out again)."""
    for name, counts in part.items():
        mine = total.setdefault(name, {**dict.fromkeys(COUNTERS, 0), "partners": {}})
        for k in COUNTERS:
            mine[k] += sign * counts[k]
        for mate, (games, won) in counts["partners"].items():
            was = mine["partners"].get(mate, [0, 0])
            mine["partners"][mate] = [was[0] + sign * games, was[1] + sign * won]
            if mine["partners"][mate][0] == 0:
                del mine["partners"][mate]
        if mine["games"] == 0:
            del total[name]


def stats_rows(total: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The statistics' rows from the sum of games' parts, ordered as ``player_stats``."""
    rows = []
    for name, counts in total.items():
        p = _Player(name, **{k: counts[k] for k in COUNTERS})
        p.partners = {m: _Partner(g, w) for m, (g, w) in counts["partners"].items()}
        rows.append(p.row())
    rows.sort(key=lambda r: (-r["won"], -r["games"], r["name"].casefold()))
    return rows


__all__ = [
    "GameInput",
    "add_contribution",
    "contribution",
    "player_stats",
    "players_of",
    "stats_of_games",
    "stats_rows",
]
