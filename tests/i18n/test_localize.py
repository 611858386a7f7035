"""localize: a Message in the chosen language, its values too; English as it is, for free."""

from __future__ import annotations

import subprocess
import sys

import pytest

from hardware import i18n
from hardware.config import ConfigError, parse_config
from kaiser_core.cards import Card, Seat, Suit, Team
from kaiser_core.messages import Message
from kaiser_core.modes import Mode
from kaiser_core.scoring import Reason


def test_english_and_plain_strings_come_back_as_they_are() -> None:
    m = Message("cards.played", card=Card.from_code("AS"), trick=1)
    assert i18n.language() == "en"
    assert i18n.localize(m) is m
    assert i18n.localize("plain") == "plain"


def test_a_message_and_its_values_in_russian(russian) -> None:
    assert i18n.localize(Message("entry.trick", seat=Seat.W)) == "взятка: З"
    assert i18n.localize(Message("menu.item.mode", mode=Mode.PER_HAND)) == "Ввод: за раздачу"
    undone = Message(
        "undo.done", what=Message("entry.special", card=Card.from_code("5H"), seat=Seat.N)
    )
    assert i18n.localize(undone) == "отменено: 5♥: С"
    assert i18n.localize(Message("score.capped", team=Team.EW, cap=45)) == "ВЗ на 45: без очков"
    assert i18n.localize("plain") == "plain"


def test_negative_numbers_take_the_languages_minus_sign(any_language) -> None:
    text = i18n.localize(Message("reason.nt_set_multiplier", team=Team.NS, amount=-14))
    minus = "-" if any_language == "it" else "\u2212"
    assert text.endswith(f"{minus}14"), text
    assert i18n.number(7) == "7"


def test_the_trick_word_agrees_with_the_count(any_language) -> None:
    one = Reason("three_spades_needs_tricks", Team.EW, -3, 2, 1).text
    two = Reason("three_spades_needs_tricks", Team.EW, -3, 2, 2).text
    assert str(one) == "EW took 3♠ with 1 trick: -3" and str(two).endswith("2 tricks: -3")
    assert i18n.localize(one) != i18n.localize(two).replace(" 2 ", " 1 ")
    assert i18n.localize(one).split()[-2] == i18n.localize(Message("word.trick", count=1)) + ":"


def test_words_the_core_passes_as_strings(any_language) -> None:
    nt = i18n.localize(Message("entry.contract", bidder=Seat.E, number=7, trump="NT"))
    assert "NT" not in nt or any_language == "fi"
    suit = i18n.localize(Message("entry.contract", bidder=Seat.E, number=7, trump=Suit.S))
    assert suit.endswith(" 7♠")
    side = i18n.localize(Message("quick.swept", side="bidders", tricks=8))
    assert "bidders" not in side


def test_a_broken_translation_falls_back_to_english(russian, monkeypatch) -> None:
    catalog = i18n._state["catalog"]
    monkeypatch.setattr(catalog, "pgettext", lambda ctx, msg: "{nonsense}")
    m = Message("history.no_game")
    assert i18n.localize(m) == "no game"


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(i18n.LanguageError, match="language must be one of en, it"):
        i18n.set_language("de")
    assert i18n.language() == "en"


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"LANG": "fi_FI.UTF-8"}, "fi"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),
        ({"LC_MESSAGES": "pt_PT.UTF-8", "LANG": "en_GB"}, "pt"),
        ({"LANGUAGE": "de:es", "LANG": "en_US"}, "es"),
        ({"LANGUAGE": "", "LC_ALL": "it_IT@euro"}, "it"),
    ],
)
def test_the_default_is_the_system_locale_where_it_is_ours(env, lang) -> None:
    assert i18n.system_language(env) == lang


def test_the_config_names_the_language(monkeypatch) -> None:
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    assert parse_config({}).language == "es"
    assert parse_config({"language": "fi"}).language == "fi"
    every = r"^language must be a string \(en, it, pt, fi, es, ru, fr\)"
    with pytest.raises(ConfigError, match=every):
        parse_config({"language": "klingon"})
    with pytest.raises(ConfigError, match=r"^language must be a string"):
        parse_config({"language": 3})


STARTUP = """
import sys
from hardware import i18n
from hardware.screens import render
from tests.screens.samples import SAMPLES
{switch}
render(SAMPLES["menu"])
print("gettext" in sys.modules, "babel" in sys.modules)
"""


@pytest.mark.slow
@pytest.mark.parametrize(("lang", "loaded"), [("en", "False False"), ("ru", "True False")])
def test_english_loads_no_catalog_and_another_language_only_gettext(lang, loaded) -> None:
    switch = f"i18n.set_language({lang!r})" if lang != "en" else ""
    out = subprocess.run(
        [sys.executable, "-c", STARTUP.format(switch=switch)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert " ".join(out) == loaded
