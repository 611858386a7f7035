"""The page shell and small HTML helpers; every value shown goes through ``esc``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from hardware.web.texts import T, Texts

STATIC = "/static"


def esc(value: object) -> str:
    """Text as HTML, quotes included (names are data, never markup)."""
    return escape(str(value), quote=True)


def num(value: object, t: Texts = T) -> str:
    """A score as ``t``'s language writes it: ``–`` for none, whole floats without ``.0``."""
    if value is None:
        return "–"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        text = text.replace(".", t.decimal_sign).replace("-", t.minus_sign)
    return text


def signed(value: int, t: Texts = T) -> str:
    """A change of score with its sign: ``+5``, ``-3`` (the language's minus), ``0``."""
    return "+" + num(value, t) if value > 0 else num(value, t)


def pct(value: float | None, t: Texts = T) -> str:
    """A rate from 0 to 1 as a whole percentage, ``–`` for none."""
    return "–" if value is None else t.percent.format(value=num(round(value * 100), t))


def table(head: Sequence[str], rows: Iterable[Sequence[str]], attrs: str = "") -> str:
    """A table; ``head`` is plain text, ``rows`` cells are HTML already escaped. Each cell
    carries its column's name (``data-label``): on a phone each row is a card of labelled
    lines (site.css), so no page scrolls sideways."""
    th = "".join(f"<th>{esc(h)}</th>" for h in head)
    labels = [esc(h) for h in head]
    body = "".join(
        "<tr>"
        + "".join(
            f'<td data-label="{labels[i]}">{c}</td>' if i < len(labels) else f"<td>{c}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
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
    lang: str = "en",
    switch: str = "",
) -> str:
    """A whole page: head, navigation, ``body`` (HTML) and deferred local scripts.

    ``lang`` is the page's language (``<html lang>``), ``switch`` the language links' HTML.
    """
    links = "".join(f'<a href="{esc(href)}">{esc(text)}</a>' for text, href in nav)
    noscript = (
        f'<noscript><meta http-equiv="refresh" content="{refresh}"></noscript>' if refresh else ""
    )
    js = "".join(f'<script src="{esc(static)}/{esc(s)}" defer></script>' for s in scripts)
    cls = ' class="tv"' if tv else ""
    return (
        f'<!doctype html><html lang="{esc(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title>"
        f'<link rel="stylesheet" href="{esc(static)}/site.css">{noscript}{js}</head>'
        f"<body{cls}{data}><header><h1>{esc(title)}</h1><nav>{links}</nav>{switch}</header>"
        f"<main>{body}</main></body></html>"
    )


__all__ = ["STATIC", "esc", "num", "page", "pct", "signed", "table"]
