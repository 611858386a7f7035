"""CardReader on a real pseudo-terminal standing in for the Pico, plugged in through a symlink."""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import select
import struct
import sys
import termios
import time
import tty
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
import serial

from hardware.reader import CardRead, CardReader, Forget, Hello, Teach, UnknownTag
from kaiser_core.cards import Card

from .conftest import wait_until

if TYPE_CHECKING:
    from .conftest import Recorder

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys")

ASK_HELLO = b'{"type": "hello"}\n'


class Device:
    """A pseudo-terminal pair: the reader opens the slave's name, the test drives the master."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.name = os.ttyname(self.slave)
        self.received = b""

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def read_until(self, expected: bytes, timeout: float = 3.0) -> bytes:
        """Read what the reader sent until it holds expected; return it all."""
        deadline = time.monotonic() + timeout
        while expected not in self.received:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([self.master], [], [], max(left, 0))
            if not ready:
                raise AssertionError(f"{expected!r} not sent; got {self.received!r}")
            self.received += os.read(self.master, 1024)
        return self.received

    def unread(self) -> int:
        """Bytes written that the reader has not read yet."""
        count = fcntl.ioctl(self.slave, termios.TIOCINQ, b"\0\0\0\0")
        return int(struct.unpack("I", count)[0])

    def unplug(self) -> None:
        os.close(self.master)
        os.close(self.slave)


class Socket:
    """The path the reader opens, like /dev/ttyACM0: a symlink to a device, or nothing."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.devices: list[Device] = []

    def plug(self) -> Device:
        device = Device()
        self.devices.append(device)
        link = self.path.with_suffix(".new")
        os.symlink(device.name, link)
        os.replace(link, self.path)
        return device

    def unplug(self) -> None:
        self.path.unlink()
        self.devices[-1].unplug()

    def close(self) -> None:
        for device in self.devices:
            for fd in (device.master, device.slave):
                with contextlib.suppress(OSError):
                    os.close(fd)


@pytest.fixture
def socket(tmp_path: Path) -> Iterator[Socket]:
    socket = Socket(tmp_path / "ttyACM0")
    yield socket
    socket.close()


class Opener:
    """pyserial's own serial_for_url, counting the attempts."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, url: str, **settings: Any) -> Any:
        self.calls += 1
        return serial.serial_for_url(url, **settings)


@pytest.fixture
def opener() -> Opener:
    return Opener()


@pytest.fixture
def reader(socket: Socket, recorder: Recorder, opener: Opener) -> Iterator[CardReader]:
    reader = CardReader(
        str(socket.path),
        recorder.on_message,
        recorder.on_status,
        serial_factory=opener,
        reopen_interval=0.05,
    )
    yield reader
    reader.stop()


def warned(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def test_missing_at_start_then_plugged_in(
    socket: Socket, reader: CardReader, recorder: Recorder
) -> None:
    reader.start()
    recorder.wait_status([False])
    assert not reader.online
    device = socket.plug()
    recorder.wait_status([False, True])
    device.read_until(ASK_HELLO)
    for piece in [b'{"type": "hello", "fw": "1.0', b'.0", "proto": 1,', b' "cards": 32}\r', b"\n"]:
        device.write(piece)
    assert recorder.wait_messages(1) == [Hello("1.0.0", 1, 32)]


def test_lines_split_across_writes_with_garbage_between(
    socket: Socket, reader: CardReader, recorder: Recorder
) -> None:
    device = socket.plug()
    reader.start()
    recorder.wait_status([True])
    stream = (
        b'{"type": "card", "card": "QD", "uid": "04A1B2C3D4E5F6", "seq": 1}\n'
        b"\xde\xad\xbe\xef\x00 line noise\n"
        + b"z"
        * 2000
        + b'\n# antenna on\n{"type": "card", "card": "Q'
        b'D", "uid": "04A1B2C3D4E5F6", "seq": 2}\n'
        b'{"type": "unknown", "uid": "DEADBEEF", "seq": 3}\n'
    )
    for start in range(0, len(stream), 37):
        device.write(stream[start : start + 37])
    assert recorder.wait_messages(3) == [
        CardRead(Card.from_code("QD"), "04A1B2C3D4E5F6", 1),
        CardRead(Card.from_code("QD"), "04A1B2C3D4E5F6", 2),
        UnknownTag("DEADBEEF", 3),
    ]


def test_send_reaches_the_device(socket: Socket, reader: CardReader, recorder: Recorder) -> None:
    device = socket.plug()
    reader.start()
    recorder.wait_status([True])
    device.read_until(ASK_HELLO)
    assert reader.send(Teach("5H")) is True
    assert reader.send(Forget()) is True
    sent = ASK_HELLO + b'{"type": "teach", "card": "5H"}\n{"type": "forget"}\n'
    assert device.read_until(sent) == sent


def test_unplug_and_replug(
    socket: Socket,
    reader: CardReader,
    recorder: Recorder,
    opener: Opener,
    caplog: pytest.LogCaptureFixture,
) -> None:
    first = socket.plug()
    reader.start()
    recorder.wait_status([True])
    first.read_until(ASK_HELLO)
    first.write(b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 1}\n')
    recorder.wait_messages(1)
    first.write(b'{"type": "card", "card": "KS"')  # cut off by the unplugging
    assert wait_until(lambda: first.unread() == 0)  # the reader holds it now
    socket.unplug()
    recorder.wait_status([True, False])
    assert reader.send(Teach("AS")) is False
    tries = opener.calls
    assert wait_until(lambda: opener.calls >= tries + 5)  # retrying, and quiet about it
    assert len(warned(caplog)) == 1
    second = socket.plug()
    recorder.wait_status([True, False, True])
    second.read_until(ASK_HELLO)
    second.write(b', "uid": "04A1B2C3D4E5F6", "seq": 2}\n')  # the rest of the old line
    second.write(b'{"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 32}\n')
    assert recorder.wait_messages(2) == [
        CardRead(Card.from_code("AS"), "04A1B2C3D4E5F6", 1),
        Hello("1.0.0", 1, 32),
    ]
    lost, ignored = warned(caplog)  # the one outage, and the tail of the line it cut
    assert "lost" in lost
    assert "ignored not JSON" in ignored and '"seq": 2}' in ignored
    assert reader.send(Teach("AS")) is True


def test_a_path_that_is_not_a_terminal_is_an_outage(
    socket: Socket,
    reader: CardReader,
    recorder: Recorder,
    opener: Opener,
    caplog: pytest.LogCaptureFixture,
) -> None:
    socket.path.write_text("not a tty")
    reader.start()
    recorder.wait_status([False])
    assert wait_until(lambda: opener.calls >= 6)
    socket.path.unlink()
    device = socket.plug()
    recorder.wait_status([False, True])
    device.read_until(ASK_HELLO)
    (cannot_open,) = warned(caplog)
    assert "cannot open" in cannot_open


def test_stop_is_prompt_in_a_long_read(socket: Socket, recorder: Recorder) -> None:
    socket.plug()
    reader = CardReader(str(socket.path), recorder.on_message, recorder.on_status, read_timeout=10)
    reader.start()
    recorder.wait_status([True])
    began = time.monotonic()
    reader.stop()
    assert time.monotonic() - began < 0.5
    assert not reader.online
    assert reader.send(Teach("AS")) is False
