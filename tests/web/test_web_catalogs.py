"""The page's catalogs (gettext domain ``web``) and the choice of language.

The catalogs are read with Babel here (a test tool only: the Pi reads the .mo files with the
standard library's gettext), and the q-value parser is checked against Babel's negotiation.
"""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.core import negotiate_locale
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from babel.numbers import get_decimal_symbol
from hypothesis import given
from hypothesis import strategies as st

from hardware.web.language import (
    LANGUAGES,
    LOCALE_DIR,
    choose,
    negotiate,
    parse_accept_language,
    texts_for,
)
from hardware.web.layout import num, pct, signed
from hardware.web.texts import T, keyed

ROOT = Path(__file__).resolve().parents[2]
FOREIGN = [lang for lang in LANGUAGES if lang != "en"]


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def po(lang: str):  # type: ignore[no-untyped-def]
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "web.po").open("rb") as f:
        return read_po(f, locale=lang)


@pytest.mark.parametrize("lang", FOREIGN)
def test_each_catalog_has_every_text_translated_with_its_placeholders(lang):
    catalog = po(lang)
    found = {(m.context, m.id): m for m in catalog if m.id}
    wanted = {(key, english) for key, english in keyed()}
    assert set(found) == wanted, "missing or stale entries: run the catalog update"
    for (key, english), message in found.items():
        assert message.string, f"{lang}: {key} is not translated"
        assert not message.fuzzy, f"{lang}: {key} is fuzzy"
        assert placeholders(message.string) == placeholders(english), f"{lang}: {key}"
    assert catalog.locale is not None and str(catalog.locale) == lang


@pytest.mark.parametrize("lang", FOREIGN)
def test_each_compiled_catalog_is_up_to_date(lang):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "web.mo").open("rb") as f:
        compiled = {(m.context, m.id): m.string for m in read_mo(f) if m.id}
    source = {(m.context, m.id): m.string for m in po(lang) if m.id}
    assert compiled == source, f"web.mo of {lang} is older than web.po: run msgfmt"


@pytest.mark.parametrize("lang", FOREIGN)
def test_the_standard_library_reads_each_catalog(lang):
    t = texts_for(lang)
    source = {m.context: m.string for m in po(lang) if m.id}
    assert t.standings == source["standings"] and t.sheet_head[10] == source["sheet_head.10"]
    assert t.standings != T.standings


def glossary(lang: str) -> dict[str, str]:
    """English game word -> the rule sheet's word (before any ``(`` ``;`` or ``/``)."""
    out = {}
    for line in (ROOT / "docs" / "glossary" / f"{lang}.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) < 4 or cells[0] in ("English", "") or set(cells[0]) <= {"-"}:
            continue
        word = re.split(r"[(;/]", cells[1])[0].strip().casefold()
        for english in cells[0].split(","):
            out[re.sub(r"\s*\(.*\)", "", english).strip()] = word
    return out


# Where each game word of the glossaries shows on the pages.
USED = {
    "dealer": "sheet_head.1",
    "contract": "sheet_head.2",
    "redeal": "redeal",
    "made": "made",
    "set": "set_",
    "no-trump": "stats_head.5",
    "bid": "stats_head.4",
    "bidder": "stats_head.6",
    "bidders": "stats_head.6",
    "defenders": "stats_head.7",
    "team": "history_head.1",
    "hand": "chart_hand",
    "game": "history_head.0",
    "skunk": "skunk",
}


@pytest.mark.parametrize("lang", FOREIGN)
def test_the_game_words_are_the_rule_sheets(lang):
    words = glossary(lang)
    strings = {m.context: m.string.casefold() for m in po(lang) if m.id}
    checked = 0
    for english, key in USED.items():
        if english not in words:
            continue
        word = words[english]
        stem = word[: max(3, len(word) - 1)]  # "coppia" -> "coppi" in "coppie"
        assert stem in strings[key], f"{lang}: {key} {strings[key]!r} lacks {word!r} ({english})"
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize("lang", FOREIGN)
def test_numbers_are_written_as_the_language_writes_them(lang):
    t = texts_for(lang)
    assert t.decimal_sign == get_decimal_symbol(lang)
    assert num(44.5, t) == f"44{t.decimal_sign}5" and num(12.0, t) == "12"
    assert num(-6, t) == f"{t.minus_sign}6" and signed(-3, t) == f"{t.minus_sign}3"
    assert signed(5, t) == "+5" and signed(0, t) == "0"
    assert pct(0.25, t).startswith("25") and pct(0.25, t).endswith("%")
    assert num(-6) == "-6" and num(44.5) == "44.5" and pct(0.25) == "25%"
    assert texts_for("ru").minus_sign == "\u2212" and texts_for("fi").percent == "{value}\xa0%"


CASES = [
    ("ru,en;q=0.5", "ru"),
    ("en;q=0.5, ru", "ru"),
    ("de-DE, pt-BR;q=0.8, en;q=0.7", "pt"),
    ("fi-FI;q=0.4, es;q=0.6", "es"),
    ("de, fr;q=0.9", "fr"),
    ("de, nl;q=0.9", None),
    ("it;q=0, ru;q=0.1", "ru"),
    ("*", "en"),
    ("ru;q=2, fi;q=abc, es;q=0.001", "es"),
    ("", None),
    ("x-klingon;q=1, ,;;, IT", "it"),
]


@pytest.mark.parametrize(("header", "lang"), CASES)
def test_accept_language_is_read_with_its_q_values(header, lang):
    assert negotiate(header) == lang


def test_the_ranges_come_best_first_and_malformed_ones_are_dropped():
    got = parse_accept_language("en;q=0.5, ru, fi;q=0.7, es;q=1.5, it;q=0.700, *;q=0.1")
    assert got == [("ru", 1.0), ("fi", 0.7), ("it", 0.7), ("en", 0.5), ("*", 0.1)]


TAGS = st.sampled_from(["ru", "en", "pt-BR", "fi", "de", "es-MX", "it", "fr-CA", "zh-Hant-TW"])
QS = st.sampled_from(["", ";q=1", ";q=0.9", ";q=0.5", ";q=0.25", ";q=0.001"])


@pytest.mark.slow
@given(st.lists(st.tuples(TAGS, QS), min_size=1, max_size=6))
def test_the_choice_equals_babels_negotiation_of_the_same_order(entries):
    header = ", ".join(tag + q for tag, q in entries)
    order = [tag for tag, _ in parse_accept_language(header)]
    qs = [q for _, q in parse_accept_language(header)]
    assert qs == sorted(qs, reverse=True) and len(order) == len(entries)
    expected = negotiate_locale(order, list(LANGUAGES), sep="-", aliases=None)
    assert negotiate(header) == (expected.split("-")[0] if expected else None)


def test_lang_in_the_address_beats_the_cookie_which_beats_the_header():
    assert choose({"lang": "fi"}, {"lang": "it"}, "ru").lang == "fi"
    assert choose({"lang": "fi"}, {}, "").asked
    assert choose({}, {"lang": "it"}, "ru").lang == "it"
    assert choose({"lang": "xx"}, {"lang": "<b>"}, "ru;q=0.3, es;q=0.4").lang == "es"
    assert choose({}, {}, "de").lang == "en"


@pytest.mark.slow
def test_the_template_merges_into_each_catalog_without_change(tmp_path):
    import shutil
    import subprocess

    from babel.messages.pofile import read_po as read

    from hardware.web.catalog import template

    pot = tmp_path / "web.pot"
    pot.write_text(template(), encoding="utf-8")
    with pot.open("rb") as f:
        assert [(m.context, m.id) for m in read(f) if m.id] == keyed()
    msgmerge = shutil.which("msgmerge")
    assert msgmerge, "msgmerge is missing: apt-get install gettext"
    for lang in FOREIGN:
        po_file = tmp_path / f"{lang}.po"
        shutil.copy(LOCALE_DIR / lang / "LC_MESSAGES" / "web.po", po_file)
        subprocess.run(
            [msgmerge, "--quiet", "--update", "--backup=none", str(po_file), str(pot)],
            check=True, timeout=60,
        )  # fmt: skip
        with po_file.open("rb") as f:
            merged = {(m.context, m.id): (m.string, m.fuzzy) for m in read(f) if m.id}
        assert merged == {(m.context, m.id): (m.string, False) for m in po(lang) if m.id}
