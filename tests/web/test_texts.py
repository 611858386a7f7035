"""The page texts live in one place and go through a translation function as a whole."""

from __future__ import annotations

from dataclasses import fields

from hardware.web.texts import T, Texts, use


def test_every_text_goes_through_the_translation() -> None:
    seen: list[str] = []

    def mark(text: str) -> str:
        seen.append(text)
        return "» " + text

    marked = use(mark)
    assert marked.standings == "» Standings" and marked.sheet_head[-1] == "» Why"
    assert marked.after_round.format(round=2) == "» after round 2"
    count = sum(
        len(v) if isinstance(v, tuple) else 1 for v in (getattr(T, f.name) for f in fields(Texts))
    )
    assert len(seen) == count
    assert use(lambda s: s) == T


def test_the_scripts_texts_come_from_the_page() -> None:
    import html
    import json
    import re
    from pathlib import Path

    from hardware.web.club import live_page
    from hardware.web.texts import SCRIPT_TEXTS

    page = live_page({"round": 0, "rows": []}, [], None)
    found = re.search(r'data-texts="([^"]*)"', page)
    assert found is not None
    assert json.loads(html.unescape(found.group(1))) == {k: getattr(T, k) for k in SCRIPT_TEXTS}
    js = (Path(__file__).resolve().parents[2] / "hardware/web/static/live.js").read_text()
    used = set(re.findall(r'tx\("([a-z_]+)"', js))
    assert used == set(SCRIPT_TEXTS)
