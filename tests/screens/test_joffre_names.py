"""Under the joffre profile the French screens call 5♥ *Joffre* and 3♠ *Kaiser* (RULES.md),
and every screen still fits; other languages and other profiles keep 5♥ and 3♠."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image

from hardware import i18n
from hardware.screens import SIZE, paint, render
from hardware.screens.fonts import Font
from kaiser_core.messages import Message
from kaiser_core.rules import Rules, find_profile
from kaiser_core.table import Table

from .samples import SAMPLES
from .test_screens import EXTREMES, REFERENCE, check_picture, same


@pytest.fixture
def joffre_french() -> Iterator[None]:
    i18n.set_language("fr")
    i18n.set_profile("joffre")
    yield
    i18n.set_profile("standard")
    i18n.set_language("en")


def test_the_specials_take_their_joffre_names_only_in_french_under_joffre(joffre_french) -> None:
    here = Message("tricks.here", card="5♥")
    rule = Message("rule.three_spades_value.-3")
    assert (i18n.localize(here), i18n.localize(rule)) == ("Joffre là", "Kaiser vaut -3")
    i18n.set_profile("standard")
    assert (i18n.localize(here), i18n.localize(rule)) == ("5♥ là", "3♠ vaut -3")
    i18n.set_profile("joffre")
    i18n.set_language("it")  # the profile stays; Italian has no Joffre names
    assert "5♥" in i18n.localize(here) and "Joffre" not in i18n.localize(here)
    assert i18n.localize_in(here, "fr", "joffre") == "Joffre là"
    assert i18n.localize_in(here, "fr") == "5♥ là"


def test_the_marked_tricks_screen_shows_the_names(joffre_french) -> None:
    image = render(SAMPLES["tricks_marks"])
    check_picture(REFERENCE / "fr" / "joffre" / "tricks_marks.png", image)
    i18n.set_profile("standard")
    assert not same(image, render(SAMPLES["tricks_marks"]))


def test_no_screen_is_cut_or_overflows_with_the_names(joffre_french, monkeypatch) -> None:
    seen: list[str] = []
    fit = Font.fit

    def spy(self: Font, text: str, width: int) -> str:
        out = fit(self, text, width)
        if out != i18n.localize(text) and out.endswith("…"):
            seen.append(i18n.localize(text))
        return out

    monkeypatch.setattr(Font, "fit", spy)
    i18n.set_language("en")
    english = {}
    for name, view in SAMPLES.items():
        seen.clear()
        render(view)
        english[name] = len(seen)
    i18n.set_language("fr")
    i18n.set_profile("joffre")
    for name, view in [*SAMPLES.items(), *((repr(v), v) for v in EXTREMES)]:
        seen.clear()
        canvas = Image.new("1", (SIZE[0] + 64, SIZE[1] + 64))
        paint(view, canvas, (32, 32), SIZE)
        box = canvas.getbbox()
        assert box is not None and box[2] <= 32 + SIZE[0] and box[3] <= 32 + SIZE[1], name
        assert len(seen) <= english.get(name, len(seen)), (name, seen)


def test_the_table_tells_the_words_its_games_profile() -> None:
    from hardware.i18n.table import speaking

    drawn: list[str] = []
    table = Table(find_profile("joffre"))
    table.language = "fr"
    draw = speaking(table, lambda view: drawn.append(i18n.localize(Message("hint.who_took"))))
    try:
        draw(table.view())
        assert drawn == ["qui a Joffre/Kaiser"]
        plain = Table(Rules())
        plain.language = "fr"
        speaking(plain, lambda view: drawn.append(i18n.localize(Message("hint.who_took"))))(None)
        assert drawn[-1] == "qui a 5♥/3♠"
    finally:
        i18n.set_profile("standard")
        i18n.set_language("en")
