"""The event file's data (CLUB.md, contract): parsed from the decoded TOML into an ``Event``.

The TOML itself is read on the hardware side; here the data is a dict.

>>> e = parse_event({"event": {"id": "tue", "name": "Tuesday", "format": "pairs",
...     "rounds": 3, "pairs": [["Ann", "Bob"], ["Cy", "Di"]], "pin": "4821"}})
>>> e.format, e.entrants
('pairs', ('Ann & Bob', 'Cy & Di'))
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kaiser_core.club.errors import EventError
from kaiser_core.club.players import check_names, pair_name
from kaiser_core.errors import KaiserError
from kaiser_core.rules import Rules

ID = re.compile(r"^[a-z0-9-]{1,40}$")
FORMATS = ("individual", "pairs")
_EVENT_KEYS = {
    "id",
    "name",
    "format",
    "rounds",
    "hands_per_round",
    "rules",
    "players",
    "pairs",
    "pin",
    "options",
}
MAX_ROUNDS = 99


@dataclass(frozen=True)
class Event:
    """One evening's event: who plays, how many rounds, under which rules."""

    id: str
    name: str
    format: str
    rounds: int
    rules: Rules
    pin: str
    hands_per_round: int | None = None
    players: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()

    @property
    def entrants(self) -> tuple[str, ...]:
        """The names the standings rank: the players, or the pairs as ``"Ann & Bob"``."""
        if self.format == "pairs":
            return tuple(pair_name(p) for p in self.pairs)
        return self.players

    @property
    def members(self) -> dict[str, tuple[str, ...]]:
        """Each entrant's name to its players (one, or the pair)."""
        if self.format == "pairs":
            return {pair_name(p): p for p in self.pairs}
        return {p: (p,) for p in self.players}

    def summary(self) -> dict[str, Any]:
        """The event's fields of ``GET /api/event`` (without the round and the seating)."""
        out: dict[str, Any] = {
            "id": self.id,
            "name": self.name,
            "format": self.format,
            "rounds": self.rounds,
        }
        if self.format == "pairs":
            out["pairs"] = [list(p) for p in self.pairs]
        else:
            out["players"] = list(self.players)
        return out


def _int(data: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise EventError(f"event.{key} must be a whole number from {low} to {high}, not {value!r}")
    return value


def _str(data: Mapping[str, Any], key: str, longest: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise EventError(f"event.{key} must be text of 1 to {longest} characters, not {value!r}")
    return value


def _pairs(raw: object) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, list) or len(raw) < 2:
        raise EventError('event.pairs must be a list of at least 2 pairs like ["Ann", "Bob"]')
    pairs = []
    for i, pair in enumerate(raw):
        if not isinstance(pair, list) or len(pair) != 2:
            raise EventError(f"event.pairs[{i + 1}] must be a list of two names")
        pairs.append(pair)
    flat = check_names([n for p in pairs for n in p], "event.pairs")
    return tuple((flat[2 * i], flat[2 * i + 1]) for i in range(len(pairs)))


def most_rounds(format: str, count: int) -> int:
    """The most rounds the seating can give without two players partnering twice."""
    if format == "pairs":
        return MAX_ROUNDS
    return count - 1 if count % 2 == 0 else count


def parse_event(data: object) -> Event:
    """The event from the decoded TOML; raises EventError (one line, naming the key)."""
    if not isinstance(data, Mapping):
        raise EventError("the event file must be a TOML table")
    unknown = set(data) - {"event", "broker"}
    if unknown:
        raise EventError(f"unknown table [{sorted(unknown)[0]}] (the event file has [event])")
    raw = data.get("event")
    if not isinstance(raw, Mapping):
        raise EventError("the event file has no [event] table")
    extra = set(raw) - _EVENT_KEYS
    if extra:
        raise EventError(f"unknown key event.{sorted(extra)[0]}")
    ident = raw.get("id")
    if not isinstance(ident, str) or not ID.match(ident):
        raise EventError(f"event.id must be 1 to 40 of a-z, 0-9 and -, not {ident!r}")
    name = _str(raw, "name", 80)
    fmt = raw.get("format", "individual")
    if fmt not in FORMATS:
        raise EventError(f"event.format must be individual or pairs, not {fmt!r}")
    pin = _str(raw, "pin", 64)
    hands = _int(raw, "hands_per_round", 1, 1000) if "hands_per_round" in raw else None
    try:
        rules = Rules.from_spec(
            {"profile": raw.get("rules", "standard"), "options": dict(raw.get("options", {}))}
        )
    except (KaiserError, TypeError, ValueError) as err:
        raise EventError(f"event.rules: {err}") from None
    players: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    if fmt == "individual":
        if "pairs" in raw:
            raise EventError('event.pairs is for format = "pairs"; individual lists players')
        players = check_names(raw.get("players"), "event.players")
        if len(players) < 4:
            raise EventError(f"event.players: {len(players)} players, at least 4 are needed")
        count = len(players)
    else:
        if "players" in raw:
            raise EventError('event.players is for format = "individual"; pairs lists pairs')
        pairs = _pairs(raw.get("pairs"))
        count = len(pairs)
    rounds = _int(raw, "rounds", 1, most_rounds(fmt, count))
    return Event(ident, name, fmt, rounds, rules, pin, hands, players, pairs)


@functools.lru_cache(maxsize=8)  # asked for every message the director checks
def round_rules(event: Event) -> Rules:
    """The rules of each round: the event's plus ``max_hands = hands_per_round`` (RULES.md).

    Raises KaiserError when the event's rules cannot take that many hands.
    """
    if event.hands_per_round is None:
        return event.rules
    return event.rules.replace(max_hands=event.hands_per_round)
