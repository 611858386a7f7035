"""Words issue 27 found untranslated: Finnish SKUNK (its web pages say nollapeli), the
profile's name ("standard", "Rules: standard") in the languages that have their own."""

from __future__ import annotations

import pytest

from hardware.i18n import localize_in
from kaiser_core.messages import Message
from kaiser_core.rules import Rules
from kaiser_core.table.past import rules_label


def test_finnish_game_over_says_skunk_in_finnish_as_its_web_pages_do() -> None:
    word = localize_in(Message("game_over.skunk"), "fi")
    assert word == "NOLLAPELI", word


@pytest.mark.parametrize(
    ("lang", "name"),
    [("it", "classico"), ("pt", "padrão"), ("fi", "perus"), ("es", "estándar"), ("ru", "стандарт")],
)
def test_the_standard_profile_is_named_in_the_tables_language(lang: str, name: str) -> None:
    assert localize_in(rules_label(Rules()), lang) == name
    assert name in localize_in(Message("rules.title", profile=rules_label(Rules())), lang)
