"""The words this branch added fit the message bar (two lines of the tiny font) whole."""

from __future__ import annotations

import pytest

from hardware.screens import SIZE
from hardware.screens.fonts import fonts
from kaiser_core.cards import Card
from kaiser_core.messages import TEXTS, Message

WIDEST = Card.from_code("TS")  # "10♠": the longest card label
ADDED = {
    "target.raised": {"target": 62},
    "reader.fault_code": {"code": "cards_file"},
    "reader.unknown": {"uid": "EF0042"},
    "teach.not_learning": {"card": WIDEST},
    "teach.unknown_all": {},
    "teach.still_open": {"card": WIDEST},
    "teach.learnt_in_play": {"card": WIDEST},
    "teach.learnt_late": {"card": WIDEST},
}


@pytest.mark.parametrize(("key", "params"), ADDED.items())
def test_each_new_message_fits_the_bar_without_an_ellipsis(key, params):
    assert key in TEXTS
    text = Message(key, **params)
    lines = fonts()[0].wrap(text, SIZE[0] - 4, 2)
    assert " ".join(lines) == text and not any("…" in line for line in lines), lines
