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


#: French has no rule sheet: its rows cite Quebec pages about the Joffre (or bridge pages,
#: or "none found") by a tag defined with its address in the page's Sources list.
FR_ROW = re.compile(
    r"^\| (?P<en>[^|]+) \| (?P<word>[^|]+) \| (?P<source>[^|]+) \| (?P<quote>[^|]+) \|$"
)
FR_SOURCE = re.compile(r"^- (?P<tag>\[[A-Z]+\]) .*?(?P<url>https?://\S+)?$")


def test_the_french_glossary_cites_an_address_for_every_word_or_says_none_was_found():
    text = (GLOSSARY / "fr.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    urls: dict[str, str] = {}
    for i, line in enumerate(lines):
        if found := FR_SOURCE.match(line):
            url = found["url"] or (lines[i + 1].strip() if i + 1 < len(lines) else "")
            assert url.startswith(("http://", "https://")), line
            urls[found["tag"]] = url
    rows = [m for line in lines if (m := FR_ROW.match(line)) and m["en"].strip() != "English"]
    rows = [m for m in rows if not set(m["en"].strip()) <= {"-"}]
    assert len(rows) >= 12
    for m in rows:
        tags = re.findall(r"\[[A-Z]+\]", m["source"])
        assert tags or "none found" in m["source"], m["en"]
        assert all(tag in urls for tag in tags), (m["en"], tags)
        assert tags == [] or '"' in m["quote"], m["en"]  # a cited word comes with its quote
    english = {m["en"].strip() for m in rows}
    for word in ("trick", "no-trump", "trump", "dealer", "5♥", "3♠", "made", "set", "bid"):
        assert word in english, f"fr: no entry for {word}"
    joffre = {m["en"].strip(): m["word"] for m in rows}
    assert "le Joffre" in joffre["5♥"] and "le Kaiser" in joffre["3♠"]
