"""A club's history as values: every night's rounds and round games, as the director keeps
them, turned into each night's standings and the matches the ratings are made from.

Each kept game is summed up once, when it is kept (``summarize``): the season, the ratings
and the awards then read small rows and never score a record again.

>>> g = GameRow("tue", 1, 1, ("Ann", "Bob", "Cy", "Di"), (57, 12), "NS", True)
>>> match_of(g)
Match(ahead=('Ann', 'Cy'), behind=('Bob', 'Di'), draw=False)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kaiser_core.club.season import Night
from kaiser_core.club.seating import Seating
from kaiser_core.club.standings import RoundPlay, TableResult, standings

SEATS = "NESW"
KAISER_BID = 12  # a made 12 no-trump bid: "a Kaiser"


@dataclass(frozen=True, slots=True)
class GameRow:
    """One table's kept game of one round, summed up.

    ``done``: the game has finished, or the director ended its round. ``kaisers``: the
    bidders who made 12 no-trump; ``biggest_set``: the bidder of the costliest set and the
    points their team lost; ``skunk``: the winners left the losers at 0 or below.
    """

    event: str
    table: int
    round: int
    seats: tuple[str, str, str, str]
    totals: tuple[int, int]
    winner: str | None
    done: bool
    hands: int = 0
    kaisers: tuple[str, ...] = ()
    biggest_set: tuple[str, int] | None = None
    skunk: bool = False

    def team(self, name: str) -> int | None:
        """0 for NS, 1 for EW, None when ``name`` did not play this game."""
        if name not in self.seats:
            return None
        return self.seats.index(name) % 2

    def partner(self, name: str) -> str:
        """``name``'s partner (opposite seat)."""
        return self.seats[(self.seats.index(name) + 2) % 4]


@dataclass(frozen=True)
class RoundRow:
    """A started round of a night: when it started (sortable text), its seating, ended."""

    event: str
    round: int
    at: str
    seating: Seating
    ended: bool = False


@dataclass(frozen=True)
class EventInfo:
    """A night's event as stored: name, format and entrants (name to players)."""

    id: str
    name: str
    rounds: int
    members: Mapping[str, tuple[str, ...]]
    format: str = "individual"


@dataclass(frozen=True, slots=True)
class Match:
    """A rated game: the team ahead (higher total) and the one behind, or a draw."""

    ahead: tuple[str, str]
    behind: tuple[str, str]
    draw: bool = False


@dataclass
class History:
    """Every event, started round and kept game of a director's database."""

    events: dict[str, EventInfo] = field(default_factory=dict)
    rounds: list[RoundRow] = field(default_factory=list)  # in the order they started
    games: dict[tuple[str, int], list[GameRow]] = field(default_factory=dict)  # (event, round)

    def night_games(self, event: str) -> list[GameRow]:
        """The night's games, round by round, table by table."""
        rounds = sorted(r for e, r in self.games if e == event)
        return [g for r in rounds for g in sorted(self.games[(event, r)], key=lambda g: g.table)]

    def event_rounds(self, event: str) -> list[RoundRow]:
        """The night's started rounds, in order."""
        return sorted((r for r in self.rounds if r.event == event), key=lambda r: r.round)


def summarize(result: Mapping[str, Any], seats: Sequence[str], finished: bool) -> dict[str, Any]:
    """A kept game's summary (stored beside its record) from its scored ``result``
    (``kaiser-scorer score``'s output) and its players on N, E, S, W."""
    kaisers: list[str] = []
    biggest: tuple[str, int] | None = None
    for hand in result.get("hands", []):
        if hand.get("redeal"):
            continue
        c = hand["contract"]
        bidder = seats[SEATS.index(c["bidder"])]
        if hand["made"] and c["bid"] == KAISER_BID and c["no_trump"]:
            kaisers.append(bidder)
        lost = -int(hand["delta"][c["team"]])
        if not hand["made"] and (biggest is None or lost > biggest[1]):
            biggest = (bidder, lost)
    totals = result["totals"]
    return {
        "seats": list(seats),
        "totals": [totals["NS"], totals["EW"]],
        "winner": result.get("winner"),
        "finished": bool(finished or result.get("winner")),
        "hands": sum(1 for h in result.get("hands", []) if not h.get("redeal")),
        "kaisers": kaisers,
        "set": list(biggest) if biggest else None,
        "skunk": bool(result.get("skunk")),
    }


def game_row(
    event: str, table: int, number: int, summary: Mapping[str, Any], ended: bool
) -> GameRow:
    """A stored game's row, from its ``summarize`` output and whether its round was ended."""
    seats = tuple(str(s) for s in summary["seats"])
    ns, ew = (int(v) for v in summary["totals"])
    biggest = summary.get("set")
    return GameRow(
        event,
        table,
        number,
        (seats[0], seats[1], seats[2], seats[3]),
        (ns, ew),
        summary.get("winner"),
        bool(summary.get("finished") or ended),
        int(summary.get("hands", 0)),
        tuple(summary.get("kaisers", ())),
        (str(biggest[0]), int(biggest[1])) if biggest else None,
        bool(summary.get("skunk")),
    )


def match_of(game: GameRow) -> Match | None:
    """The game as a rated match (the higher total ahead); None while it is still played."""
    if not game.done:
        return None
    n, e, s, w = game.seats
    ns, ew = game.totals
    if ew > ns:
        return Match((e, w), (n, s))
    return Match((n, s), (e, w), draw=ns == ew)


def rated_rounds(history: History) -> Iterator[tuple[RoundRow, list[Match]]]:
    """Every started round, in the order started, with its finished games as matches."""
    for r in history.rounds:
        games = sorted(history.games.get((r.event, r.round), []), key=lambda g: g.table)
        matches = [m for m in map(match_of, games) if m is not None]
        yield r, matches


def night(history: History, event: str) -> Night:
    """The night's standings (CLUB.md's, from the kept games) and who played it."""
    info = history.events[event]
    plays = []
    played: set[str] = set()
    for r in history.event_rounds(event):
        games = {g.table: g for g in history.games.get((event, r.round), [])}
        results = {
            t: TableResult({"NS": g.totals[0], "EW": g.totals[1]}, g.winner, g.done, g.seats)
            for t, g in games.items()
        }
        plays.append(RoundPlay(r.seating, results, r.ended))
        for t, names in r.seating.tables.items():
            played.update(games[t].seats if t in games else names)
    rows = standings(info.members, info.rounds, plays)
    return Night(event, rows, info.members, played, info.name)


def nights(history: History, events: Iterable[str]) -> dict[str, Night]:
    """The standings of each of ``events`` that the history holds."""
    return {e: night(history, e) for e in events if e in history.events}


__all__ = [
    "EventInfo",
    "GameRow",
    "History",
    "Match",
    "RoundRow",
    "game_row",
    "match_of",
    "night",
    "nights",
    "rated_rounds",
    "summarize",
]
