"""Issue 24: sinks as a seam. Each sink is called with the stored change and the facts
after it (values: a sink never reads the table), a failing sink is a log line (never NOT
SAVED, never the end of the loop), and a slow sink runs off the key path on its own
thread with a bounded queue (``hardware.sinks.threaded``).

The slow sink is slow for real: it writes each change into a FIFO that nobody reads, so
once the pipe's 64 KiB are full its ``write`` blocks until the test reads. Driven through
``Scorer.run``, the real loop, with TABLE.md's example (E bids 8♥, EW +11, NS -1).
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import NOT_SAVED, Scorer
from hardware.screens import render
from hardware.sinks import Stored
from hardware.sinks.threaded import Threaded
from kaiser_core.cards import Seat, Suit, Team
from kaiser_core.rules import Rules
from kaiser_core.table import Table

#: TABLE.md's example: N deals, E wins 8♥ ... EW +11, NS -1 (one hand, confirmed).
KEYS = [
    "UP",
    *["OK", "RIGHT", "UP", "UP", "RIGHT", "OK"],
    *["RIGHT", "DOWN", "RIGHT", "A", "RIGHT", "LEFT", "B", "UP", "RIGHT", "LEFT"],
    "OK",
]
PIPE = 64 * 1024  # Linux's pipe buffer: the FIFO takes this much, then a write blocks


def scorer_in(tmp_path: Path) -> tuple[Scorer, Journal]:
    journal = Journal(tmp_path / "kaiser.db")
    table = Table(Rules(), choose_seat=lambda: Seat.N, names={Team.NS: "Us", Team.EW: "Them"})
    resume(journal, table)
    return Scorer(table, journal, Display(dummy_factory()), render), journal


def play(scorer: Scorer, keys: list[str] = KEYS) -> list[str]:
    """The keys through the real loop; the notice line after each."""
    messages: list[str] = []
    for name in keys:
        scorer.key(name)
        scorer.call(lambda: messages.append(str(scorer.table.ui.message)))
    scorer.call(scorer.stop)
    scorer.run()
    return messages


class Recorder:
    def __init__(self) -> None:
        self.got: list[Stored] = []

    def stored(self, stored: Stored) -> None:
        self.got.append(stored)


@pytest.mark.slow
def test_a_sink_gets_the_change_and_the_facts_after_it(tmp_path: Path) -> None:
    scorer, journal = scorer_in(tmp_path)
    recorder = Recorder()
    scorer.sinks.append(recorder)
    play(scorer)
    journal.close()
    got = recorder.got
    assert len(got) == scorer.changes_stored and all(isinstance(s, Stored) for s in got)
    first, last = got[0].facts, got[-1].facts
    assert first.names == ("Us", "Them") and first.totals == (0, 0) and first.hand is None
    assert first.language == "en"
    assert last.totals == (-1, 11) and not last.over and last.winner is None
    hand, score = last.hand, last.score
    assert hand is not None and score is not None  # the confirming key scored the hand
    assert hand.contract.bidder is Seat.E and hand.contract.bid.number == 8
    assert hand.trump is Suit.H and score.made
    assert dict(score.delta) == {Team.NS: -1, Team.EW: 11}
    assert [s.facts.hand for s in got[:-1]] == [None] * (len(got) - 1)  # only that key
    assert got[-1].change.append  # the change itself: what was journaled


class Exits:
    """A sink whose library gives up with ``sys.exit`` (a real SystemExit)."""

    def __init__(self) -> None:
        self.calls = 0

    def stored(self, stored: Stored) -> None:
        self.calls += 1
        sys.exit(3)


@pytest.mark.slow
def test_a_sink_that_exits_is_a_log_line_not_the_end_of_the_loop(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    scorer, journal = scorer_in(tmp_path)
    after = Recorder()
    exits = Exits()
    scorer.sinks.extend([exits, after])
    with caplog.at_level(logging.ERROR, logger="kaiser-scorer"):
        messages = play(scorer)
    journal.close()
    assert scorer.keys_stored == len(KEYS) and NOT_SAVED not in messages
    assert exits.calls == len(after.got) == scorer.changes_stored  # the next sink still ran
    failed = [r.getMessage() for r in caplog.records if "Exits failed" in r.getMessage()]
    assert failed and "SystemExit" in failed[0] and len(failed) < exits.calls


class Gate(Threaded):
    """A sink that takes its time: each ``take`` waits for the test to open the gate."""

    keep = 3

    def __init__(self, latest: bool) -> None:
        super().__init__()
        self.latest = latest  # type: ignore[misc]
        self.gate = threading.Event()
        self.started = threading.Event()
        self.took: list[int] = []

    def take(self, stored: Stored) -> None:
        self.started.set()
        assert self.gate.wait(10)
        number = stored.facts.totals[0] if stored.facts.totals else -1
        if number < 0:
            raise RuntimeError("a change without totals")
        self.took.append(number)


def numbered(n: int) -> Stored:
    from hardware.sinks import Facts
    from kaiser_core.table import Change

    return Stored(Change(), Facts("tricks", ("NS", "EW"), totals=(n, 0)))


@pytest.mark.parametrize("latest", [True, False])
def test_a_threaded_sink_keeps_a_bounded_queue(latest: bool) -> None:
    sink = Gate(latest)
    sink.stored(numbered(0))
    assert sink.started.wait(10)  # the thread took 0 and waits at the gate
    began = time.monotonic()
    for n in range(1, 11):
        sink.stored(numbered(n))
    assert time.monotonic() - began < 1.0  # never waits for the sink (it is stuck)
    waiting = [s.facts.totals[0] for s in sink.waiting() if s.facts.totals]
    assert waiting == ([8, 9, 10] if latest else [1, 2, 3])  # newer replaces older, or not
    assert sink.dropped == 7
    sink.stored(numbered(-1))  # when the newest counts it is kept; its take will fail
    sink.gate.set()
    assert sink.idle(10)
    assert sink.took == ([0, 9, 10] if latest else [0, 1, 2, 3])
    assert sink.failed == (1 if latest else 0)
    sink.stored(numbered(11))  # a failure does not end the thread
    assert sink.idle(10) and sink.took[-1] == 11
    assert sink.close(5)
    sink.stored(numbered(12))  # closed: ignored, nothing raised
    assert sink.took[-1] == 11


class FifoSink(Threaded):
    """Writes 16 KiB a change into a FIFO: the fourth write fills the pipe and blocks."""

    keep = 4
    latest = True

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.fd = os.open(path, os.O_RDWR)  # read-write: opening does not wait for a reader
        self.written: list[int] = []

    def take(self, stored: Stored) -> None:
        os.write(self.fd, b"." * (16 * 1024))
        self.written.append(len(self.written))


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "slow.fifo"
    os.mkfifo(path)
    yield path


@pytest.mark.slow
def test_a_slow_sink_runs_off_the_key_path(tmp_path: Path, fifo: Path) -> None:
    scorer, journal = scorer_in(tmp_path)
    slow = FifoSink(fifo)
    after = Recorder()
    scorer.sinks.extend([slow, after])
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        began = time.monotonic()
        messages = play(scorer)  # returns: no key waited for the sink
        took = time.monotonic() - began
        assert scorer.keys_stored == len(KEYS) and NOT_SAVED not in messages
        assert len(after.got) == scorer.changes_stored
        assert len(slow.written) == PIPE // (16 * 1024)  # the pipe is full: its thread waits
        assert len(slow.waiting()) == slow.keep and slow.dropped > 0
        assert not slow.close(0.2)  # a stuck sink does not hold up the stop either
        kept = slow.waiting()
        assert kept[-1] is after.got[-1]  # the newest change is kept: the hand's score
        assert took < 30
        drained = 0
        deadline = time.monotonic() + 10
        while slow.waiting() and time.monotonic() < deadline:  # read: the thread goes on
            try:
                drained += len(os.read(reader, PIPE))
            except BlockingIOError:
                threading.Event().wait(0.01)
        assert not slow.waiting() and drained >= PIPE
    finally:
        os.close(reader)
        os.close(slow.fd)
        journal.close()
