"""One hand's "why" page: its score worked out step by step, in the page's language.

The sheet's "why" lines say what each team scored; this page says it from the start, as a
player would check it at the table: the bid, the tricks, the points counted (tricks, 5♥ +5,
3♠ -3), made or set, what each team scores and why (the sheet's lines: no-trump doubled,
the defenders' cap, a house rule), and each total before and after the hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardware.i18n import CARD_NAMES, card_names
from hardware.web.club import seat_code, team_code
from hardware.web.layout import esc, num, signed
from hardware.web.texts import T, Texts
from hardware.web.why import language_of, profile_of, why_lines

TEAMS = ("NS", "EW")


def _hand(sheet: Mapping[str, Any], number: int) -> Mapping[str, Any] | None:
    return next((h for h in sheet.get("hands", []) if h.get("number") == number), None)


def _parts(count: Mapping[str, Any], team: str, t: Texts) -> str:
    """What ``team``'s points were counted from: ``tricks 7, 5♥ +5, 3♠ -3``."""
    parts = [t.why_part_tricks.format(tricks=num(count["tricks"][team], t))]
    if count.get("five_hearts") == team:
        parts.append(f"5♥\u00a0{signed(5, t)}")  # kept on one line
    if count.get("three_spades") == team:
        parts.append(f"3♠\u00a0{signed(int(count.get('three_value', -3)), t)}")
    return ", ".join(parts)


def steps(hand: Mapping[str, Any], before: Mapping[str, int], profile: str, t: Texts) -> list[str]:
    """The hand's steps, each an HTML list item's content (escaped)."""
    from hardware.web.pages import SUITS

    c, raw = hand["contract"], hand["raw"]
    team, bid = c["team"], num(c["bid"], t)
    code = {k: team_code(t, k) for k in TEAMS}
    suit = SUITS.get(c.get("trump") or "", "")  # none: a first-lead trump not given
    contract = t.why_kind_nt.format(bid=bid) if c["no_trump"] else f"{bid} {suit}".strip()
    out = [
        t.why_step_bid.format(seat=seat_code(t, c["bidder"]), team=code[team], contract=contract)
    ]
    count = hand.get("count")
    if count is not None:  # a sheet of an older version has no count: the points only
        tricks = {k: num(count["tricks"][k], t) for k in TEAMS}
        out.append(t.why_step_tricks.format(ns=code["NS"], ew=code["EW"], ns_tricks=tricks["NS"],
                                            ew_tricks=tricks["EW"]))  # fmt: skip
        out += [
            t.why_step_count.format(team=code[k], raw=num(raw[k], t), parts=_parts(count, k, t))
            for k in (team, "EW" if team == "NS" else "NS")
        ]
    shown = num(raw[team], t)
    if hand["made"]:
        out.append(t.why_step_made.format(team=code[team], bid=bid, raw=shown, made=t.made))
    elif raw[team] < c["bid"]:
        out.append(t.why_step_set.format(team=code[team], bid=bid, raw=shown, set=t.set_))
    else:  # enough points, set by a house rule (12 no-trump alone): its line says which
        out.append(t.why_step_set_rule.format(team=code[team], bid=bid, raw=shown, set=t.set_))
    out = [esc(card_names(s, CARD_NAMES.get((language_of(t), profile)))) for s in out]
    reasons = "".join(f"<li>{esc(w)}</li>" for w in why_lines(list(hand["why"]), t, profile))
    out.append(f"{esc(t.why_step_scores)}<ul>{reasons}</ul>")
    sums = "".join(
        "<li>"
        + esc(
            t.why_step_total.format(
                team=code[k],
                before=num(before[k], t),
                change=signed(hand["delta"][k], t),
                total=num(hand["totals"][k], t),
            )
        )
        + "</li>"
        for k in TEAMS
    )
    out.append(f"{esc(t.why_step_totals)}<ul>{sums}</ul>")
    return out


def hand_why_html(sheet: Mapping[str, Any], number: int, t: Texts = T) -> str | None:
    """Played hand ``number``'s steps as an HTML list (None: the game has no such hand)."""
    hand = _hand(sheet, number)
    if hand is None:
        return None
    before = {"NS": 0, "EW": 0}
    for h in sheet.get("hands", []):
        if h is hand:
            break
        before = dict(h.get("totals", before))
    profile = profile_of(list(sheet.get("rules", [])))
    items = "".join(f"<li>{s}</li>" for s in steps(hand, before, profile, t))
    return f'<section class="why"><ol class="steps">{items}</ol></section>'


__all__ = ["hand_why_html", "steps"]
