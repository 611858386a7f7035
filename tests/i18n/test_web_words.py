"""The web pages speak the core's words in the page's language, through the device's catalog:
a house rule's reason (a Message) and the winner's reason (English joined into a line)."""

from __future__ import annotations

import pytest

from hardware import i18n
from hardware.i18n import LANGUAGES, localize_in
from hardware.i18n.english import message_of
from hardware.web.language import texts_for
from hardware.web.why import language_of, why_line
from kaiser_core.cards import Team
from kaiser_core.scoring import Reason


def test_an_english_reason_is_read_back_as_its_message() -> None:
    found = message_of("NS failed the Kaiser bid", "end.")
    assert found is not None and found.key == "end.kaiser_bid_failed"
    assert message_of("EW fell to -53", "end.").params == {"team": "EW", "total": -53}
    assert message_of("a reason no message has", "end.") is None


def test_localize_in_leaves_the_table_language_alone() -> None:
    reason = message_of("EW fell to -53", "end.")
    assert i18n.language() == "en"
    assert localize_in(reason, "ru") == "ВЗ упали до \u221253"
    assert localize_in(reason, "en") == "EW fell to -53"
    assert i18n.language() == "en" and str(reason) == "EW fell to -53"
    with pytest.raises(i18n.LanguageError):
        localize_in(reason, "xx")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_page_shows_the_core_reasons_in_its_language(lang: str) -> None:
    t = texts_for(lang)
    assert language_of(t) == lang
    house = Reason("three_spades_needs_tricks", Team.EW, -3, 2, 2).text
    text, known = why_line(house, t)
    assert known and text == localize_in(house, lang) and text != str(house)
    wins, _ = why_line("NS wins: reached 52", t)
    english = message_of("reached 52", "end.")
    assert localize_in(english, lang) in wins and "reached" not in wins


def test_english_pages_keep_the_core_words() -> None:
    house = Reason("three_spades_needs_tricks", Team.EW, -3, 2, 2).text
    assert why_line(house, texts_for("en")) == (str(house), True)
    assert why_line("NS wins: reached 52", texts_for("en"))[0] == "NS wins: reached 52"
