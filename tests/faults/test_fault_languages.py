"""The fault screens in every language: the project's bitmap fonts, every word whole.

The screens a service shows when it cannot play (a damaged, read-only, full or unusable database,
a config file it cannot read) are drawn by ``hardware.fault.message_image``, the real code.
Each has a reference PNG per language: ``tests/faults/reference/NAME.png`` (English) and
``tests/faults/reference/<lang>/NAME.png``, regenerated like the screens' with
``KAISER_UPDATE_SCREENS=1 python -m pytest tests/faults/test_fault_languages.py``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from hardware import i18n
from hardware.config import ConfigError, parse_config
from hardware.fault import (
    DAMAGED,
    FULL,
    HEIGHT,
    READ_ONLY,
    UNUSABLE,
    WIDTH,
    config_screen,
    layout,
    message_image,
)
from hardware.i18n.errors import error, message, said
from tests.screens.pictures import check_picture, same

from .test_config_input import BAD_TOML

REFERENCE = Path(__file__).resolve().parent / "reference"
#: Where the service's config file lives (systemd/kaiser-scorer.service).
CONFIG = "/etc/kaiser-scorer/config.toml"


def config_error(data: dict[str, Any]) -> str:
    """The Message a config file of ``data`` at CONFIG fails with, as load_config words it."""
    with pytest.raises(ConfigError) as err:
        parse_config(data)
    return error("config.at", where=CONFIG, error=message(err.value))


SCREENS = {
    "damaged": DAMAGED,
    "read_only": READ_ONLY,
    "full": FULL,
    "unusable": UNUSABLE,
    "config_rotate": config_screen(config_error({"display": {"rotate": 90}})),
    "config_not_setting": config_screen(config_error({"display": {"x": 1}})),
    "config_profile": config_screen(config_error({"game": {"rules": "nope"}})),
}


def whole(text: str) -> None:
    """``text`` laid out on the panel with nothing cut, every glyph drawn as itself."""
    font, lines = layout(text)
    assert not any(line.endswith("…") for line in lines), lines
    assert "".join("".join(lines).split()) == "".join(text.split()), lines  # every letter
    assert " ".join(lines).split() != [] and len(lines) * font.height <= HEIGHT, lines
    assert all(font.width(line) <= WIDTH for line in lines), lines
    missing = {ch for ch in text if not font.has(ch)}
    assert not missing, f"no glyph for {missing} in {text!r}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", sorted(SCREENS))
def test_each_fault_screen_matches_its_reference_in_each_language(name: str, lang: str) -> None:
    folder = REFERENCE if lang == "en" else REFERENCE / lang
    image = message_image(SCREENS[name], lang)
    assert image.size == (WIDTH, HEIGHT) and image.getbbox() is not None
    check_picture(folder / f"{name}.png", image)
    if lang != "en":  # the words are the language's, not English
        assert not same(image, message_image(SCREENS[name], "en")), (name, lang)


def test_every_reference_belongs_to_a_screen() -> None:
    for lang in i18n.LANGUAGES:
        folder = REFERENCE if lang == "en" else REFERENCE / lang
        assert {p.stem for p in folder.glob("*.png")} == set(SCREENS), lang


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_fault_screen_fits_whole_in_every_language(lang: str) -> None:
    for name, screen in SCREENS.items():
        text = said(screen, lang)
        assert lang == "en" or text != str(screen), f"{name} is not translated in {lang}"
        whole(text)


def decoded(text: str) -> dict[str, Any] | None:
    """The TOML of a mistake, None for a syntax error (its line is tomllib's English)."""
    try:
        return tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return None


#: test_config_input's mistakes that are valid TOML: the config's own lines.
MISTAKES = {case: data for case, text, _ in BAD_TOML if (data := decoded(text)) is not None}


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("case", sorted(MISTAKES))
def test_every_config_mistake_fits_the_screen_whole(case: str, lang: str) -> None:
    whole(said(config_screen(config_error(MISTAKES[case])), lang))


def test_the_mistakes_cover_most_of_the_config_cases() -> None:
    assert len(MISTAKES) >= len(BAD_TOML) - 2


def test_the_cyrillic_screen_uses_the_fallback_glyphs_not_question_marks() -> None:
    font, lines = layout(said(DAMAGED, "ru"))
    assert "?" not in "".join(lines) and "БАЗА" in lines[0]
    assert all(font.has(ch) for ch in "БАЗАДННЫХПОВРЕЖ")


def test_a_word_wider_than_the_panel_breaks_after_a_slash() -> None:
    path = "/var/lib/kaiser-scorer/a-folder-with-a-long-name/config.toml"
    font, lines = layout(f"CONFIG ERROR: {path}: display.rotate must be 0 or 180")
    assert "".join(lines[1:4]).startswith(path) and lines[1].endswith("/"), lines
    assert all(font.width(line) <= WIDTH for line in lines)


def test_text_too_long_for_eight_lines_ends_with_an_ellipsis_on_the_panel() -> None:
    font, lines = layout("word " * 80)
    assert len(lines) * font.height <= HEIGHT and lines[-1].endswith("…")


def test_during_play_the_fault_speaks_the_tables_language() -> None:
    i18n.set_language("fi")  # what speaking() does before each frame of a game in Finnish
    try:
        assert same(message_image(DAMAGED), message_image(DAMAGED, "fi"))
    finally:
        i18n.set_language("en")
    assert not same(message_image(DAMAGED), message_image(DAMAGED, "fi"))


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_journalctl_command_stays_on_one_line(lang: str) -> None:
    _, lines = layout(said(UNUSABLE, lang))
    assert any("journalctl\u00a0-u" in line for line in lines), lines
