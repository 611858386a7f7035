"""Each language's glossary cites its rule sheet: the quoted words are on the cited line."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary"
SEEDS = ROOT.parent / "shared" / "seeds"
LANGUAGES = ("it", "pt", "fi", "es", "ru")
ROW = re.compile(r"^\| (?P<en>[^|]+) \| (?P<word>[^|]+) \| (?P<line>\d+) \| (?P<quote>[^|]+) \|$")


def rows(lang: str) -> tuple[Path, list[re.Match[str]]]:
    text = (GLOSSARY / f"{lang}.md").read_text(encoding="utf-8")
    sheet = re.search(r"Sheet: `seeds/([^`]+)`", text)
    assert sheet, f"{lang}.md names no sheet"
    found = [m for line in text.splitlines() if (m := ROW.match(line))]
    return SEEDS / sheet.group(1), found


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the shared rule sheets are not beside the repo")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_quote_is_on_the_cited_line(lang):
    sheet, found = rows(lang)
    lines = sheet.read_text(encoding="utf-8").splitlines()
    assert len(found) >= 12, f"{lang}: too few game words"
    for m in found:
        line = lines[int(m["line"]) - 1]
        for part in re.findall(r'"([^"]+)"', m["quote"]):
            for piece in part.split(" ... "):
                where = f"{lang} line {m['line']}"
                assert piece.strip(" .") in line, f"{where}: {piece!r} not in {line!r}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_core_game_words_are_all_there(lang):
    _, found = rows(lang)
    english = {m["en"].strip() for m in found}
    for word in ("trick", "no-trump", "trump", "dealer", "5♥", "3♠", "made", "set"):
        assert word in english, f"{lang}: no entry for {word}"
    assert "bid" in english or "bid" in {e.split(",")[0] for e in english}
