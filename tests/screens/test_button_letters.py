"""A button's letter never looks like a seat's on the same screen (issue 27: in Russian East
is "В" and the B button "B", one glyph in the 5x8 and 6x12 fonts: "B: шаг назад" beside a
compass of С В Ю З, or "В3" for trick 3 beside the seats).

Every view the table reaches (``test_every_view``'s walks) and every sample is drawn in each
language, in both type sizes; the single letters drawn as words of their own (a seat, a
button, "В" of "В3") must all look different from each other in every font."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PIL import Image

from hardware import i18n
from hardware.screens import SIZE, paint
from hardware.screens.fonts import fonts
from hardware.screens.pen import Pen
from kaiser_core.views import View

from .samples import SAMPLES
from .test_every_view import VIEWS

pytestmark = pytest.mark.slow  # every reachable view, 7 languages, 2 sizes: about a minute

#: A letter standing alone: no letter right before or after it ("A/B", "В3", "С В Ю З").
ALONE = re.compile(r"(?<![^\W\d_])[^\W\d_](?![^\W\d_])")


@pytest.fixture(params=i18n.LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(str(request.param))
    try:
        yield str(request.param)
    finally:
        i18n.set_language("en")


def texts(view: View, large: bool) -> list[tuple[str, str]]:
    """Every text the painter draws for ``view``, and how: "lit", "dark" (on a lit row: the
    notice bar, a chosen line) or "chip" (in a box: a key), each unlike the others."""
    seen: list[tuple[str, str]] = []
    text, chip = Pen.text, Pen.chip
    in_chip = [False]

    def recording(self: Pen, x: int, y: int, what: str, font: object, fill: int = 255) -> int:
        if not in_chip[0]:
            seen.append((i18n.localize(what), "lit" if fill else "dark"))
        return text(self, x, y, what, font, fill)  # type: ignore[arg-type]

    def boxed(self: Pen, x: int, y: int, what: str, font: object, *a: bool, **k: bool) -> int:
        seen.append((i18n.localize(what), "chip"))
        in_chip[0] = True
        try:
            return chip(self, x, y, what, font, *a, **k)  # type: ignore[arg-type]
        finally:
            in_chip[0] = False

    Pen.text, Pen.chip = recording, boxed  # type: ignore[method-assign]
    try:
        paint(view, Image.new("1", SIZE), (0, 0), SIZE, large)
    finally:
        Pen.text, Pen.chip = text, chip  # type: ignore[method-assign]
    return seen


def look_alike(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are drawn with the same pixels in one of the text fonts."""
    for font in fonts()[:3]:
        one, two = font.glyph(a), font.glyph(b)
        if one is not None and two is not None and one.tobytes() == two.tobytes():
            return True
    return False


def test_latin_b_and_cyrillic_ve_are_one_glyph() -> None:
    """Why the letters are compared drawn: the fonts draw "B" and "В" alike."""
    assert look_alike("B", "В") and not look_alike("B", "8")


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
def test_no_two_lone_letters_of_a_screen_look_alike(language: str, large: bool) -> None:
    views = [*SAMPLES.values(), *VIEWS.values()]
    bad: dict[tuple[str, str], str] = {}
    for view in views:
        drawn = texts(view, large)
        letters = sorted({(m.group(), how) for t, how in drawn for m in ALONE.finditer(t)})
        for i, (a, how) in enumerate(letters):
            for b, other in letters[i + 1 :]:
                if a != b and how == other and look_alike(a, b):
                    bad.setdefault((a, b), f"{type(view).__name__}: {drawn}")
    assert not bad, bad
