"""The score sheet, the statistics and the history pages, from plain data.

``sheet`` is ``kaiser_core.sheet.build_sheet``'s output, or the director's
``/api/tables/<n>/rounds/<r>`` body (``score``'s output plus ``names``; then without why).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hardware.web.layout import STATIC, esc, num, page, pct, table
from hardware.web.texts import T
from kaiser_core.sheet import chart_points, chart_svg, team_label


def _contract(c: Mapping[str, Any]) -> str:
    what = "NT" if c["no_trump"] else (c.get("trump") or "")
    return f"{c['bidder']} {c['bid']} {what}".strip()


def sheet_html(sheet: Mapping[str, Any]) -> str:
    """Every hand (contract, made or set, raw points, change, totals, why) and the chart."""
    names = sheet.get("names") or {}
    ns, ew = team_label(names, "NS"), team_label(names, "EW")
    head = list(T.sheet_head)
    rows = []
    for h in sheet.get("hands", []):
        why = "<br>".join(esc(w) for w in h.get("why", []))
        if h.get("redeal"):
            rows.append(["", esc(h["dealer"]), esc(T.redeal), "", "", "", "", "", "", "", why])
            continue
        rows.append(
            [
                esc(h.get("number", "")),
                esc(h["dealer"]),
                esc(_contract(h["contract"])),
                f'<span class="made">{esc(T.made)}</span>'
                if h["made"]
                else f'<span class="set">{esc(T.set_)}</span>',
                esc(h["raw"]["NS"]),
                esc(h["raw"]["EW"]),
                esc(f"{h['delta']['NS']:+d}"),
                esc(f"{h['delta']['EW']:+d}"),
                f"<b>{esc(h['totals']['NS'])}</b>",
                f"<b>{esc(h['totals']['EW'])}</b>",
                why,
            ]
        )
    totals = sheet.get("totals", {"NS": 0, "EW": 0})
    winner = sheet.get("winner")
    state = T.team_won.format(team=team_label(names, winner)) if winner else T.goes_on
    if sheet.get("skunk"):
        state += T.skunk
    seats = ", ".join(f"{s}: {names[s]}" for s in "NESW" if s in names)
    seats = seats or f"NS: {ns}, EW: {ew}"
    rules = "; ".join(sheet.get("rules", []))
    svg = chart_svg(chart_points(sheet.get("hands", [])), (ns, ew), sheet.get("target"))
    return (
        f'<section class="sheet"><p class="result"><b>{esc(ns)} {esc(totals["NS"])}</b> – '
        f"<b>{esc(ew)} {esc(totals['EW'])}</b>: {esc(state)}</p>"
        + (f'<p class="seats">{esc(seats)}</p>' if seats else "")
        + (f'<p class="rules">{esc(T.rules_line.format(rules=rules))}</p>' if rules else "")
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
) -> str:
    """The score sheet as a whole page."""
    return page(title, sheet_html(sheet), nav=nav, tv=tv, static=static)


def stats_html(rows: Sequence[Mapping[str, Any]], ident: str = "stats", cycle: bool = True) -> str:
    """The statistics table of ``kaiser_core.stats.player_stats`` rows."""
    head = list(T.stats_head)
    body = []
    for r in rows:
        partners = ", ".join(f"{p['name']} {p['won']}/{p['games']}" for p in r["partners"])
        body.append(
            [
                f'<span class="name">{esc(r["name"])}</span>',
                esc(r["games"]),
                esc(r["won"]),
                esc(r["hands"]),
                esc(f"{r['bids_made']} / {r['bids_taken']}"),
                esc(f"{r['nt_made']} / {r['nt_taken']}"),
                esc(num(r["avg_as_bidder"])),
                esc(num(r["avg_as_defender"])),
                esc(pct(r["set_rate"])),
                esc(partners or "–"),
            ]
        )
    if not body:
        return f"<p>{esc(T.no_game_yet)}</p>"
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
) -> str:
    """The statistics as a whole page."""
    return page(title, stats_html(rows), nav=nav, tv=tv, static=static)


def history_html(games: Sequence[Mapping[str, Any]]) -> str:
    """Every game: ``{"href", "number", "names", "rules", "hands", "totals", "winner"}``."""
    body = []
    for g in games:
        names = g.get("names") or {}
        ns, ew = team_label(names, "NS"), team_label(names, "EW")
        winner = g.get("winner")
        body.append(
            [
                f'<a href="{esc(g["href"])}">{esc(T.game_n.format(number=g["number"]))}</a>',
                f"{esc(ns)} – {esc(ew)}",
                esc(g.get("rules", "")),
                esc(g["hands"]),
                esc(f"{g['totals']['NS']} – {g['totals']['EW']}"),
                esc(team_label(names, winner) if winner else T.history_goes_on),
            ]
        )
    if not body:
        return f"<p>{esc(T.no_game_yet)}</p>"
    head = list(T.history_head)
    return table(head, body, 'id="history"')


__all__ = ["history_html", "sheet_html", "sheet_page", "stats_html", "stats_page"]
