"""Accented names draw whole in every language: Spleen's blank accents come from misc-fixed."""

import pytest

from hardware.i18n import set_language
from hardware.screens.fonts import fonts


@pytest.mark.parametrize("language", ["en", "fi"])
def test_an_accented_name_has_every_glyph_in_the_small_font(language: str) -> None:
    set_language(language)
    try:
        tiny = fonts()[0]
        for ch in "Zoë Ångström Núñez":
            assert tiny.has(ch), (language, ch)
            glyph = tiny.glyph(ch)
            assert ch == " " or (glyph is not None and glyph.getbbox() is not None), ch
    finally:
        set_language("en")
