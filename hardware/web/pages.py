"""The score sheet, the statistics and the history pages, from plain data.

``sheet`` is ``kaiser_core.sheet.build_sheet``'s output, or the director's
``/api/tables/<n>/rounds/<r>`` body (``score``'s output plus ``names``; then without why).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hardware.web.chart import chart_svg
from hardware.web.club import seat_code, team_code
from hardware.web.layout import STATIC, esc, num, page, pct, signed, table
from hardware.web.texts import T, Texts
from hardware.web.why import profile_of, profile_words, rules_words, why_lines
from kaiser_core.sheet import chart_points, team_label

#: Trumps as the cards show them: the same in every language.
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _contract(c: Mapping[str, Any], t: Texts) -> str:
    trump = c.get("trump") or ""
    # under trump_by_first_lead a hand not given card by card has no suit: "first-lead"
    what = t.no_trump_short if c["no_trump"] else SUITS.get(trump, "")
    return f"{seat_code(t, c['bidder'])} {c['bid']} {what}".strip()


def team_name(names: Mapping[str, str], team: str, t: Texts = T) -> str:
    """A team's name (``team_label``), its code written in ``t``'s language when unnamed."""
    label = team_label(names, team)
    return team_code(t, label) if label == team else label


def sheet_html(sheet: Mapping[str, Any], t: Texts = T, hand_href: str = "") -> str:
    """Every hand (contract, made or set, raw points, change, totals, why) and the chart;
    ``hand_href`` (``/games/3/hands/{number}``): each played hand's why links to its page."""
    names = sheet.get("names") or {}
    ns, ew = team_name(names, "NS", t), team_name(names, "EW", t)
    head = list(t.sheet_head)
    profile = profile_of(list(sheet.get("rules", [])))
    rows = []
    for h in sheet.get("hands", []):
        why = "<br>".join(esc(w) for w in why_lines(list(h.get("why", [])), t, profile))
        if h.get("redeal"):
            dealer = esc(seat_code(t, h["dealer"]))
            rows.append(["", dealer, esc(t.redeal), "", "", "", "", "", "", "", why])
            continue
        if hand_href:
            href = esc(hand_href.format(number=h["number"]))
            # one element: a phone's card lays a cell's children out side by side
            why = f'<span>{why}<br><a class="steps" href="{href}">{esc(t.why_link)}</a></span>'
        rows.append(
            [
                esc(h.get("number", "")),
                esc(seat_code(t, h["dealer"])),
                esc(_contract(h["contract"], t)),
                f'<span class="made">{esc(t.made)}</span>'
                if h["made"]
                else f'<span class="set">{esc(t.set_)}</span>',
                esc(num(h["raw"]["NS"], t)),
                esc(num(h["raw"]["EW"], t)),
                esc(signed(h["delta"]["NS"], t)),
                esc(signed(h["delta"]["EW"], t)),
                f"<b>{esc(num(h['totals']['NS'], t))}</b>",
                f"<b>{esc(num(h['totals']['EW'], t))}</b>",
                why,
            ]
        )
    totals = sheet.get("totals", {"NS": 0, "EW": 0})
    winner = sheet.get("winner")
    state = t.team_won.format(team=team_name(names, winner, t)) if winner else t.goes_on
    if sheet.get("skunk"):
        state += t.skunk
    seats = ", ".join(f"{seat_code(t, s)}: {names[s]}" for s in "NESW" if s in names)
    if not seats:  # the teams' names, where they have one ("NS: NS" says nothing)
        teams = ((team_code(t, "NS"), ns), (team_code(t, "EW"), ew))
        seats = ", ".join(f"{code}: {name}" for code, name in teams if name != code)
    rules = rules_words(list(sheet.get("rules", [])), t) if sheet.get("rules") else ""
    svg = chart_svg(chart_points(sheet.get("hands", [])), (ns, ew), sheet.get("target"), t)
    return (
        f'<section class="sheet"><p class="result"><b>{esc(ns)} {esc(num(totals["NS"], t))}</b> – '
        f"<b>{esc(ew)} {esc(num(totals['EW'], t))}</b>: {esc(state)}</p>"
        + (f'<p class="seats">{esc(seats)}</p>' if seats else "")
        + (f'<p class="rules">{esc(t.rules_line.format(rules=rules))}</p>' if rules else "")
        + table(head, rows, 'id="sheet" class="sheet"')
        + f'<figure class="chart">{svg}<figcaption><span class="key ns"></span>{esc(ns)} '
        f'<span class="key ew"></span>{esc(ew)}</figcaption></figure></section>'
    )


def sheet_page(
    sheet: Mapping[str, Any],
    title: str = "Score sheet",
    *,
    nav: Sequence[tuple[str, str]] = (),
    tv: bool = False,
    static: str = STATIC,
    t: Texts = T,
) -> str:
    """The score sheet as a whole page."""
    return page(title, sheet_html(sheet, t), nav=nav, tv=tv, static=static)


def stats_html(
    rows: Sequence[Mapping[str, Any]], ident: str = "stats", cycle: bool = True, t: Texts = T
) -> str:
    """The statistics table of ``kaiser_core.stats.player_stats`` rows."""
    head = list(t.stats_head)
    body = []
    for r in rows:
        partners = ", ".join(f"{p['name']} {p['won']}/{p['games']}" for p in r["partners"])
        count = [esc(num(r[k], t)) for k in ("games", "won", "hands")]
        body.append(
            [
                f'<span class="name">{esc(r["name"])}</span>',
                *count,
                esc(f"{r['bids_made']} / {r['bids_taken']}"),
                esc(f"{r['nt_made']} / {r['nt_taken']}"),
                esc(num(r["avg_as_bidder"], t)),
                esc(num(r["avg_as_defender"], t)),
                esc(pct(r["set_rate"], t)),
                esc(partners or "–"),
            ]
        )
    if not body:
        return f"<p>{esc(t.no_game_yet)}</p>"
    mark = " data-cycle" if cycle else ""
    return (
        f'<section id="{ident}-section"{mark}>'
        + table(head, body, f'id="{ident}" class="stats"')
        + "</section>"
    )


def stats_page(
    rows: Sequence[Mapping[str, Any]],
    title: str = "Statistics",
    *,
    nav: Sequence[tuple[str, str]] = (),
    tv: bool = False,
    static: str = STATIC,
    t: Texts = T,
) -> str:
    """The statistics as a whole page."""
    return page(title, stats_html(rows, t=t), nav=nav, tv=tv, static=static)


def history_html(games: Sequence[Mapping[str, Any]], t: Texts = T) -> str:
    """Every game: ``{"href", "number", "names", "rules", "hands", "totals", "winner"}``."""
    body = []
    for g in games:
        names = g.get("names") or {}
        ns, ew = team_name(names, "NS", t), team_name(names, "EW", t)
        winner = g.get("winner")
        body.append(
            [
                f'<a href="{esc(g["href"])}">{esc(t.game_n.format(number=g["number"]))}</a>',
                f"{esc(ns)} – {esc(ew)}",
                esc(profile_words(str(g.get("rules", "")), t)),
                esc(num(g["hands"], t)),
                esc(f"{num(g['totals']['NS'], t)} – {num(g['totals']['EW'], t)}"),
                esc(team_name(names, winner, t) if winner else t.history_goes_on),
            ]
        )
    if not body:
        return f"<p>{esc(t.no_game_yet)}</p>"
    head = list(t.history_head)
    return table(head, body, 'id="history"')


__all__ = [
    "history_html",
    "sheet_html",
    "sheet_page",
    "stats_html",
    "stats_page",
    "team_name",
]
