"""Seasons (CLUB.md "Seasons and ratings", contract): players ranked across a club's nights.

The season file's data (decoded TOML) becomes a ``Season``; ``season_rows`` ranks the players
from each night's standings. A night's points are its event total, its rank turned into
points (``players + 1 - rank``) or its total as a percentage of the night's best total.

>>> s = parse_season({"season": {"id": "w", "name": "Winter", "events": ["a", "b"],
...     "best": 1, "points": "rank"}})
>>> a = Night("a", [{"rank": 1, "name": "Ann", "total": 57}, {"rank": 2, "name": "Bob",
...     "total": 40}], {"Ann": ("Ann",), "Bob": ("Bob",)}, {"Ann", "Bob"})
>>> [(r["name"], r["total"], r["events"]) for r in season_rows(s, {"a": a})]
[('Ann', 2.0, [2, None]), ('Bob', 1.0, [1, None])]
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from kaiser_core.club.errors import EventError
from kaiser_core.club.event import ID

POINTS = ("total", "rank", "percent")
_KEYS = {"id", "name", "events", "best", "min_events", "points"}
MAX_EVENTS = 1000


@dataclass(frozen=True)
class Season:
    """A season: its nights (event ids, in order) and how they count."""

    id: str
    name: str
    events: tuple[str, ...]
    best: int | None = None
    min_events: int = 0
    points: str = "total"

    def summary(self) -> dict[str, Any]:
        """The season's file data (``[season]``), as stored and exported."""
        out: dict[str, Any] = {"id": self.id, "name": self.name, "events": list(self.events)}
        if self.best is not None:
            out["best"] = self.best
        return {**out, "min_events": self.min_events, "points": self.points}


@dataclass(frozen=True)
class Night:
    """One event's standings as they stand, who its entrants are, and who played.

    ``rows`` are ``/api/standings`` rows (rank, name, total); ``members`` maps each entrant
    (a player, or a pair ``"Ann & Bob"``) to its players; ``played`` holds the players who
    sat at a table in at least one round.
    """

    id: str
    rows: Sequence[Mapping[str, Any]]
    members: Mapping[str, Sequence[str]]
    played: Collection[str]
    name: str = ""


def _count(raw: Mapping[str, Any], key: str, low: int) -> int:
    value = raw.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_EVENTS:
        raise EventError(f"season.{key} must be a whole number from {low} to {MAX_EVENTS}")
    return value


def parse_season(data: object) -> Season:
    """The season from the decoded TOML; raises EventError (one line, naming the key)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("season"), Mapping):
        raise EventError("the season file has no [season] table")
    unknown = set(data) - {"season"}
    if unknown:
        raise EventError(f"unknown table [{sorted(unknown)[0]}] (the season file has [season])")
    raw = data["season"]
    extra = set(raw) - _KEYS
    if extra:
        raise EventError(f"unknown key season.{sorted(extra)[0]}")
    ident = raw.get("id")
    if not isinstance(ident, str) or not ID.match(ident):
        raise EventError(f"season.id must be 1 to 40 of a-z, 0-9 and -, not {ident!r}")
    name = raw.get("name", ident)
    if not isinstance(name, str) or not name.strip() or len(name) > 80:
        raise EventError("season.name must be text of 1 to 80 characters")
    events = raw.get("events")
    if not isinstance(events, list) or not events or len(events) > MAX_EVENTS:
        raise EventError(f"season.events must be a list of 1 to {MAX_EVENTS} event ids")
    for i, e in enumerate(events):
        if not isinstance(e, str) or not ID.match(e):
            raise EventError(f"season.events[{i + 1}] is not an event id: {e!r}")
    if len(set(events)) != len(events):
        raise EventError("season.events lists an event twice")
    best = _count(raw, "best", 1) if "best" in raw else None
    least = _count(raw, "min_events", 0) if "min_events" in raw else 0
    points = raw.get("points", "total")
    if points not in POINTS:
        raise EventError(f"season.points must be total, rank or percent, not {points!r}")
    return Season(ident, name, tuple(events), best, least, points)


def _exact(value: object) -> Fraction:
    return Fraction(Decimal(str(value)))


def _tenth(value: Fraction) -> float:
    """A fraction to one decimal, halves away from zero."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return float(exact.quantize(Decimal("0.1"), ROUND_HALF_UP))


def _plain(value: Fraction) -> int | float:
    """An exact score as JSON writes it: whole numbers as integers, else one decimal."""
    return int(value) if value.denominator == 1 else _tenth(value)


def night_points(night: Night, points: str) -> dict[str, int | float]:
    """Each player's points of the night (only those who played it); pairs share theirs."""
    rows = night.rows
    best = max((_exact(r["total"]) for r in rows), default=Fraction(0))
    out: dict[str, int | float] = {}
    for row in rows:
        total = _exact(row["total"])
        if points == "rank":
            value: int | float = len(rows) + 1 - int(row["rank"])
        elif points == "percent":
            value = _tenth(total / best * 100) if best > 0 else 0.0
        else:
            value = _plain(total)
        for player in night.members.get(str(row["name"]), (str(row["name"]),)):
            if player in night.played:
                out[player] = value
    return out


def season_rows(season: Season, nights: Mapping[str, Night]) -> list[dict[str, Any]]:
    """The rows of ``GET /api/seasons/<id>``: every player with at least one night."""
    cells: dict[str, list[int | float | None]] = {}
    for i, event in enumerate(season.events):
        night = nights.get(event)
        if night is None:
            continue
        for player, value in night_points(night, season.points).items():
            cells.setdefault(player, [None] * len(season.events))[i] = value
    rows = []
    for player, events in cells.items():
        played = sorted((_exact(v) for v in events if v is not None), reverse=True)
        counted = len(played) if season.best is None else min(season.best, len(played))
        total = sum(played[:counted], Fraction(0))
        qualified = len(played) >= season.min_events
        rows.append((player, _tenth(total), events, counted, qualified, total))
    rows.sort(key=lambda r: (not r[4], -r[5], r[0].casefold()))
    return [
        {
            "rank": i,
            "name": name,
            "total": total,
            "events": events,
            "counted": counted,
            "qualified": qualified,
        }
        for i, (name, total, events, counted, qualified, _) in enumerate(rows, 1)
    ]


def counted_events(season: Season, events: Sequence[int | float | None]) -> set[int]:
    """Which of a row's events count toward its total (the ``best`` highest, the earlier
    first among equal points): the page marks them."""
    played = [(i, _exact(v)) for i, v in enumerate(events) if v is not None]
    played.sort(key=lambda p: (-p[1], p[0]))
    keep = len(played) if season.best is None else season.best
    return {i for i, _ in played[:keep]}


__all__ = ["POINTS", "Night", "Season", "counted_events", "night_points", "parse_season",
           "season_rows"]  # fmt: skip
