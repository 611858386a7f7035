"""The page shell and small HTML helpers; every value shown goes through ``esc``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

STATIC = "/static"


def esc(value: object) -> str:
    """Text as HTML, quotes included (names are data, never markup)."""
    return escape(str(value), quote=True)


def num(value: object) -> str:
    """A score as the page shows it: ``–`` for none, whole floats without ``.0``."""
    if value is None:
        return "–"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def pct(value: float | None) -> str:
    """A rate from 0 to 1 as a whole percentage, ``–`` for none."""
    return "–" if value is None else f"{round(value * 100)}%"


def table(head: Sequence[str], rows: Iterable[Sequence[str]], attrs: str = "") -> str:
    """A scrollable table; ``head`` is plain text, ``rows`` cells are HTML already escaped."""
    th = "".join(f"<th>{esc(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<div class="scroll"><table {attrs}><thead><tr>{th}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def page(
    title: str,
    body: str,
    *,
    nav: Sequence[tuple[str, str]] = (),
    tv: bool = False,
    scripts: Sequence[str] = (),
    refresh: int | None = None,
    static: str = STATIC,
    data: str = "",
) -> str:
    """A whole page: head, navigation, ``body`` (HTML) and deferred local scripts."""
    links = "".join(f'<a href="{esc(href)}">{esc(text)}</a>' for text, href in nav)
    noscript = (
        f'<noscript><meta http-equiv="refresh" content="{refresh}"></noscript>' if refresh else ""
    )
    js = "".join(f'<script src="{esc(static)}/{esc(s)}" defer></script>' for s in scripts)
    cls = ' class="tv"' if tv else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title>"
        f'<link rel="stylesheet" href="{esc(static)}/site.css">{noscript}{js}</head>'
        f"<body{cls}{data}><header><h1>{esc(title)}</h1><nav>{links}</nav></header>"
        f"<main>{body}</main></body></html>"
    )


__all__ = ["STATIC", "esc", "num", "page", "pct", "table"]
