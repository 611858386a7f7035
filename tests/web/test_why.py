"""The score sheet's "why" lines in each language: every pattern kaiser_core.sheet writes is
read back exactly (English comes out unchanged), and is written in the page's words."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hardware.web.language import LANGUAGES, texts_for
from hardware.web.texts import T
from hardware.web.why import PATTERNS, why_line
from kaiser_core.errors import KaiserError
from kaiser_core.sheet import build_sheet

GAMES = Path(__file__).resolve().parents[1] / "games"


def every_why() -> list[tuple[str, str]]:
    """(rules, line) for every "why" line of every scorable game record of tests/games."""
    out = []
    for path in sorted(GAMES.glob("*.json")):
        record = json.loads(path.read_text()).get("record")
        if not isinstance(record, dict):
            continue
        try:
            sheet = build_sheet(record)
        except KaiserError:
            continue
        rules = record.get("rules", "standard")
        out += [(json.dumps(rules), w) for h in sheet["hands"] for w in h["why"]]
    return out


LINES = every_why()


def test_every_line_of_the_core_is_read_back_exactly():
    unknown = []
    for rules, line in LINES:
        text, known = why_line(line, T)
        if known:
            assert text == line  # English: the texts are the core's own patterns
        else:
            unknown.append((rules, line))
    assert len(LINES) > 400
    # Only the house rules' own reasons (the core's words) are left as they are.
    assert all(rules != '"standard"' for rules, _ in unknown), unknown
    assert len(unknown) < len(LINES) / 20
    used = {p.pattern for p, _ in PATTERNS}
    seen = {p.pattern for p, _ in PATTERNS for _, line in LINES if p.fullmatch(line)}
    assert seen == used  # every pattern occurs in the games


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_each_language_writes_the_lines_in_its_own_words(lang):
    t = texts_for(lang)
    english = ("made", "defends", "scores", "loses", "redeal", "trick", "doubled", "target")
    for _, line in LINES:
        text, known = why_line(line, t)
        if known and not line.split(": ", 1)[0].endswith("wins"):
            words = set(text.replace(":", " ").replace(",", " ").split())
            assert not words & set(english), (lang, line, text)
    assert why_line("EW defends: scores its -3 points", t)[0].count(t.minus_sign + "3") == 1
    seats = why_line("revoke: W in trick 3", t)[0]
    assert t.seats[3] in seats.split(": ", 1)[1]
    assert why_line("a house rule's own words", t) == ("a house rule's own words", False)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_contract_shows_the_bidders_seat_the_bid_and_the_suit(lang):
    from hardware.web.pages import sheet_html

    t = texts_for(lang)
    record = json.loads((GAMES / "002_standard_full_game_ns_wins.json").read_text())["record"]
    page = re.sub(r"<td [^>]*>", "<td>", sheet_html(build_sheet(record), t))  # labels aside
    assert f"<td>{t.seats[0]} 9 ♠</td>" in page  # N bid 9 spades
    assert f"<td>{t.seats[2]} 8 {t.no_trump_short}</td>" in page  # S bid 8 no-trump


def test_a_joffre_sheet_in_french_calls_the_specials_by_their_joffre_names():
    """Issue 29: under the joffre profile the French pages say Joffre and Kaiser."""
    from hardware.web.pages import sheet_html

    record = {
        "rules": {"profile": "joffre", "options": {"three_spades_needs_tricks": 3}},
        "hands": [
            {"auction": ["pass"] * 4},
            {
                "auction": ["7", "pass", "pass", "pass"],
                "taken": {"NS": 6, "EW": 2},
                "five_hearts": "EW",
                "three_spades": "EW",
            },
        ],
    }
    sheet = build_sheet(record)
    fr = texts_for("fr")
    page = sheet_html(sheet, fr)
    assert "Kaiser avec 2 levées" in page and "3♠" not in page.split("<table", 1)[1]
    assert fr.why_all_passed in page  # the four passes, in French
    standard = {"profile": "standard", "options": {"three_spades_needs_tricks": 3}}
    plain = sheet_html(build_sheet({"rules": standard, "hands": record["hands"][1:]}), fr)
    assert "3♠ avec 2 levées" in plain and "Kaiser avec" not in plain
    assert "Kaiser avec" not in sheet_html(sheet, texts_for("it"))


def _text(page: str) -> str:
    import html

    return html.unescape(re.sub(r"<[^>]+>", " ", page)).replace("\xa0", " ")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_hands_why_page_explains_its_score_step_by_step(lang):
    """Issue 27: the "why" only repeated the summary line. The hand's page says the bid,
    the tricks, the points counted (5♥ +5, 3♠ -3), made or set, each team's score and why
    (no-trump doubled, the cap) and how the totals moved, in the page's language."""
    from hardware.web.layout import signed
    from hardware.web.why_page import hand_why_html

    t = texts_for(lang)
    record = json.loads((GAMES / "002_standard_full_game_ns_wins.json").read_text())["record"]
    sheet = build_sheet(record)
    # hand 1: N bids 9 ♠; NS 7 tricks and 5♥ (12), EW 1 trick and 3♠ (-2): made
    first = _text(hand_why_html(sheet, 1, t) or "")
    bid = _text((hand_why_html(sheet, 1, t) or "").split("</li>", 1)[0])
    assert t.seats[0] in bid.split() and "9 ♠" in bid, bid
    assert f"5♥ {signed(5, t)}" in first and f"3♠ {signed(-3, t)}" in first, first
    assert " 7" in first and " 1" in first and t.made in first, first
    for line in why_line_texts(sheet["hands"][0]["why"], t):
        assert line in first, (line, first)
    assert f"0 {signed(12, t)} = 12" in first, first  # NS: 0 +12 = 12
    # hand 3: S bids 8 no-trump, made: doubled to 16; hand 4: W bids 10 ♥, set
    third = _text(hand_why_html(sheet, 3, t) or "")
    assert t.why_nt_made.format(points=16).replace("\xa0", " ") in third, third
    fourth = _text(hand_why_html(sheet, 4, t) or "")
    assert t.set_ in fourth and "10 ♥" in fourth and t.why_nt_made[:5] not in fourth, fourth
    assert hand_why_html(sheet, 99, t) is None


def why_line_texts(lines: list[str], t) -> list[str]:
    from hardware.web.why import why_lines

    return [line.replace("\xa0", " ") for line in why_lines(lines, t)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_hands_why_page_adds_up(lang):
    """Every played hand of every game: its reasons are all there, and each team's total
    before, its change and its total after are written as a sum that holds."""
    from hardware.web.layout import num, signed
    from hardware.web.why_page import hand_why_html

    t = texts_for(lang)
    pages = 0
    for path in sorted(GAMES.glob("*.json")):
        record = json.loads(path.read_text()).get("record")
        try:
            sheet = build_sheet(record) if isinstance(record, dict) else None
        except KaiserError:
            continue
        before = {"NS": 0, "EW": 0}
        for hand in (sheet or {}).get("hands", []):
            if hand["redeal"]:
                continue
            text = _text(hand_why_html(sheet, hand["number"], t) or "")
            for team in ("NS", "EW"):
                after, change = hand["totals"][team], hand["delta"][team]
                sum_ = f"{num(before[team], t)} {signed(change, t)} = {num(after, t)}"
                assert sum_ in text, (path.name, hand["number"], sum_, text)
            for line in why_line_texts(hand["why"], t):
                assert line in text, (path.name, line)
            before, pages = dict(hand["totals"]), pages + 1
    assert pages > 200
