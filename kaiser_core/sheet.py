"""The score sheet of one game: every hand with its result, its change and why; a chart.

The reasons are worked out from the rules, each hand's scored result and the core's own
``HandScore`` (the cap in force, the house rules' ``reasons``).

>>> s = build_sheet({"names": {"NS": "Us"}, "hands": [{"contract": {"bidder": "E", "bid": 8},
...     "taken": {"NS": 2, "EW": 6}, "five_hearts": "EW", "three_spades": "NS"}]})
>>> s["hands"][0]["why"], s["names"]
(['EW made 8: scores the 11 points taken', 'NS defends: scores its -1 points'], {'NS': 'Us'})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kaiser_core.hand import Hand, Redeal
from kaiser_core.record import parse_record, result_json
from kaiser_core.rules import HOUSE_REASONS, MadeScores, Rules
from kaiser_core.scoring import HandScore


def _other(team: str) -> str:
    return "EW" if team == "NS" else "NS"


def reasons(
    hand: Mapping[str, Any],
    rules: Rules,
    before: Mapping[str, int],
    score: HandScore | None = None,
) -> list[str]:
    """Why a scored hand (a hand of ``score``'s output) changed the totals as it did.

    ``score`` is the core's own score of the hand: with it, the cap and target in force for
    the hand and the house rules' reasons come from the core itself (RULES.md's order).
    """
    if hand.get("redeal"):
        return ["redeal: the same dealer deals again"]
    c = hand["contract"]
    team, bid, nt = c["team"], c["bid"], c["no_trump"]
    defenders = _other(team)
    raw, delta = hand["raw"], hand["delta"]
    out: list[str] = []
    kind = f"{bid} no-trump" if nt else str(bid)
    if hand["made"]:
        mult = rules.nt_made_multiplier if nt else 1
        if rules.made_scores is MadeScores.BID:
            out.append(f"{team} made {kind}: scores the bid ({bid})")
        else:
            out.append(f"{team} made {kind}: scores the {raw[team]} points taken")
        if mult != 1:
            out.append(f"no-trump made: doubled to {delta[team]}")
    else:
        mult = rules.nt_set_multiplier if nt else 1
        out.append(f"{team} set: took {raw[team]} of {bid}, loses {bid}")
        if mult != 1:
            out.append(f"no-trump set: doubled to {delta[team]}")
    core = score.reasons if score is not None else ()
    if score is not None:
        capped = any(r.rule == "defender_cap_at" and r.team.code == defenders for r in core)
        cap = score.cap
    else:
        cap = rules.defender_cap_at
        capped = cap is not None and before[defenders] >= cap and raw[defenders] > 0
    if capped:
        out.append(f"{defenders} at {before[defenders]} (cap {cap}): defenders score nothing")
    else:
        out.append(f"{defenders} defends: scores its {delta[defenders]} points")
    for reason in core:
        if reason.rule in HOUSE_REASONS:
            out.append(reason.text)
    if rules.target_after_nt is not None and nt and hand["made"]:
        out.append(f"no-trump made: the target is now {rules.target_after_nt}")
    for revoke in hand.get("revokes", []):
        out.append(f"revoke: {revoke['seat']} in trick {revoke['trick']}")
    return out


def counted(entry: Hand, rules: Rules) -> dict[str, Any]:
    """What a played hand's points were counted from: each team's tricks, who took 5♥ and
    3♠ (None: no one, discarded) and what 3♠ is worth (the "why" page adds them up)."""
    out = entry.outcome(rules)
    return {
        "tricks": {"NS": out.tricks_ns, "EW": out.tricks_ew},
        "five_hearts": out.five_hearts.code if out.five_hearts else None,
        "three_spades": out.three_spades.code if out.three_spades else None,
        "three_value": rules.three_spades_value,
    }


def house_rules(rules: Rules) -> list[str]:
    """The options that differ from the rules' profile, as ``name = value`` lines."""
    spec = rules.to_spec()
    head = [f"profile {rules.profile}"]
    if isinstance(spec, str):
        return head
    options = spec.get("options", {})
    assert isinstance(options, dict)
    return head + [f"{k} = {_json_value(v)}" for k, v in options.items()]


def _json_value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def build_sheet(record: Mapping[str, Any]) -> dict[str, Any]:
    """A game record's sheet: ``score``'s result plus names, house rules, numbers and why.

    Raises RecordError (a KaiserError) for an invalid record.
    """
    parsed = parse_record(dict(record))
    game = parsed.game()
    out = result_json(game)
    out["names"] = dict(parsed.names)
    out["rules"] = house_rules(parsed.rules)
    out["target"] = game.target
    before = {"NS": 0, "EW": 0}
    played = 0
    for hand, res in zip(out["hands"], game.results, strict=True):
        if not hand["redeal"]:
            played += 1
            hand["number"] = played
            if isinstance(res.entry, Hand):
                hand["count"] = counted(res.entry, parsed.rules)
        hand["why"] = reasons(hand, parsed.rules, before, res.score)
        if isinstance(res.entry, Redeal) and res.entry.passed:
            hand["why"] = ["redeal: all four passed, the same dealer deals again"]
        if res.winner is not None:
            hand["why"].append(f"{res.winner.code} wins: {res.reason}")
        before = dict(hand.get("totals", before))
    if out["skunk"]:
        out["hands"][-1]["why"].append("skunk: the losers are at 0 or below")
    return out


def team_label(names: Mapping[str, str], team: str) -> str:
    """A team's name: its own name, its two seat names, or its code."""
    if team in names:
        return names[team]
    seats = [names[s] for s in team if s in names]
    return " & ".join(seats) if len(seats) == 2 else team


def chart_points(hands: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """Both totals after each played hand (redeals left out)."""
    return [(h["totals"]["NS"], h["totals"]["EW"]) for h in hands if not h.get("redeal")]


__all__ = [
    "build_sheet",
    "chart_points",
    "counted",
    "house_rules",
    "reasons",
    "team_label",
]
