"""A long press of A says the score again, at any time (TABLE.md's HOLD-A): a request
that reaches the voice sink with the change's facts (the sink has no table); nothing is
stored, and without a voice nothing happens. The menu's Voice on/off and Volume reach
the sink the same way: journaled settings, carried by the facts."""

from __future__ import annotations

import array
import wave
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
from kaiser_core.table import MenuItem, Table

from .wavs import check_wav

pytestmark = pytest.mark.slow

HAND = "UP OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK"


def make(tmp_path: Path, voice: bool, volume: int = 80) -> tuple[Scorer, VoiceSink | None]:
    journal = Journal(tmp_path / "kaiser.db")
    table = Table(Rules(), choose_seat=lambda: Seat.N, voice_available=voice, voice_volume=volume)
    resume(journal, table)
    scorer = Scorer(table, journal, Display(dummy_factory()), render)
    if not voice:
        return scorer, None
    sink = VoiceSink(Speaker(Engine(tmp_path / "voice", volume=volume)), DEFAULT_SAY)
    sink.report_to(scorer.post)  # as runner.serve does for a board's sink
    scorer.sinks.append(sink)
    return scorer, sink


def menu_keys(scorer: Scorer, item: MenuItem) -> list[str]:
    """The keys that open the menu and choose ``item`` (then close the menu)."""
    down = scorer.table.menu_items().index(item)
    return ["HOLD-OK", *["DOWN"] * down, "OK", "HOLD-OK"]


def peak(wav: Path) -> int:
    """The loudest sample of a spoken WAV (checked first: valid, long enough, not silent)."""
    check_wav(wav)
    with wave.open(str(wav), "rb") as w:
        return max(abs(x) for x in array.array("h", w.readframes(w.getnframes())))


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


def test_the_menus_voice_off_keeps_the_table_quiet_and_on_says_the_score(
    tmp_path: Path,
) -> None:
    scorer, sink = make(tmp_path, voice=True)
    assert sink is not None
    for key in menu_keys(scorer, MenuItem.VOICE):
        scorer.handle(Event.key(key))
    assert scorer.table.settings.voice is False
    for key in [*HAND.split(), "HOLD-A"]:
        scorer.handle(Event.key(key))
    assert sink.speaker.idle(10) and texts(tmp_path / "voice") == []  # off: nothing said
    for key in menu_keys(scorer, MenuItem.VOICE):  # on again: the score, said at once
        scorer.handle(Event.key(key))
    assert sink.speaker.idle(10)
    assert texts(tmp_path / "voice") == ["North-South minus 1, East-West 11"]
    sink.close()
    scorer.journal.close()


def test_the_menus_volume_is_the_loudness_of_the_words(tmp_path: Path) -> None:
    scorer, sink = make(tmp_path, voice=True, volume=100)
    assert sink is not None
    for key in HAND.split():
        scorer.handle(Event.key(key))
    scorer.handle(Event.key("HOLD-A"))
    assert sink.speaker.idle(10)
    for key in menu_keys(scorer, MenuItem.VOLUME):  # 100 -> 20: the score said at 20
        scorer.handle(Event.key(key))
    assert scorer.table.settings.volume == 20 and sink.speaker.engine.volume == 20
    assert sink.speaker.idle(10)
    said = texts(tmp_path / "voice")
    assert said[-2:] == ["North-South minus 1, East-West 11"] * 2
    wavs = sorted((tmp_path / "voice").glob("*.wav"))
    loud, soft = peak(wavs[-2]), peak(wavs[-1])
    assert soft < loud * 0.4, (loud, soft)  # espeak-ng's amplitude: 20 against 100
    sink.close()
    scorer.journal.close()
    # a restart keeps the menu's choice: the journal's scene has it, the facts carry it
    scorer, sink = make(tmp_path, voice=True, volume=100)
    assert sink is not None and scorer.table.settings.volume == 20
    scorer.handle(Event.key("HOLD-A"))
    assert sink.speaker.idle(10) and sink.speaker.engine.volume == 20
    wavs = sorted((tmp_path / "voice").glob("*.wav"))
    assert peak(wavs[-1]) < loud * 0.4
    sink.close()
    scorer.journal.close()
