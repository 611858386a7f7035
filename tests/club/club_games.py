"""Random but valid club games (GAME_RECORD.md, ``taken`` form) and an independent re-score."""

from __future__ import annotations

import random
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from kaiser_core.record import score_record

SEATS = "NESW"


def random_hand(rng: random.Random) -> dict[str, Any]:
    """One played hand: a bid of 6 to 9, tricks split, the specials to a team with a trick."""
    ns = rng.randint(0, 8)
    teams = [t for t, n in (("NS", ns), ("EW", 8 - ns)) if n]
    return {
        "contract": {"bidder": rng.choice(SEATS), "bid": rng.randint(6, 9)},
        "taken": {"NS": ns, "EW": 8 - ns},
        "five_hearts": rng.choice(teams),
        "three_spades": rng.choice(teams),
    }


#: The rules of a round of the tests' venue (club_venue.event_toml: "standard", 4 hands a
#: round): the event's rules plus max_hands (CLUB.md).
ROUND_RULES: dict[str, Any] = {"profile": "standard", "options": {"max_hands": 4}}


def record(seats: list[str], hands: list[dict[str, Any]], rules: Any = None) -> dict[str, Any]:
    """A game record with these four players on N, E, S, W."""
    return {
        "format": "kaiser-game/1",
        "rules": ROUND_RULES if rules is None else rules,
        "first_dealer": "N",
        "names": dict(zip(SEATS, seats, strict=True)),
        "hands": hands,
    }


def play(rng: random.Random, seats: list[str], hands: int) -> list[dict[str, Any]]:
    """The record after each hand, until a winner or ``hands`` hands."""
    out: list[dict[str, Any]] = []
    played: list[dict[str, Any]] = []
    while len(played) < hands:
        played.append(random_hand(rng))
        rec = record(seats, list(played))
        out.append(rec)
        if score_record(rec)["winner"]:
            break
    return out


def rescore(
    players: list[str],
    rounds: int,
    games: dict[tuple[int, int], Any],
    seating: list[dict[str, Any]],
    ended: set[int],
) -> dict[str, Any]:
    """Standings worked out from the records alone, the plain way (CLUB.md's rules)."""
    score: dict[str, list[Decimal | None]] = {p: [None] * rounds for p in players}
    won = dict.fromkeys(players, 0)
    done: dict[str, list[Decimal]] = {p: [] for p in players}
    for message in seating:
        r = message["round"]
        for t, seats in message["tables"].items():
            rec = games.get((int(t), r))
            result = score_record(rec) if rec else {"totals": {"NS": 0, "EW": 0}, "winner": None}
            names = rec["names"] if rec else dict(zip(SEATS, seats, strict=True))
            winner = result["winner"]
            finished = winner is not None or r in ended
            if winner is None and r in ended:
                ns, ew = result["totals"]["NS"], result["totals"]["EW"]
                winner = "NS" if ns > ew else "EW" if ew > ns else None
            for seat, name in names.items():
                team = "NS" if seat in "NS" else "EW"
                score[name][r - 1] = Decimal(result["totals"][team])
                if finished:
                    done[name].append(Decimal(result["totals"][team]))
                if winner == team:
                    won[name] += 1
    for message in seating:
        for name in message["sitting_out"]:
            scores = done[name]
            mean = sum(scores) / len(scores) if scores else Decimal(0)
            score[name][message["round"] - 1] = mean.quantize(Decimal("0.1"), ROUND_HALF_UP)
    totals = {p: sum(s for s in score[p] if s is not None) for p in players}
    order = sorted(players, key=lambda p: (-totals[p], -won[p], p.casefold()))

    def num(d: Decimal | None) -> int | float | None:
        return None if d is None else int(d) if d == d.to_integral() else float(d)

    rows = [
        {
            "rank": i,
            "name": p,
            "total": num(totals[p]),
            "rounds": [num(s) for s in score[p]],
            "won": won[p],
        }
        for i, p in enumerate(order, 1)
    ]
    return {"round": len(seating), "rows": rows}
