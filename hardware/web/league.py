"""The league's pages (CLUB.md "Seasons and ratings"): a season's table, a night, the
ratings, the awards and the lifetime records, from the API's JSON bodies.

Every page comes in three views: the page, ``tv`` (large, with a QR code of the page) and
``print`` (no navigation, with the QR code); a static site's pages carry the code for print.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hardware.web.layout import STATIC, esc, num, page, table
from hardware.web.links import Links
from hardware.web.qr import qr_figure
from hardware.web.texts import T, Texts
from kaiser_core.club.season import Season, counted_events

VIEWS = ("", "tv", "print")


def _name(links: Links, name: str) -> str:
    return f'<a class="name" href="{esc(links.player(name))}">{esc(name)}</a>'


def _names(links: Links, names: Sequence[str]) -> str:
    return " &amp; ".join(_name(links, n) for n in names)


def season_html(
    body: Mapping[str, Any],
    season: Season,
    night_names: Mapping[str, str],
    links: Links,
    t: Texts = T,
) -> str:
    """The season table: qualified rows marked (✓, class ``qualified``), the nights that
    count in bold (class ``counted``), each night's column linked to the night (a night the
    season names but the database does not hold yet is not linked: it has no page)."""
    events = list(body.get("events", []))
    head = [t.col_rank, t.col_name, t.col_total, t.col_counted, t.col_qualified]
    heads = "".join(f"<th>{esc(h)}</th>" for h in head)
    for i, e in enumerate(events, 1):
        label = esc(t.col_night.format(night=i))
        title = esc(night_names.get(e, e))
        if e in night_names:  # a night of the season's file not played yet has no page
            heads += f'<th><a href="{esc(links.night(e))}" title="{title}">{label}</a></th>'
        else:
            heads += f'<th title="{title}">{label}</th>'
    rows = []
    for r in body.get("rows", []):
        counted = counted_events(season, r["events"])
        cells = [
            esc(r["rank"]),
            _name(links, r["name"]),
            f"<b>{esc(num(r['total'], t))}</b>",
            esc(r["counted"]),
            "✓" if r["qualified"] else "",
        ]
        for i, v in enumerate(r["events"]):
            text = esc(num(v, t))
            cells.append(f'<b class="counted">{text}</b>' if i in counted else text)
        cls = "qualified" if r["qualified"] else "unqualified"
        rows.append(f'<tr class="{cls}">' + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    key = t.season_key.format(least=season.min_events)
    return (
        f'<section id="season-section"><p class="note">{esc(key)}</p>'
        f'<div class="scroll"><table id="season" class="season"><thead><tr>{heads}</tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table></div></section>"
    )


def _where(a: Mapping[str, Any], night_names: Mapping[str, str], links: Links, t: Texts) -> str:
    night = night_names.get(a["event"], a["event"])
    text = t.aw_where.format(night=night, table=a["table"], round=a["round"])
    return f'<a href="{esc(links.sheet(a["event"], a["table"], a["round"]))}">{esc(text)}</a>'


def awards_html(
    awards: Mapping[str, Any], night_names: Mapping[str, str], links: Links, t: Texts = T
) -> str:
    """The awards: Kaiser bids made, skunks, the biggest set, the best round, most won."""
    items: list[tuple[str, str, list[str]]] = []

    def where(a: Mapping[str, Any]) -> str:
        return _where(a, night_names, links, t)

    kaisers = [f"{_name(links, a['name'])}: {where(a)}" for a in awards.get("kaisers", [])]
    items.append(("kaisers", t.aw_kaisers, kaisers))
    skunks = []
    for a in awards.get("skunks", []):
        line = esc(t.aw_skunk).format(
            winners=_names(links, a["winners"]),
            losers=_names(links, a["losers"]),
            won=esc(num(a["totals"][0], t)),
            lost=esc(num(a["totals"][1], t)),
        )
        skunks.append(f"{line}: {where(a)}")
    items.append(("skunks", t.aw_skunks, skunks))
    sets = [
        esc(t.aw_set_line).format(
            name=_name(links, a["name"]),
            partner=_name(links, a["partner"]),
            points=esc(num(a["points"], t)),
        )
        + f": {where(a)}"
        for a in awards.get("biggest_set", [])
    ]
    items.append(("biggest-set", t.aw_set, sets))
    best = [
        esc(t.aw_best_line).format(names=_names(links, a["names"]), score=esc(num(a["score"], t)))
        + f": {where(a)}"
        for a in awards.get("best_round", [])
    ]
    items.append(("best-round", t.aw_best, best))
    most = awards.get("most_won")
    won = (
        [esc(t.aw_most_line).format(names=_names(links, most["names"]), won=esc(most["won"]))]
        if most
        else []
    )
    items.append(("most-won", t.aw_most, won))
    parts = []
    for ident, title, lines in items:
        shown = "".join(f"<li>{line}</li>" for line in lines) or f"<li>{esc(t.aw_none)}</li>"
        parts.append(f'<h3>{esc(title)}</h3><ul id="aw-{ident}">{shown}</ul>')
    return f'<section id="awards"><h2>{esc(t.awards)}</h2>{"".join(parts)}</section>'


def ratings_html(
    body: Mapping[str, Any], check: Mapping[str, Any] | None, links: Links, t: Texts = T
) -> str:
    """The ratings table, provisional players marked (class ``provisional``)."""
    rows = []
    for r in body.get("rows", []):
        mark = f' <small class="prov">({esc(t.provisional)})</small>' if r["provisional"] else ""
        cells = [
            esc(r["rank"]),
            _name(links, r["name"]) + mark,
            f"<b>{esc(num(r['rating'], t))}</b>",
            esc(num(r["mu"], t)),
            esc(num(r["sigma"], t)),
            esc(r["rounds"]),
        ]
        cls = ' class="provisional"' if r["provisional"] else ""
        rows.append(f"<tr{cls}>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    if not rows:
        return f"<p>{esc(t.no_rating)}</p>"
    heads = "".join(f"<th>{esc(h)}</th>" for h in t.ratings_head)
    notes = [t.ratings_key.format(rounds=10), t.method.format(method=body.get("method", ""))]
    if check and check.get("rounds"):
        notes.append(
            t.check_line.format(
                rounds=check["rounds"],
                accuracy=num(check["accuracy"], t),
                log_loss=num(check["log_loss"], t),
                baseline=num(check["baseline_log_loss"], t),
            )
        )
    return (
        f'<section id="ratings-section"><div class="scroll"><table id="ratings" class="ratings">'
        f"<thead><tr>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
        + "".join(f'<p class="note">{esc(n)}</p>' for n in notes)
        + "</section>"
    )


def records_html(
    rows: Sequence[Mapping[str, Any]], night_names: Mapping[str, str], links: Links, t: Texts = T
) -> str:
    """Every player's lifetime records."""
    body = []
    for r in rows:
        best, most_set, night = r["best_round"], r["biggest_set"], r["best_night"]
        night_text = (
            t.best_night.format(
                rank=night["rank"],
                total=num(night["total"], t),
                night=night_names.get(night["event"], night["event"]),
            )
            if night
            else "–"
        )
        body.append(
            [
                _name(links, r["name"]),
                *(esc(r[k]) for k in ("nights", "rounds", "won", "kaisers", "skunks", "skunked")),
                esc(num(best["score"] if best else None, t)),
                esc(num(most_set["points"] if most_set else None, t)),
                esc(night_text),
            ]
        )
    if not body:
        return ""
    return (
        f'<section id="records-section"><h2>{esc(t.records)}</h2>'
        + table(list(t.records_head), body, 'id="records" class="records"')
        + "</section>"
    )


def index_html(index: Mapping[str, Any], links: Links, t: Texts = T, extra: str = "") -> str:
    """The league's front page: the seasons, the nights and the ratings."""
    seasons = "".join(
        f'<li><a href="{esc(links.season(s["id"]))}">{esc(s["name"])}</a></li>'
        for s in index.get("seasons", [])
    )
    nights = "".join(
        f'<li><a href="{esc(links.night(n["id"]))}">{esc(n["name"])}</a> '
        f"<small>({esc(n['id'])})</small></li>"
        for n in index.get("nights", [])
    )
    return (
        f'<section id="seasons"><h2>{esc(t.seasons)}</h2><ul>{seasons}</ul></section>'
        f'<section id="nights"><h2>{esc(t.nights)}</h2><ul>{nights}</ul></section>'
        f'<p><a href="{esc(links.ratings())}">{esc(t.ratings)}</a></p>{extra}'
    )


def night_html(
    body: Mapping[str, Any],
    sheets: Sequence[tuple[int, int]],
    links: Links,
    t: Texts = T,
) -> str:
    """A night: its standings (players linked), its awards and its score sheets."""
    rows = body.get("rows", [])
    count = max((len(r.get("rounds", [])) for r in rows), default=0)
    head = [t.col_rank, t.col_name, t.col_total]
    head += [t.col_round.format(round=i) for i in range(1, count + 1)] + [t.col_won]
    names = {body["id"]: body["name"]}
    cells = [
        [
            esc(r["rank"]),
            esc(r["name"]),
            f"<b>{esc(num(r['total'], t))}</b>",
            *[esc(num(v, t)) for v in r.get("rounds", [])],
            esc(r["won"]),
        ]
        for r in rows
    ]
    links_html = " ".join(
        f'<a href="{esc(links.sheet(body["id"], tb, rd))}">'
        f"{esc(t.f_round)} {rd}, {esc(t.table_n.format(table=tb))}</a>"
        for tb, rd in sheets
    )
    return (
        f'<section id="night-standings"><h2>{esc(t.standings)}</h2>'
        + table(head, cells, 'id="standings" class="standings"')
        + "</section>"
        + awards_html(body.get("awards", {}), names, links, t)
        + (f'<section id="sheets"><h2>{esc(t.sheets)}</h2><p>{links_html}</p></section>')
    )


def league_page(
    title: str,
    body: str,
    links: Links,
    *,
    view: str = "",
    url: str = "",
    print_href: str = "",
    nav: Sequence[tuple[str, str]] = (),
    t: Texts = T,
    lang: str = "en",
    switch: str = "",
) -> str:
    """A league page in a view: ``tv`` and ``print`` add the QR code of ``url`` (the page's
    own address); a static site's page has it for print only, when its address is known."""
    menu = [] if view == "print" else [(t.league, links.index()), (t.ratings, links.ratings())]
    menu += [] if view == "print" else [(k, h) for k, h in nav if h not in dict(menu).values()]
    if print_href and not view:
        menu.append((t.print_view, print_href))
    code = ""
    if url and view in ("tv", "print"):
        code = qr_figure(url, t)
    elif url and links.site:
        code = qr_figure(url, t, "printonly")
    return page(
        title,
        code + body,
        nav=menu,
        tv=view == "tv",
        static=links.static if links.site else STATIC,
        lang=lang,
        switch=switch,
    )


__all__ = [
    "VIEWS",
    "awards_html",
    "index_html",
    "league_page",
    "night_html",
    "ratings_html",
    "records_html",
    "season_html",
]
