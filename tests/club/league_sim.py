"""Simulated club nights written through the director's own code (``Service`` and ``Store``
in this process, no broker): for the league's tests and bench that need many nights.

A game here is one hand (``hands_per_round = 1``): the team that is to win bids 7 and
takes 5 to 8 tricks with the five of hearts and the three of spades, so it ends ahead.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from hardware.director.service import Service
from hardware.director.state import END, NEXT, Director
from hardware.director.store import Store
from kaiser_core.club.event import parse_event

SEATS = "NESW"
RULES = {"profile": "standard", "options": {"max_hands": 1}}
#: Who wins a game: given the four players N, E, S, W, True when NS wins.
Decide = Callable[[Sequence[str]], bool]


def one_hand(seats: Sequence[str], ns_wins: bool, rng: random.Random) -> dict[str, Any]:
    """A finished one-hand game record that ``NS`` (or ``EW``) wins."""
    win, lose = ("NS", "EW") if ns_wins else ("EW", "NS")
    tricks = rng.choice((5, 6, 6, 7, 7, 8))  # 8: the losers end at 0, a skunk
    bidder = rng.choice([s for s in SEATS if s in win])
    hand = {
        "contract": {"bidder": bidder, "bid": 7},
        "taken": {win: tricks, lose: 8 - tricks},
        "five_hearts": win,
        "three_spades": win,
    }
    return {
        "format": "kaiser-game/1",
        "rules": RULES,
        "first_dealer": "N",
        "names": dict(zip(SEATS, seats, strict=True)),
        "hands": [hand],
    }


def logistic(strength: Mapping[str, float], rng: random.Random) -> Decide:
    """NS wins with probability 1 / (1 + exp(-(NS strength - EW strength)))."""

    def decide(seats: Sequence[str]) -> bool:
        diff = strength[seats[0]] + strength[seats[2]] - strength[seats[1]] - strength[seats[3]]
        return rng.random() < 1 / (1 + math.exp(-diff))

    return decide


def event_data(ident: str, players: Sequence[str], rounds: int) -> dict[str, Any]:
    return {
        "event": {
            "id": ident,
            "name": f"Night {ident}",
            "format": "individual",
            "rounds": rounds,
            "hands_per_round": 1,
            "players": list(players),
            "pin": "1",
        }
    }


def play_night(
    db: Path,
    ident: str,
    players: Sequence[str],
    rounds: int,
    decide: Decide,
    rng: random.Random,
    max_games: int | None = None,
) -> int:
    """One night of ``rounds`` rounds, every game finished (at most ``max_games``, the
    rounds after that ended by the director); returns the games played."""

    async def night() -> int:
        store = Store(db, ident)
        service = Service(Director(parse_event(event_data(ident, players, rounds))), store)
        games = 0
        try:
            for number in range(1, rounds + 1):
                service.act(NEXT)
                seating = service.director.seatings[number - 1]
                for table, seats in seating.tables.items():
                    if max_games is not None and games >= max_games:
                        break
                    record = one_hand(seats, decide(seats), rng)
                    body = {"event": ident, "table": table, "round": number, "journal": "j",
                            "rev": 1, "finished": True, "record": record}  # fmt: skip
                    topic = f"kaiser/{ident}/table/{table}/round/{number}/game"
                    service.message(topic, json.dumps(body).encode())
                    games += 1
                if not service.director.ended[number]:
                    service.act(END)
        finally:
            store.close()
        return games

    return asyncio.run(night())
