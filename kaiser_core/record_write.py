"""The game record written back: a game as GAME_RECORD.md's record and its result object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kaiser_core.cards import TEAMS, Seat, Team
from kaiser_core.game import Game
from kaiser_core.hand import ByTeam, ByTrick, Entry, Hand, Redeal
from kaiser_core.rules import Rules

FORMAT = "kaiser-game/1"
#: The trump of a suit contract under ``trump_by_first_lead`` (GAME_RECORD.md).
FIRST_LEAD = "first-lead"


def _teams(values: Mapping[Team, int]) -> dict[str, int]:
    return {team.code: values[team] for team in TEAMS}


def result_json(game: Game) -> dict[str, Any]:
    """The scored game as GAME_RECORD.md's result object."""
    hands: list[dict[str, Any]] = []
    for r in game.results:
        if not isinstance(r.entry, Hand):
            hands.append({"dealer": r.dealer.code, "redeal": True})
            continue
        assert r.score is not None
        c = r.entry.contract
        trump = r.entry.trump_in_play(game.rules)
        shown = trump.code if trump else None
        if shown is None and game.rules.trump_by_first_lead and not c.bid.no_trump:
            shown = FIRST_LEAD
        hands.append(
            {
                "dealer": r.dealer.code,
                "redeal": False,
                "contract": {
                    "bidder": c.bidder.code,
                    "team": c.team.code,
                    "bid": c.bid.number,
                    "no_trump": c.bid.no_trump,
                    "trump": shown,
                },
                "raw": _teams(r.score.raw),
                "made": r.score.made,
                "delta": _teams(r.score.delta),
                "totals": _teams(r.totals),
                "revokes": [rv.to_json() for rv in r.revokes],
            }
        )
    return {
        "hands": hands,
        "totals": _teams(game.totals),
        "winner": game.winner.code if game.winner else None,
        "skunk": game.skunk,
        "next_dealer": game.dealer.code,
    }


def _who(who: Seat | Team) -> str:
    return who.code


def entry_json(entry: Entry, rules: Rules | None = None) -> dict[str, Any]:
    """One entry in the record's hand form (``rules``: those of its game, which say how a
    suit contract's trump is written under ``trump_by_first_lead``)."""
    if isinstance(entry, Redeal):
        return {"auction": ["pass"] * 4} if entry.passed else {"redeal": True}
    out: dict[str, Any] = {}
    if entry.auction is not None:
        out["auction"] = ["pass" if c is None else c.code for c in entry.auction]
    c = entry.contract
    out["contract"] = {"bidder": c.bidder.code, "bid": c.bid.number, "no_trump": c.bid.no_trump}
    if entry.trump is not None:
        out["trump"] = entry.trump.code
    elif rules is not None and rules.trump_by_first_lead and not c.bid.no_trump:
        out["trump"] = FIRST_LEAD
    if entry.low:
        out["low"] = True
    res = entry.result
    if isinstance(res, ByTrick):
        out["tricks"] = [s.code for s in res.winners]
        out["five_hearts"] = _who(res.five_hearts)
        out["three_spades"] = _who(res.three_spades)
    elif isinstance(res, ByTeam):
        out["taken"] = {"NS": res.tricks_ns, "EW": res.tricks_ew}
        out["five_hearts"] = res.five_hearts.code
        out["three_spades"] = res.three_spades.code
    else:
        out["plays"] = [[card.code for card in trick] for trick in res.tricks]
    return out


def record_json(
    rules: Rules,
    first_dealer: Seat,
    entries: Sequence[Entry],
    names: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """A game record (GAME_RECORD.md) for these rules and entries."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": rules.to_spec(),
        "first_dealer": first_dealer.code,
    }
    if names:
        out["names"] = dict(names)
    out["hands"] = [entry_json(e, rules) for e in entries]
    return out
