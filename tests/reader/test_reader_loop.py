"""CardReader over pyserial's loop:// port, where what is written comes back to be read."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
import serial

from hardware.reader import (
    AskHello,
    CardRead,
    CardReader,
    Hello,
    SerialPort,
    Teach,
    UnknownTag,
    encode_command,
)
from kaiser_core.cards import Card

from .conftest import wait_until

C = Card.from_code  # a card of the pack, as the parser makes it

if TYPE_CHECKING:
    from .conftest import Recorder

CARD_AS = b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 1}\n'
CARD_5H = b'{"type": "card", "card": "5H", "uid": "04A1B2C3D4E5F7", "seq": 2}\n'
HELLO = b'{"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 32}\n'


class LoopPorts:
    """A serial factory making real loop:// ports, or failing as a missing device does."""

    def __init__(self) -> None:
        self.ports: list[Any] = []
        self.missing = False
        self.calls = 0
        self.settings: dict[str, Any] = {}

    def __call__(self, url: str, **settings: Any) -> SerialPort:
        self.calls += 1
        if self.missing:
            raise serial.SerialException(f"could not open port {url}: [Errno 2] No such file")
        self.settings = settings
        port = serial.serial_for_url(url, **settings)
        self.ports.append(port)
        return port  # type: ignore[no-any-return]


class CountingPort:
    """A real port that counts the reads made on it."""

    def __init__(self, port: Any) -> None:
        self.port = port
        self.reads = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.port, name)

    def read(self, size: int = 1) -> bytes:
        self.reads += 1
        return self.port.read(size)  # type: ignore[no-any-return]


@pytest.fixture
def ports() -> LoopPorts:
    return LoopPorts()


@pytest.fixture
def make_reader(ports: LoopPorts, recorder: Recorder) -> Iterator[Any]:
    made: list[CardReader] = []

    def make(**options: Any) -> CardReader:
        options.setdefault("reopen_interval", 0.05)
        options.setdefault("hello_on_connect", False)
        reader = CardReader(
            "loop://", recorder.on_message, recorder.on_status, serial_factory=ports, **options
        )
        made.append(reader)
        return reader

    yield make
    for reader in made:
        reader.stop()


def warnings(caplog: pytest.LogCaptureFixture, text: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and text in r.getMessage()
    ]


def test_the_port_is_opened_as_the_reader_needs(
    make_reader: Any, ports: LoopPorts, recorder: Recorder
) -> None:
    make_reader(read_timeout=0.3).start()
    recorder.wait_status([True])
    assert ports.settings["baudrate"] == 115200
    assert ports.settings["timeout"] == 0.3


def test_cards_split_across_writes_arrive_whole(
    make_reader: Any, ports: LoopPorts, recorder: Recorder
) -> None:
    reader = make_reader()
    reader.start()
    recorder.wait_status([True])
    assert reader.online
    port = ports.ports[-1]
    stream = HELLO + CARD_AS.replace(b"\n", b"\r\n") + CARD_5H
    for start in range(0, len(stream), 7):
        port.write(stream[start : start + 7])
    assert recorder.wait_messages(3) == [
        Hello("1.0.0", 1, 32),
        CardRead(C("AS"), "04A1B2C3D4E5F6", 1),
        CardRead(C("5H"), "04A1B2C3D4E5F7", 2),
    ]
    assert reader.hello == Hello("1.0.0", 1, 32)


def test_garbage_between_good_lines_is_logged_and_skipped(
    make_reader: Any, ports: LoopPorts, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="hardware.reader")
    make_reader().start()
    recorder.wait_status([True])
    port = ports.ports[-1]
    port.write(CARD_AS)
    port.write(b"\x00\xff\xfe garbage\n")
    port.write(b"# rc522 ready\n")
    port.write(b'{"type": "card", "card": "5S", "uid": "04A1B2C3D4E5F6", "seq": 3}\n')
    port.write(b"x" * 3000 + b"\n")
    port.write(b'{"type": "card", "card": "AS", "uid": "04a1", "seq": 4}\n')
    port.write(b'{"type": "unknown", "uid": "DEADBEEF", "seq": 5}\n')
    assert recorder.wait_messages(2) == [
        CardRead(C("AS"), "04A1B2C3D4E5F6", 1),
        UnknownTag("DEADBEEF", 5),
    ]
    assert len(warnings(caplog, "ignored")) == 4
    assert warnings(caplog, "'5S' is not a card of the pack")
    assert warnings(caplog, "line of 3000 bytes")
    said = [r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG]
    assert any("says # rc522 ready" in text for text in said)


def test_noise_cannot_flood_the_log(
    make_reader: Any, ports: LoopPorts, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    make_reader(log_burst=5).start()
    recorder.wait_status([True])
    port = ports.ports[-1]
    port.write(b"noise\n" * 500 + CARD_AS)
    assert recorder.wait_messages(1, timeout=10) == [CardRead(C("AS"), "04A1B2C3D4E5F6", 1)]
    assert len(warnings(caplog, "ignored")) == 5


def test_the_reader_is_asked_for_its_hello_on_connecting(
    make_reader: Any, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    # loop:// returns the request, which is not a message the reader sends.
    make_reader(hello_on_connect=True).start()
    recorder.wait_status([True])
    assert wait_until(lambda: bool(warnings(caplog, "hello: missing 'fw'")))


def test_send_writes_the_command(
    make_reader: Any, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    reader = make_reader()
    reader.start()
    recorder.wait_status([True])
    assert reader.send(Teach("AS")) is True
    # loop:// hands the command back to the reader, which ignores it as no message of its own.
    assert wait_until(lambda: bool(warnings(caplog, "unknown type 'teach'")))
    (logged,) = warnings(caplog, "unknown type 'teach'")
    assert logged.endswith(repr(encode_command(Teach("AS")).rstrip(b"\n")))


def test_send_while_offline_is_false_and_does_not_raise(
    make_reader: Any, ports: LoopPorts, recorder: Recorder
) -> None:
    reader = make_reader()
    assert reader.send(AskHello()) is False  # not started
    ports.missing = True
    reader.start()
    recorder.wait_status([False])
    assert reader.send(Teach("AS")) is False
    assert reader.send("not a command") is False
    reader.stop()
    assert reader.send(AskHello()) is False


def test_unplug_and_replug(
    make_reader: Any, ports: LoopPorts, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    reader = make_reader()
    reader.start()
    recorder.wait_status([True])
    ports.ports[0].write(b'{"type": "card", "card": "AS", "uid": "04A1')  # cut off by unplugging
    assert wait_until(lambda: ports.ports[0].in_waiting == 0)  # the reader holds it now
    ports.missing = True
    ports.ports[0].close()
    recorder.wait_status([True, False])
    assert not reader.online
    assert wait_until(lambda: ports.calls >= 3)  # tried again while unplugged
    ports.missing = False
    recorder.wait_status([True, False, True])
    ports.ports[1].write(b'B2C3D4E5F6", "seq": 1}\n' + CARD_5H)
    assert recorder.wait_messages(1) == [CardRead(C("5H"), "04A1B2C3D4E5F7", 2)]
    assert len(ports.ports) == 2
    assert len(warnings(caplog, "on loop:// lost")) == 1
    assert not warnings(caplog, "cannot open")  # one outage, logged once


def test_missing_at_start_then_appearing_logs_once(
    make_reader: Any, ports: LoopPorts, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    ports.missing = True
    make_reader(reopen_interval=0.01).start()
    recorder.wait_status([False])
    assert wait_until(lambda: ports.calls >= 10)
    ports.missing = False
    recorder.wait_status([False, True])
    assert len(warnings(caplog, "cannot open")) == 1
    assert "retrying every 0.01 s" in warnings(caplog, "cannot open")[0]
    ports.ports[-1].write(HELLO)
    assert recorder.wait_messages(1) == [Hello("1.0.0", 1, 32)]


def test_a_port_that_opens_but_fails_at_once_stays_offline_and_quiet(
    make_reader: Any, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    calls: list[int] = []
    broken = threading.Event()
    broken.set()

    def factory(url: str, **settings: Any) -> Any:
        calls.append(1)
        port = serial.serial_for_url(url, **settings)
        if broken.is_set():
            port.close()  # opened, then gone before the first read: a flapping USB link
        return port

    caplog.set_level(logging.INFO, logger="hardware.reader")
    reader = make_reader(reopen_interval=0.01)
    reader.serial_factory = factory
    reader.start()
    assert wait_until(lambda: len(calls) >= 10)
    assert recorder.statuses == [False]
    assert len(warnings(caplog, "lost")) == 1
    assert not [r for r in caplog.records if r.levelno == logging.INFO]
    broken.clear()
    recorder.wait_status([False, True])
    assert [r.getMessage() for r in caplog.records if r.levelno == logging.INFO] == [
        "card reader back on loop://"
    ]


@pytest.mark.slow
def test_retries_wait_the_reopen_interval(
    make_reader: Any, ports: LoopPorts, recorder: Recorder
) -> None:
    ports.missing = True
    make_reader(reopen_interval=0.2).start()
    recorder.wait_status([False])
    threading.Event().wait(0.5)
    assert 2 <= ports.calls <= 4


@pytest.mark.slow
def test_reading_blocks_rather_than_polls(make_reader: Any, recorder: Recorder) -> None:
    counted: list[CountingPort] = []

    def factory(url: str, **settings: Any) -> CountingPort:
        counted.append(CountingPort(serial.serial_for_url(url, **settings)))
        return counted[-1]

    reader = make_reader(read_timeout=0.1)
    reader.serial_factory = factory
    reader.start()
    recorder.wait_status([True])
    threading.Event().wait(0.5)
    assert 2 <= counted[0].reads <= 8


def test_stop_is_prompt_even_in_a_long_read(make_reader: Any, recorder: Recorder) -> None:
    reader = make_reader(read_timeout=10.0)
    reader.start()
    recorder.wait_status([True])
    began = time.monotonic()
    reader.stop()
    assert time.monotonic() - began < 0.5
    assert not [t for t in threading.enumerate() if t.name == "reader loop://"]
    assert recorder.statuses == [True]  # no callback once stopping


def test_stop_is_prompt_while_waiting_to_reopen(
    make_reader: Any, ports: LoopPorts, recorder: Recorder
) -> None:
    ports.missing = True
    reader = make_reader(reopen_interval=30.0)
    reader.start()
    recorder.wait_status([False])
    stopper = threading.Thread(target=reader.stop)  # from another thread
    began = time.monotonic()
    stopper.start()
    stopper.join(2)
    assert time.monotonic() - began < 0.5
    assert ports.calls == 1


def test_a_failing_callback_does_not_stop_the_reader(
    ports: LoopPorts, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    def on_message(message: Any) -> None:
        recorder.on_message(message)
        raise RuntimeError("screen busy")

    with CardReader(
        "loop://", on_message, recorder.on_status, serial_factory=ports, hello_on_connect=False
    ) as reader:
        recorder.wait_status([True])
        ports.ports[-1].write(CARD_AS + CARD_5H)
        assert len(recorder.wait_messages(2)) == 2
        assert reader.online
    assert not reader.online
    assert ports.ports[-1].is_open is False
    assert any("on_message failed" in r.getMessage() for r in caplog.records)


def test_a_reader_is_started_once(make_reader: Any) -> None:
    reader = make_reader()
    reader.start()
    with pytest.raises(RuntimeError, match="already started"):
        reader.start()


def test_another_protocol_version_is_logged(
    make_reader: Any, ports: LoopPorts, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    make_reader().start()
    recorder.wait_status([True])
    ports.ports[-1].write(b'{"type": "hello", "fw": "9", "proto": 2, "cards": 0}\n')
    assert recorder.wait_messages(1) == [Hello("9", 2, 0)]
    assert warnings(caplog, "speaks protocol 2")
