"""SCORE's "last:" line never disappears silently (issue 27): too wide for its row it takes
two rows, or, with one row left, its short form (the result without "last:")."""

from __future__ import annotations

import pytest

from hardware import i18n
from hardware.screens import render
from hardware.screens.pen import Pen
from kaiser_core.cards import Seat, Team
from kaiser_core.messages import Message
from kaiser_core.views.base import TeamScore
from kaiser_core.views.contract import ScoreView

WIDE = Message(
    "score.last",
    team=Team.NS,
    bid=12,
    trump=Message("bid.nt"),
    result=Message("word.made"),
    delta="+24",
    other="-12",
)


def drawn(view: ScoreView) -> str:
    texts: list[str] = []
    original = Pen.text

    def record(self: Pen, x: int, y: int, text: str, font: object, fill: int = 255) -> int:
        texts.append(i18n.localize(text))
        return original(self, x, y, text, font, fill)  # type: ignore[arg-type]

    Pen.text = record  # type: ignore[method-assign]
    try:
        render(view)
    finally:
        Pen.text = original  # type: ignore[method-assign]
    return " ".join(texts)


def score(**changes: object) -> ScoreView:
    base = ScoreView(TeamScore(Team.NS, "NS", 30), TeamScore(Team.EW, "EW", 10), Seat.N, Seat.E,
                     52, 9, last=WIDE)  # fmt: skip
    import dataclasses

    return dataclasses.replace(base, **changes)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_wide_last_line_is_shown_whole_or_short_never_dropped(lang: str) -> None:
    i18n.set_language(lang)
    try:
        words = i18n.localize(WIDE).split()
        alone = drawn(score())
        assert all(word in alone.split() for word in words), (lang, alone)
        warned = drawn(score(warnings=(Message("score.needs", team=Team.NS, points=2),)))
        result = i18n.localize(Message("word.made"))
        assert "+24/-12" in warned and result in warned, (lang, warned)
    finally:
        i18n.set_language("en")
