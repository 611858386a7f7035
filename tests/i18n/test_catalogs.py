"""Every catalog complete, its placeholders the English ones, its .mo compiled from its .po."""

from __future__ import annotations

import gettext
import re
import shutil
from pathlib import Path

import pytest

from hardware import i18n
from hardware.i18n import catalogs
from kaiser_core.messages import PLURALS, Message

LANGS = [lang for lang in i18n.LANGUAGES if lang != "en"]
TEXTS = catalogs.english()
FIELD = re.compile(r"\{([^{}]*)\}")


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_and_none_is_fuzzy(lang: str) -> None:
    catalog = catalogs.read(lang)
    left = list(catalogs.left(catalog, TEXTS))
    assert left == [], f"{lang}: {len(left)} to translate, e.g. {left[:3]}"
    assert not [m.context for m in catalog if m.id and m.fuzzy]
    assert {m.context for m in catalog if m.id} == set(TEXTS), "stale or missing ids"


@pytest.mark.parametrize("lang", LANGS)
def test_each_translation_has_the_english_placeholders(lang: str) -> None:
    for m in catalogs.read(lang):
        if not m.id:
            continue
        english = fields(TEXTS[m.context])
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for form in forms:
            assert fields(form) == english, f"{lang} {m.context}: {form!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_mo_is_compiled_from_the_po(lang: str) -> None:
    mo = catalogs.po_path(lang).with_suffix(".mo")
    assert mo.read_bytes() == catalogs.compiled(catalogs.read(lang)), "run the update command"
    with mo.open("rb") as f:
        t = gettext.GNUTranslations(f)
    assert t.pgettext("menu.title", "MENU") != "MENU" or lang in ("it", "pt", "fr")
    assert t.pgettext("language.name", "English") != "English"


def test_the_check_command_passes_and_names_what_is_left(capsys) -> None:
    assert catalogs.main(["check"]) == 0
    out = capsys.readouterr().out
    assert f"ru: {len(TEXTS)}/{len(TEXTS)} translated, 0 to do" in out
    assert catalogs.main(["nonsense"]) == 2


@pytest.mark.slow
def test_update_keeps_translations_marks_changed_ones_fuzzy_and_adds_new_ones(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    shutil.copytree(i18n.LOCALE_DIR, tmp_path / "locale")
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path / "locale")
    texts = dict(TEXTS)
    texts["undo.nothing"] = "there is nothing to undo"  # an English text changed
    texts["zz.new"] = "a new word {n}"  # a new id
    del texts["word.back"]  # an id gone
    monkeypatch.setattr(catalogs, "english", lambda: texts)
    assert catalogs.main(["update"]) == 0
    out = capsys.readouterr().out
    assert "ru untranslated zz.new: 'a new word {n}'" in out
    assert "fi fuzzy        undo.nothing: 'there is nothing to undo'" in out
    ru = {m.context: m for m in catalogs.read("ru") if m.id}
    assert ru["undo.nothing"].fuzzy and ru["undo.nothing"].string == "нечего отменять"
    po = (tmp_path / "locale/ru/LC_MESSAGES/kaiser.po").read_text(encoding="utf-8")
    assert '#| msgid "nothing to undo"\nmsgctxt "undo.nothing"' in po  # the old English
    assert "word.back" not in ru and ru["zz.new"].string == ""
    assert ru["word.trick"].string == ("взятка", "взятки", "взяток")
    with (tmp_path / "locale/ru/LC_MESSAGES/kaiser.mo").open("rb") as f:
        t = gettext.GNUTranslations(f)
    # fuzzy entries are left out of the .mo: the changed English shows until translated
    assert t.pgettext("undo.nothing", "there is nothing to undo") == "there is nothing to undo"
    assert t.pgettext("menu.title", "MENU") == "МЕНЮ"
    assert catalogs.main(["check"]) == 1


@pytest.mark.parametrize(
    ("n", "word"),
    [
        (1, "взятка"),
        (2, "взятки"),
        (4, "взятки"),
        (5, "взяток"),
        (11, "взяток"),
        (21, "взятка"),
        (22, "взятки"),
    ],
)
def test_russian_counts_tricks_in_three_forms(n: int, word: str, russian) -> None:
    assert i18n.localize(Message("word.trick", count=n)) == word


def test_each_language_counts_one_and_many(any_language) -> None:
    lang = any_language
    one = i18n.localize(Message("teach.all_taught", count=1))
    many = i18n.localize(Message("teach.all_taught", count=32))
    assert "1" in one and "32" in many and one.replace("1", "") != many.replace("32", "")
    assert set(PLURALS) <= set(TEXTS), lang
