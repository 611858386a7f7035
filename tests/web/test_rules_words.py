"""The home pages name a game's rules in the page's language (issue 27: "Rules: profile
standard" stood in English on every page): the profile by its name and what it is, and each
house rule in words, as the table's own catalogs say them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hardware.i18n import localize_in
from hardware.web.language import LANGUAGES, texts_for
from hardware.web.pages import history_html, sheet_html
from kaiser_core.messages import profile_about, profile_name
from kaiser_core.rule_words import option_words
from kaiser_core.sheet import build_sheet

GAMES = Path(__file__).resolve().parents[1] / "games"


def _sheet(name: str) -> dict:
    return build_sheet(json.loads((GAMES / name).read_text())["record"])


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_sheet_names_the_profile_and_says_what_it_is(lang: str) -> None:
    t = texts_for(lang)
    page = sheet_html(_sheet("002_standard_full_game_ns_wins.json"), t)
    rules = page.split('<p class="rules">', 1)[1].split("</p>", 1)[0]
    name = localize_in(profile_name("standard"), lang)
    about = localize_in(profile_about("standard"), lang)  # type: ignore[arg-type]
    assert "profile standard" not in rules, (lang, rules)
    assert name in rules and about in rules, (lang, rules)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_sheet_says_each_house_rule_in_words(lang: str) -> None:
    sheet = _sheet("023_made_scores_bid.json")
    assert any(" = " in line for line in sheet["rules"])  # a house rule to say
    rules = sheet_html(sheet, texts_for(lang)).split('<p class="rules">', 1)[1].split("</p>")[0]
    assert " = " not in rules, (lang, rules)
    words = localize_in(option_words("made_scores", "bid"), lang)
    assert words in rules.replace("&#x27;", "'"), (lang, rules)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_history_names_each_games_profile(lang: str) -> None:
    t = texts_for(lang)
    row = {"href": "/games/1", "number": 1, "names": {}, "hands": 3, "winner": None}
    row |= {"totals": {"NS": 5, "EW": 3}}
    page = history_html([row | {"rules": "open-defense"}, row | {"rules": "mine"}], t)
    assert localize_in(profile_name("open-defense"), lang) in page, (lang, page)
    assert ">mine<" in page  # a profile of no built-in name shows as it is
