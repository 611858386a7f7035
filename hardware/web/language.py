"""The page's language: the browser's ``Accept-Language`` (q-values), ``?lang=`` or a cookie.

The catalogs are gettext's (domain ``web``, ``hardware/locale/<lang>/LC_MESSAGES/web.mo``),
read with the standard library: nothing else is needed on the Pi. ``hardware.web.catalog``
writes their template when a text changes.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse

from hardware.web.assets import html
from hardware.web.layout import esc
from hardware.web.texts import T, Texts, use_keyed

LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
DOMAIN = "web"
DEFAULT = "en"
#: The device's languages, each named in itself (the switch shows these names).
LANGUAGES = {
    "en": "English",
    "it": "Italiano",
    "pt": "Português",
    "fi": "Suomi",
    "es": "Español",
    "ru": "Русский",
    "fr": "Français",
}
COOKIE = "lang"
COOKIE_AGE = 365 * 24 * 3600
_RANGE = re.compile(r"^(\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$")
_QVALUE = re.compile(r"^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$")


def parse_accept_language(header: str) -> list[tuple[str, float]]:
    """The header's language ranges, best first (RFC 9110 q-values; ties keep their order).

    Malformed entries are skipped; ``q=0`` ranges are kept (they mean "not this one").
    """
    ranges: list[tuple[str, float, int]] = []
    for index, part in enumerate(header.split(",")):
        tag, *params = (p.strip() for p in part.split(";"))
        if not _RANGE.match(tag):
            continue
        q = 1.0
        for param in params:
            name, _, value = param.partition("=")
            if name.strip().lower() == "q":
                value = value.strip()
                q = float(value) if _QVALUE.match(value) else -1.0
        if q >= 0:
            ranges.append((tag.lower(), q, index))
    ranges.sort(key=lambda r: (-r[1], r[2]))
    return [(tag, q) for tag, q, _ in ranges]


def negotiate(header: str, available: Mapping[str, str] = LANGUAGES) -> str | None:
    """The first available language the header accepts (``pt-BR`` matches ``pt``), or None."""
    refused = {tag.split("-")[0] for tag, q in parse_accept_language(header) if q == 0}
    for tag, q in parse_accept_language(header):
        if q == 0:
            continue
        if tag == "*":
            rest = [lang for lang in available if lang not in refused]
            return rest[0] if rest else None
        primary = tag.split("-")[0]
        if primary in available and primary not in refused:
            return primary
    return None


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The ``web`` catalog of ``lang`` (English: none, the texts are their own msgids)."""
    if lang == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


@cache
def texts_for(lang: str) -> Texts:
    """One language's page texts (``lang`` one of ``LANGUAGES``)."""
    if lang == DEFAULT:
        return T
    return use_keyed(catalog(lang).pgettext)


@dataclass(frozen=True)
class Choice:
    """The language of one request: its code, its texts and whether ``?lang=`` chose it."""

    lang: str
    texts: Texts
    asked: bool = False


def choose(query: Mapping[str, str], cookies: Mapping[str, str], accept: str) -> Choice:
    """``?lang=`` first, then the ``lang`` cookie, then ``Accept-Language``, then English."""
    asked = query.get("lang", "")
    if asked in LANGUAGES:
        return Choice(asked, texts_for(asked), asked=True)
    kept = cookies.get(COOKIE, "")
    lang = kept if kept in LANGUAGES else negotiate(accept) or DEFAULT
    return Choice(lang, texts_for(lang))


def switch_html(current: str, path: str, query: Mapping[str, str], t: Texts = T) -> str:
    """Links to this page in each language (``?lang=``, so it works without JavaScript)."""
    keep = [(k, v) for k, v in query.items() if k != "lang"]
    links = []
    for lang, name in LANGUAGES.items():
        href = path + "?" + urlencode([*keep, ("lang", lang)])
        mark = ' aria-current="true"' if lang == current else ""
        links.append(f'<a href="{esc(href)}" hreflang="{lang}" lang="{lang}"{mark}>{esc(name)}</a>')
    return f'<nav class="lang" aria-label="{esc(t.language)}">{" ".join(links)}</nav>'


@dataclass(frozen=True)
class Speaker:
    """One request's language and what a page needs of it: texts, ``lang`` and the switch."""

    choice: Choice
    switch: str

    @property
    def t(self) -> Texts:
        """The texts of the request's language."""
        return self.choice.texts

    def page_args(self) -> dict[str, Any]:
        """``lang`` and ``switch`` for ``layout.page``."""
        return {"lang": self.choice.lang, "switch": self.switch}

    def respond(self, body: str, status: int = 200) -> HTMLResponse:
        """The page; it varies by language, and a ``?lang=`` choice is kept in a cookie."""
        response = html(body, status)
        response.headers["Vary"] = "Accept-Language, Cookie"
        response.headers["Content-Language"] = self.choice.lang
        if self.choice.asked:
            response.set_cookie(
                COOKIE, self.choice.lang, max_age=COOKIE_AGE, httponly=True, samesite="lax"
            )
        return response


def speaker(request: Request) -> Speaker:
    """The language of ``request`` (``choose``) and the switch to the others."""
    query = dict(request.query_params)
    found = choose(query, request.cookies, request.headers.get("accept-language", ""))
    return Speaker(found, switch_html(found.lang, request.url.path, query, found.texts))


__all__ = [
    "LANGUAGES",
    "LOCALE_DIR",
    "Choice",
    "Speaker",
    "catalog",
    "choose",
    "negotiate",
    "parse_accept_language",
    "speaker",
    "switch_html",
    "texts_for",
]
