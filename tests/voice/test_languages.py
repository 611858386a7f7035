"""TABLE.md's example hand through the real ``run --board mock --keys`` with ``[voice]``
writing to a folder, in every language: real espeak-ng WAVs (valid, over 0.3 s, not
silent) whose texts say the contract, the result and both totals in that language;
and, in reader mode, one utterance for each card read."""

from __future__ import annotations

import os
import subprocess
import sys
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
from kaiser_core.cards import Card, Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Table
from kaiser_core.table.events import CardRead

from .wavs import check_wav

pytestmark = pytest.mark.slow

# N deals; E bids 8 hearts; E takes 4 tricks, W 2 and 5♥; S one, N one and 3♠.
# EW: 6 tricks + 5 = 11, made; NS: 2 - 3 = -1 (worked out by hand from RULES.md).
EXAMPLE = """\
UP
OK RIGHT UP UP RIGHT OK
RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT
OK
"""
SAID = {
    "en": ["East, 8 hearts", "made, plus 11", "North-South minus 1, East-West 11"],
    "it": ["Est, 8 cuori", "realizzata, più 11", "Nord-Sud meno 1, Est-Ovest 11"],
    "pt": ["Leste, 8 copas", "bem-sucedido, mais 11", "Norte-Sul menos 1, Leste-Oeste 11"],
    "fi": ["Itä, 8 herttaa", "onnistui, plus 11", "Pohjoinen-Etelä miinus 1, Itä-Länsi 11"],
    "es": ["Este, 8 corazones", "exitosa, más 11", "Norte-Sur menos 1, Este-Oeste 11"],
    "ru": ["Восток, 8 червей", "контракт выполнен, плюс 11", "Север-Юг минус 1, Восток-Запад 11"],
    "fr": ["Est, 8 coeur", "réussi, plus 11", "Nord-Sud moins 1, Est-Ouest 11"],
}


def spoken(folder: Path) -> list[str]:
    """Each utterance's text, in order, after checking its WAV."""
    texts = sorted(folder.glob("*.txt"))
    assert sorted(folder.glob("*.wav")) == [t.with_suffix(".wav") for t in texts]
    for text in texts:
        check_wav(text.with_suffix(".wav"))
    return [t.read_text(encoding="utf-8").rstrip("\n") for t in texts]


@pytest.mark.parametrize("lang", list(SAID))
def test_the_example_hand_is_said_in_each_language(tmp_path: Path, lang: str) -> None:
    out = tmp_path / "voice"
    config = tmp_path / "config.toml"
    config.write_text(
        f'language = "{lang}"\n[voice]\nenabled = true\noutput = "{out}"\n', encoding="utf-8"
    )
    keys = tmp_path / "keys.txt"
    keys.write_text(EXAMPLE)
    cmd = [sys.executable, "-m", "hardware.cli", "run", "--board", "mock", "--quiet"]
    cmd += ["--keys", str(keys), "--db", str(tmp_path / "k.db"), "--config", str(config)]
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LANG")}
    played = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
    assert played.returncode == 0, played.stderr
    # the process ended after its last key: the sink said what waited before it closed
    assert spoken(out) == SAID[lang]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_reader_mode_says_each_card_as_it_is_read(tmp_path: Path, lang: str) -> None:
    from tests.reader_play.hands import HAND_1

    words = {
        "en": ("7 of hearts", "ace of spades", "3 of spades"),
        "ru": ("7 червей", "туз пик", "3 пик"),
    }[lang]
    journal = Journal(tmp_path / "kaiser.db")
    table = Table(Rules(), choose_seat=lambda: Seat.N, reader_available=True)
    table.language = lang
    resume(journal, table)
    scorer = Scorer(table, journal, Display(dummy_factory()), render)
    speaker = Speaker(Engine(tmp_path / "voice"))
    sink = VoiceSink(speaker, DEFAULT_SAY)
    scorer.sinks.append(sink)
    for key in ["UP", "HOLD-OK", "DOWN", "DOWN", "OK", "OK", "B", *HAND_1.contract_keys]:
        scorer.handle(Event.key(key))  # N deals, the menu's entry: card reader; E 7 hearts
    for card in HAND_1.cards:
        scorer.handle(Event(CardRead(Card.from_code(card))))
        assert speaker.idle(10)  # a player's pace: each card said before the next is laid
    scorer.handle(Event.key("OK"))
    sink.close()
    journal.close()
    said = spoken(tmp_path / "voice")
    assert len(said) == 1 + 32 + 2 and speaker.dropped == speaker.replaced == 0
    assert said[0] == {"en": "East, 7 hearts", "ru": "Восток, 7 червей"}[lang]
    cards = said[1:33]
    assert cards[0] == words[1] and cards[1] == words[2]  # AS, 3S: trick 1 as laid
    assert words[0] not in cards  # no 7♥ in the Kaiser pack
    assert len(set(cards)) == 32
    assert (
        said[33:]
        == {
            "en": ["made, plus 7", "North-South 3, East-West 7"],
            "ru": ["контракт выполнен, плюс 7", "Север-Юг 3, Восток-Запад 7"],
        }[lang]
    )
