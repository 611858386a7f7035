"""A widow hand read on a real CardReader (pyserial ``loop://``) whose bidder discarded 5♥.

Before the fix the scorer loop died drawing SUMMARY (``IllegalPlayError: 5H was never
played``), and came back to the same SUMMARY, and died again, at every start. Now the
hand reaches SUMMARY with 5♥ scoring for no one, survives a restart on the same database,
is confirmed, and the exported record scores the same.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))

from discard_hands import WIDOW_5H

from kaiser_core.record import score_record
from kaiser_core.rules import find_profile
from kaiser_core.views.cards import CardsView
from kaiser_core.views.contract import ScoreView
from kaiser_core.views.summary import SummaryView

from .conftest import LoopPort, Pico, Room
from .story import choose_card_reader_entry, lay

pytestmark = pytest.mark.slow


def test_a_widow_hand_without_5h_reaches_summary_survives_a_restart_and_exports(
    tmp_path: Path,
) -> None:
    hand = WIDOW_5H
    rules = find_profile("widow")
    db = tmp_path / "kaiser.db"
    room = Room(db, rules)
    port = LoopPort()
    try:
        room.attach(port)
        room.wait_online(True)
        pico = Pico(port)
        room.press("UP")  # N deals first
        choose_card_reader_entry(room, room.press)
        room.press("OK", "RIGHT", *hand.bid_keys, "OK")
        assert isinstance(room.view(), CardsView)
        for card in hand.cards:
            lay(room, pico, card)
        summary = room.view()  # the scorer loop answers: it drew SUMMARY
        assert isinstance(summary, SummaryView), summary
        assert (summary.raw_ns, summary.raw_ew) == (hand.raw["NS"], hand.raw["EW"])
        assert (summary.delta_ns, summary.delta_ew) == (hand.delta["NS"], hand.delta["EW"])
        room.stop()
    finally:
        port.close()

    again = Room(db, rules)  # a restart: the same SUMMARY, from the journal
    summary = again.view()
    assert isinstance(summary, SummaryView), summary
    assert (summary.raw_ns, summary.raw_ew) == (hand.raw["NS"], hand.raw["EW"])
    again.press("OK")
    score = again.view()
    assert isinstance(score, ScoreView), score
    assert (score.ns.total, score.ew.total) == (hand.delta["NS"], hand.delta["EW"])
    again.stop()
    record = again.export()
    assert record["rules"] == "widow"
    assert record["hands"] == [
        {"contract": hand.contract, "trump": hand.trump, "plays": [list(t) for t in hand.tricks]}
    ]
    assert score_record(record)["totals"] == hand.delta
