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
