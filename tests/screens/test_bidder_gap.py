"""BIDDER's words never run into the compass (issue 27: Italian "il dichiarante" ended one
pixel from the West label and read as "il dichiarante O")."""

from __future__ import annotations

import pytest

from hardware import i18n
from hardware.screens import render
from hardware.screens.pen import Pen
from kaiser_core.messages import Message

from .samples import SAMPLES

GAP = 8  # pixels between the words and the West label: more than a word space


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_bidder_words_keep_clear_of_the_west_label(lang: str) -> None:
    drawn: list[tuple[int, int, int, str]] = []
    original = Pen.text

    def record(self: Pen, x: int, y: int, text: str, font: object, fill: int = 255) -> int:
        end = original(self, x, y, text, font, fill)  # type: ignore[arg-type]
        drawn.append((x, y, end, i18n.localize(text)))
        return end

    i18n.set_language(lang)
    Pen.text = record  # type: ignore[method-assign]
    try:
        render(SAMPLES["bidder"])
        west = i18n.localize(Message("seat.W"))
    finally:
        Pen.text = original  # type: ignore[method-assign]
        i18n.set_language("en")
    label = [x for x, _, _, text in drawn if text == west and x > 40]
    words = [end for x, y, end, _ in drawn if x == 0 and 12 <= y <= 44]  # beside the compass
    assert label and words, drawn
    assert max(words) + GAP <= min(label), (lang, drawn)
