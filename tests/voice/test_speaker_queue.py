"""The speaker's queue: bounded, a newer score replaces an older one not yet said, cards
go first when it is full, and ``put`` never waits for the engine."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from hardware.speech.engine import Engine
from hardware.speech.speaker import Speaker
from hardware.speech.words import Utterance
from kaiser_core.messages import Message


class Gate(Engine):
    """An engine that says nothing until the test opens its gate (the queue's logic only:
    the real engine's faults are in test_speech_faults.py)."""

    def __init__(self) -> None:
        super().__init__(Path("/nonexistent"))
        self.gate = threading.Event()
        self.started = threading.Event()
        self.said: list[tuple[str, str]] = []

    def say(self, text: str, language: str) -> Path | None:
        self.started.set()
        self.gate.wait(10)
        self.said.append((text, language))
        return None

    def stop(self) -> None:
        super().stop()
        self.gate.set()


def u(topic: str, number: int = 1) -> Utterance:
    return Utterance(topic, Message("voice.plus", number=number), "en")


def test_a_newer_score_replaces_an_older_one_and_cards_go_first_when_full() -> None:
    engine = Gate()
    speaker = Speaker(engine, limit=8)
    speaker.put(u("contract", 1))  # the thread takes it and waits at the gate
    assert engine.started.wait(5)
    for n in (1, 2):  # two hands' scores while the first contract is still being said
        speaker.put(u("result", n))
        speaker.put(u("totals", n))
        speaker.put(u("contract", n + 1))
    assert speaker.replaced == 3 and speaker.waiting == 3
    for n in range(10):  # a flood of cards: the queue stays at 8, the scores stay in it
        speaker.put(u("cards", 100 + n))
    assert speaker.waiting == 8 and speaker.most_waiting == 8 and speaker.dropped == 5
    engine.gate.set()
    assert speaker.idle(10)
    said = [text for text, _ in engine.said]
    assert said == ["plus 1", "plus 2", "plus 2", "plus 3", *(f"plus {n}" for n in range(105, 110))]
    assert speaker.spoken == 9 and speaker.status == ""
    speaker.close()


def test_put_returns_at_once_while_the_engine_is_stuck() -> None:
    engine = Gate()
    speaker = Speaker(engine, limit=8)
    speaker.put(u("cards"))
    assert engine.started.wait(5)
    t = time.perf_counter()
    for n in range(2_000):
        speaker.put(u("cards", n))
        speaker.put(u("totals", n))
    per_put = (time.perf_counter() - t) / 4_000
    assert speaker.waiting == 8
    assert per_put < 0.001, f"{per_put * 1e6:.0f} µs a put"
    speaker.close()  # closes with the engine still stuck: the thread is told, and let go
    assert speaker.waiting == 0
    speaker.put(u("cards"))
    assert speaker.waiting == 0  # closed: nothing more is queued


def test_close_says_what_waits_first_when_asked_to_drain() -> None:
    engine = Gate()
    speaker = Speaker(engine)
    speaker.put(u("contract", 1))
    speaker.put(u("cards", 2))
    assert engine.started.wait(5)
    engine.gate.set()
    speaker.close(drain=5)  # without draining, "plus 2" (still waiting now) would be dropped
    assert [text for text, _ in engine.said] == ["plus 1", "plus 2"]
