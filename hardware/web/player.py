"""A player's page: every night, the partners, the rating over time (an SVG chart drawn
here, no script) and the lifetime records, from the league's ``player`` body."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hardware.web.layout import esc, num, table
from hardware.web.league import records_html
from hardware.web.links import Links
from hardware.web.texts import T, Texts


def rating_svg(
    points: Sequence[Mapping[str, Any]],
    name: str,
    night_names: Mapping[str, str],
    t: Texts = T,
    width: int = 640,
    height: int = 240,
) -> str:
    """The rating after each round played, as a line; each point says when (escaped)."""
    pad_l, pad_r, pad_t, pad_b = 44, 12, 12, 24
    values = [float(p["rating"]) for p in points] or [0.0]
    low, high = min([*values, 0.0]), max([*values, 0.0])
    if high == low:
        high = low + 1
    n = max(len(points), 1)
    plot_w, plot_h = width - pad_l - pad_r, height - pad_t - pad_b

    def x(i: int) -> float:
        return pad_l + plot_w * (i + 1) / n

    def y(v: float) -> float:
        return pad_t + plot_h * (high - v) / (high - low)

    def tick(at_y: float, value: float) -> str:
        label = esc(num(round(value, 1), t))
        at = f'x="{pad_l - 4}" y="{at_y + 4:.1f}"'
        return f'<text class="tick" {at} text-anchor="end">{label}</text>'

    title = t.rating_title.format(name=name)
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values[: len(points)]))
    parts = [
        f'<svg class="chart rating" viewBox="0 0 {width} {height}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet">',
        f"<title>{esc(title)}</title>",
        f'<line class="axis" x1="{pad_l}" y1="{y(0):.1f}" x2="{width - pad_r}" y2="{y(0):.1f}"/>',
        tick(y(high), high),
        tick(y(low), low),
        f'<polyline class="line ns" points="{line}"/>' if points else "",
    ]
    for i, p in enumerate(points):
        night = night_names.get(p["event"], p["event"])
        said = t.rating_point.format(rating=num(p["rating"], t), night=night, round=p["round"])
        parts.append(
            f'<circle class="pt ns" cx="{x(i):.1f}" cy="{y(float(p["rating"])):.1f}" r="3">'
            f"<title>{esc(said)}</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)


def player_html(
    body: Mapping[str, Any], night_names: Mapping[str, str], links: Links, t: Texts = T
) -> str:
    """The whole page's body for one player."""
    name = str(body["name"])
    rating = body.get("rating")
    head = ""
    if rating:
        mark = f" ({t.provisional})" if rating["provisional"] else ""
        head = (
            f'<p class="rating-now">{esc(t.ratings_head[2])}: <b>{esc(num(rating["rating"], t))}'
            f"</b>{esc(mark)} · {esc(t.ratings_head[0])}{esc(rating['rank'])}</p>"
        )
    nights = [
        [
            f'<a href="{esc(links.night(n["event"]))}">{esc(n["night"])}</a>',
            esc(n["rank"]),
            f"<b>{esc(num(n['total'], t))}</b>",
            esc(n["won"]),
        ]
        for n in body.get("nights", [])
    ]
    partners = [
        [f'<a href="{esc(links.player(p["name"]))}">{esc(p["name"])}</a>', esc(p["games"]),
         esc(p["won"])]
        for p in body.get("partners", [])
    ]  # fmt: skip
    svg = rating_svg(body.get("rating_history", []), name, night_names, t)
    records = body.get("records")
    return (
        head
        + f'<section id="player-nights"><h2>{esc(t.every_night)}</h2>'
        + table(list(t.nights_head), nights, 'id="nights" class="nights"')
        + f'</section><section id="player-partners"><h2>{esc(t.partners)}</h2>'
        + table(list(t.partners_head), partners, 'id="partners" class="partners"')
        + f'</section><section id="player-rating"><h2>{esc(t.rating_chart)}</h2>'
        + f'<figure class="chart">{svg}</figure></section>'
        + (records_html([records], night_names, links, t) if records else "")
    )


__all__ = ["player_html", "rating_svg"]
