"""The one loop's outputs and bounds: the wake sink on a real unix socket, the reader's queue."""

from __future__ import annotations

import socket
import threading
from pathlib import Path

import pytest

from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import Event, Scorer
from hardware.screens import render
from hardware.sinks.wake import WAKE, WakeSink
from kaiser_core.cards import Card, Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Table
from kaiser_core.table.events import CardRead, ReaderNotice, ReaderPresent, TagUnknown
from kaiser_core.table.requests import ShutDown

pytestmark = pytest.mark.slow
AS, KS = Card.from_code("AS"), Card.from_code("KS")


def make(tmp_path: Path, **options: object) -> Scorer:
    journal = Journal(tmp_path / "kaiser.db")
    table = Table(Rules(), choose_seat=lambda: Seat.N, reader_available=True)
    resume(journal, table)
    return Scorer(table, journal, Display(dummy_factory()), render, **options)  # type: ignore[arg-type]


def test_the_wake_sink_sends_one_datagram_per_stored_change(tmp_path: Path) -> None:
    path = tmp_path / "wake.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(path))
    listener.settimeout(2)
    scorer = make(tmp_path)
    sink = WakeSink(path)
    scorer.sinks.append(sink)
    scorer.handle(Event.key("UP"))  # N deals: stored
    assert listener.recv(16) == WAKE
    scorer.handle(Event.key("LEFT"))  # nothing on SCORE: nothing stored, nothing sent
    scorer.handle(Event.key("OK"))  # the bid screen: stored
    assert listener.recv(16) == WAKE
    listener.settimeout(0.2)
    try:
        extra = listener.recv(16)
    except TimeoutError:
        extra = b""
    assert extra == b"" and sink.sent == 2 and sink.missed == 0
    sink.close()
    listener.close()
    scorer.journal.close()


def test_the_wake_sink_without_a_listener_costs_a_failed_send_only(tmp_path: Path) -> None:
    scorer = make(tmp_path)
    sink = WakeSink(tmp_path / "nobody.sock")
    scorer.sinks.append(sink)
    scorer.handle(Event.key("UP"))
    scorer.handle(Event.key("OK"))
    assert sink.missed == 2 and sink.sent == 0
    assert scorer.keys_stored == 2  # the keys went on as if nothing happened
    sink.close()
    scorer.journal.close()


def test_a_flooding_reader_is_merged_and_never_committed(tmp_path: Path) -> None:
    scorer = make(tmp_path, reader_limit=64)
    flood = 20_000

    def reader_thread() -> None:
        for n in range(flood):
            scorer.post(CardRead(AS))  # a tag left on the reader
            scorer.post(ReaderNotice(f"reader: antenna lost ({n})"))
            scorer.post(TagUnknown(f"04DEADBEEF{n % 65536:04X}"))

    thread = threading.Thread(target=reader_thread)
    thread.start()
    thread.join(30)
    inbox = scorer.inbox
    assert (inbox.reads, inbox.noise) == (1, 2)  # one event of each, saying the latest
    assert inbox.merged == 3 * flood - 3 and inbox.dropped == 0
    scorer.post(ReaderPresent(True))  # a status is never dropped
    scorer.key("UP")  # keys are never dropped
    scorer.post(ReaderNotice("reader: after the key"))  # not merged into what came before it
    scorer.call(scorer.stop)  # the loop ends after the events before it
    scorer.run()
    assert scorer.keys_stored == 1 and scorer.table.reader_online
    assert scorer.changes_stored == 1  # the key; the card refused and the notices: drawn only
    assert scorer.table.ui.message == "reader: after the key"
    assert (inbox.reads, inbox.noise) == (0, 0)
    scorer.journal.close()


def test_reads_past_their_room_are_dropped_and_the_next_card_comes_as_a_gap(
    tmp_path: Path,
) -> None:
    scorer = make(tmp_path, reader_limit=64)
    for n in range(100):  # reads after a gap never merge: they fill the reads' room
        scorer.post(TagUnknown(f"04DEADBEEF{n:04X}", after_gap=True))
    for n in range(500):
        scorer.post(ReaderNotice(f"reader: antenna lost ({n})"))  # noise has room of its own
    inbox = scorer.inbox
    assert (inbox.reads, inbox.noise, inbox.dropped, inbox.lost) == (64, 1, 36, True)
    assert scorer.post(CardRead(AS)) is None  # still no room: dropped too
    scorer.call(scorer.stop)
    scorer.run()
    event = scorer.post(CardRead(AS))
    assert event is not None and event.value == CardRead(AS, after_gap=True)
    assert not inbox.lost and scorer.post(CardRead(KS)).value == CardRead(KS)  # type: ignore[union-attr]
    scorer.journal.close()


def test_requests_go_to_the_handler_of_their_type(tmp_path: Path) -> None:
    scorer = make(tmp_path)
    got: list[object] = []
    scorer.on(ShutDown, got.append)
    scorer.handle(Event.key("HOLD-OK"))  # the menu
    scorer.handle(Event.key("UP"))  # wraps to the last item: Shut down
    scorer.handle(Event.key("OK"))
    assert got == [ShutDown()]
    scorer.journal.close()


def test_the_trace_hook_sees_every_stage_of_a_key_in_order(tmp_path: Path) -> None:
    scorer = make(tmp_path)
    stages: list[tuple[str, float]] = []
    scorer.trace = lambda stage, t: stages.append((stage, t))
    scorer.handle(Event.key("UP"))
    assert [s for s, _ in stages] == ["handle", "store", "stored", "render", "rendered"]
    times = [t for _, t in stages]
    assert times == sorted(times)
    scorer.journal.close()
