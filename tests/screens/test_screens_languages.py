"""Every screen in every language: a reference PNG each, every glyph drawn, nothing cut.

The references live in ``tests/screens/reference/<lang>/NAME.png`` (English: the folder
itself) and the README's one screen per language in ``docs/screens/languages/``. Regenerate
them as the English ones: ``KAISER_UPDATE_SCREENS=1 python -m pytest tests/screens``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PIL import Image

from hardware import i18n
from hardware.i18n import catalogs
from hardware.screens import SIZE, fonts, paint, render
from hardware.screens.fonts import Font

from .samples import SAMPLES
from .test_screens import DOCS, EXTREMES, REFERENCE, check_picture, same

LANGS = [lang for lang in i18n.LANGUAGES if lang != "en"]
#: The README's screen in each language.
README_SCREEN = "score_max_hands"


@pytest.fixture(params=LANGS)
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_the_screen_matches_its_reference_in_each_language(name: str, lang: str) -> None:
    image = render(SAMPLES[name])
    check_picture(REFERENCE / lang / f"{name}.png", image)
    i18n.set_language("en")
    assert not same(image, render(SAMPLES[name])) or name in SAME_IN_EVERY_LANGUAGE, name


#: Screens with no word a language changes (names and numbers only).
SAME_IN_EVERY_LANGUAGE: set[str] = set()


def test_every_language_has_a_reference_for_each_sample_and_no_other() -> None:
    for lang in LANGS:
        stored = {p.stem for p in (REFERENCE / lang).glob("*.png")}
        assert stored == set(SAMPLES), lang


def test_the_readme_shows_one_screen_in_each_language(lang: str) -> None:
    image = render(SAMPLES[README_SCREEN]).convert("L")
    picture = image.resize((512, 256), Image.Resampling.NEAREST)
    check_picture(DOCS / "languages" / f"{lang}.png", picture)


def test_nothing_is_drawn_outside_the_frame_in_any_language(lang: str) -> None:
    for name, view in [*SAMPLES.items(), *((repr(v), v) for v in EXTREMES)]:
        canvas = Image.new("1", (SIZE[0] + 64, SIZE[1] + 64))
        paint(view, canvas, (32, 32), SIZE)
        box = canvas.getbbox()
        assert box is not None and box[0] >= 32 and box[1] >= 32, (lang, name, box)
        assert box[2] <= 32 + SIZE[0] and box[3] <= 32 + SIZE[1], (lang, name, box)


def cuts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Spy on Font.fit: the texts it had to cut short (with an ellipsis)."""
    seen: list[str] = []
    fit = Font.fit

    def spy(self: Font, text: str, width: int) -> str:
        out = fit(self, text, width)
        if out != i18n.localize(text) and out.endswith("…"):
            seen.append(i18n.localize(text))
        return out

    monkeypatch.setattr(Font, "fit", spy)
    return seen


def test_no_screen_cuts_a_word_in_a_language_that_english_shows_whole(monkeypatch) -> None:
    """A translation too long is shortened, never clipped: a language may cut only what
    English cuts too (a long team name, an English sample message)."""
    seen = cuts(monkeypatch)
    english: dict[str, int] = {}
    for name, view in SAMPLES.items():
        seen.clear()
        render(view)
        english[name] = len(seen)
    bad: list[tuple[str, str, list[str]]] = []
    try:
        for lang in LANGS:
            i18n.set_language(lang)
            for name, view in SAMPLES.items():
                seen.clear()
                render(view)
                if len(seen) > english[name]:
                    bad.append((lang, name, list(seen)))
    finally:
        i18n.set_language("en")
    assert bad == []


def test_every_character_of_every_translation_has_a_glyph(lang: str) -> None:
    missing: set[str] = set()
    for m in catalogs.read(lang):
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for text in forms if m.id else ():
            for font in fonts():
                missing |= {ch for ch in text if not font.has(ch)}
    missing -= set("{}")  # placeholders
    assert missing == set(), f"{lang}: no glyph for {sorted(missing)}"


def test_the_fallback_fonts_fill_only_what_spleen_leaves_blank_in_every_language() -> None:
    tiny = fonts()[0]
    spleen_a = tiny.glyph("A").tobytes()  # Spleen has A: every language draws Spleen's
    assert tiny.has("é") and tiny.glyph("ä").getbbox() is not None  # blank in Spleen 5x8
    i18n.set_language("fi")
    try:
        assert tiny.has("é") and tiny.has("ä") and tiny.has("Ж")
        assert tiny.glyph("ä").getbbox() is not None and tiny.glyph("A").tobytes() == spleen_a
    finally:
        i18n.set_language("en")
    assert tiny.glyph("A").tobytes() == spleen_a and tiny.has("Ж")
