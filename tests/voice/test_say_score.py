"""A long press of A says the score again, at any time (TABLE.md's HOLD-A): a request
the voice sink answers; nothing is stored, and without a voice nothing happens."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import Event, Scorer
from hardware.screens import render
from hardware.sinks.voice import VoiceSink
from hardware.speech.engine import Engine
from hardware.speech.speaker import Speaker
from hardware.speech.words import DEFAULT_SAY
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Table

pytestmark = pytest.mark.slow

HAND = "UP OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK"


def make(tmp_path: Path, voice: bool) -> tuple[Scorer, VoiceSink | None]:
    journal = Journal(tmp_path / "kaiser.db")
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    scorer = Scorer(table, journal, Display(dummy_factory()), render)
    if not voice:
        return scorer, None
    sink = VoiceSink(Speaker(Engine(tmp_path / "voice")), DEFAULT_SAY)
    sink.bind(scorer)  # as runner.serve does for a board's sink
    scorer.sinks.append(sink)
    return scorer, sink


def texts(folder: Path) -> list[str]:
    return [p.read_text(encoding="utf-8").strip() for p in sorted(folder.glob("*.txt"))]


def test_a_long_press_of_a_says_the_score_again(tmp_path: Path) -> None:
    scorer, sink = make(tmp_path, voice=True)
    assert sink is not None
    for key in HAND.split():
        scorer.handle(Event.key(key))
    assert sink.speaker.idle(10)
    before = texts(tmp_path / "voice")
    stored, screen = scorer.changes_stored, scorer.table.ui.screen
    for key in ("HOLD-A", "OK", "HOLD-A"):  # on SCORE, then on the contract's first step
        scorer.handle(Event.key(key))
        assert sink.speaker.idle(10)
    assert texts(tmp_path / "voice") == [*before, *["North-South minus 1, East-West 11"] * 2]
    assert scorer.changes_stored == stored + 1  # only OK stored something
    assert scorer.table.ui.screen is not screen  # OK opened the bid: HOLD-A left it be
    sink.close()
    scorer.journal.close()


def test_without_a_voice_a_long_press_of_a_does_nothing(tmp_path: Path) -> None:
    scorer, _ = make(tmp_path, voice=False)
    for key in HAND.split():
        scorer.handle(Event.key(key))
    ui, stored = scorer.table.ui, scorer.changes_stored
    scorer.handle(Event.key("HOLD-A"))
    assert scorer.table.ui == ui and scorer.changes_stored == stored
    assert scorer.failures == {}
    scorer.journal.close()


def test_the_menus_voice_off_and_volume_reach_the_speaker(tmp_path: Path) -> None:
    scorer, sink = make(tmp_path, voice=True)
    assert sink is not None
    sink.setting(False)
    for key in [*HAND.split(), "HOLD-A"]:
        scorer.handle(Event.key(key))
    assert sink.speaker.idle(10) and texts(tmp_path / "voice") == []  # off: nothing said
    sink.setting(True, volume=150)
    assert sink.speaker.engine.volume == 100  # a percent, at most 100
    scorer.handle(Event.key("HOLD-A"))
    assert sink.speaker.idle(10)
    assert texts(tmp_path / "voice") == ["North-South minus 1, East-West 11"]
    sink.close()
    scorer.journal.close()
