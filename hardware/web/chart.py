"""The chart of both totals by hand (SVG drawn here), its words in the page's language."""

from __future__ import annotations

from collections.abc import Sequence

from hardware.web.layout import esc, num
from hardware.web.texts import T, Texts

TEAMS = ("NS", "EW")


def chart_svg(
    points: Sequence[tuple[int, int]],
    labels: tuple[str, str] = ("NS", "EW"),
    target: int | None = None,
    t: Texts = T,
    width: int = 640,
    height: int = 320,
) -> str:
    """An SVG line chart of both totals by hand, one point per hand; labels are escaped."""
    pad_l, pad_r, pad_t, pad_b = 40, 12, 12, 28
    values = [v for p in points for v in p] + [0] + ([target] if target is not None else [])
    low, high = min(values), max(values)
    if high == low:
        high = low + 1
    n = max(len(points), 1)
    plot_w, plot_h = width - pad_l - pad_r, height - pad_t - pad_b

    def x(i: int) -> float:
        return pad_l + plot_w * (i + 1) / n

    def y(v: int) -> float:
        return pad_t + plot_h * (high - v) / (high - low)

    def tick(at_x: float, at_y: float, text: str, end: bool = True) -> str:
        anchor = ' text-anchor="end"' if end else ""
        return f'<text class="tick" x="{at_x:g}" y="{at_y:.1f}"{anchor}>{esc(text)}</text>'

    title = t.chart_title.format(ns=labels[0], ew=labels[1])
    parts = [
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg" preserveAspectRatio="xMidYMid meet">',
        f"<title>{esc(title)}</title>",
        f'<line class="axis" x1="{pad_l}" y1="{y(0):.1f}" x2="{width - pad_r}" y2="{y(0):.1f}"/>',
        tick(pad_l - 4, y(high) + 4, num(high, t)),
        tick(pad_l - 4, y(low) + 4, num(low, t)),
    ]
    if target is not None:
        parts.append(
            f'<line class="target" x1="{pad_l}" y1="{y(target):.1f}" x2="{width - pad_r}" '
            f'y2="{y(target):.1f}"/>' + tick(width - pad_r, y(target) - 4, num(target, t))
        )
    for k, team in enumerate(TEAMS):
        cls = team.lower()
        coords = [(pad_l, y(0))] + [(x(i), y(p[k])) for i, p in enumerate(points)]
        line = " ".join(f"{a:.1f},{b:.1f}" for a, b in coords)
        parts.append(f'<polyline class="line {cls}" points="{line}"/>')
        for i, p in enumerate(points):
            said = t.chart_point.format(team=labels[k], total=num(p[k], t), hand=i + 1)
            parts.append(
                f'<circle class="pt {cls}" cx="{x(i):.1f}" cy="{y(p[k]):.1f}" r="4">'
                f"<title>{esc(said)}</title></circle>"
            )
    parts.append(
        tick(pad_l, height - 8, t.chart_hand.format(hand=1), end=False)
        + tick(width - pad_r, height - 8, t.chart_hand.format(hand=len(points)))
        + "</svg>"
    )
    return "".join(parts)


__all__ = ["chart_svg"]
