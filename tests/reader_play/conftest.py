"""The table with a card reader, in process: the real Scorer loop, journal, screens and reader.

``Room`` runs ``hardware.app.Scorer`` on its own thread (the journal is opened there: SQLite
objects stay on the thread that made them) with a ``Table(rules, reader_available=True)``,
a real ``Journal`` in ``tmp_path``, ``Display(dummy_factory())`` and the real ``render``. Keys
are posted as the buttons would (``Room.press``) or pressed on gpiozero's mock pins
(``Board``). The card reader is the real ``CardReader``, attached with ``attach_reader``, on
one of two ports that stand in for the Pico:

- ``LoopPort``: pyserial's ``loop://``; a line written into the port comes back as a read.
- ``PtyPort``: a pseudo-terminal pair behind a symlink, like ``/dev/ttyACM0``; the test
  holds the master end, so it also reads what the host writes to the reader.

Both can be unplugged and plugged back in the middle of a hand.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import sqlite3
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import serial
from gpiozero.pins.mock import MockFactory

from hardware.app import export_game
from hardware.buttons import Buttons
from hardware.config import BOARDS
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.reader import CardReader
from hardware.resume import resume
from hardware.scorer import Event, Scorer
from hardware.screens import render
from hardware.sources.reader import attach_reader, handle_reader_request
from kaiser_core.entries import CardEntry, TableEntry, entry_from_json
from kaiser_core.rules import Rules
from kaiser_core.table import Table
from kaiser_core.table.requests import Request

WAIT = 5.0


def wait_until(predicate: Callable[[], bool], timeout: float = WAIT) -> bool:
    """Poll ``predicate`` every 10 ms; False if it still does not hold after ``timeout``."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not predicate():
        if time.monotonic() > deadline:
            return False
        pause.wait(0.01)
    return True


def uid_of(card: str) -> str:
    """A 7-byte NTAG UID for each card's sticker, stable across the tests."""
    return "04A1B2C3D4" + card.encode().hex().upper()


# --- the ports the reader opens ----------------------------------------------------------


class LoopPort:
    """pyserial's ``loop://`` as the reader's USB port; ``unplug`` closes it under the reader."""

    url = "loop://"

    def __init__(self) -> None:
        self.port: Any = None
        self.plugged = True
        self.opened = 0

    def factory(self, url: str, **settings: Any) -> Any:
        if not self.plugged:
            raise serial.SerialException(f"could not open port {url}: no such device")
        self.port = serial.serial_for_url(url, **settings)
        self.opened += 1
        return self.port

    def write(self, data: bytes) -> None:
        self.port.write(data)

    def unplug(self) -> None:
        self.plugged = False
        self.port.close()

    def plug(self) -> None:
        self.plugged = True

    def close(self) -> None:
        if self.port is not None:
            self.port.close()


class PtyPort:
    """A pseudo-terminal pair: the reader opens the slave through a symlink; the test is the
    Pico at the master end."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.url = str(path)
        self.fds: list[int] = []
        self.master = -1
        self.slave = -1
        self.received = b""
        self.plug()

    def factory(self, url: str, **settings: Any) -> Any:
        return serial.serial_for_url(url, **settings)

    def plug(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.fds += [self.master, self.slave]
        self.received = b""
        link = self.path.with_suffix(".new")
        os.symlink(os.ttyname(self.slave), link)
        os.replace(link, self.path)

    def unplug(self) -> None:
        self.path.unlink()
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)

    def write(self, data: bytes) -> None:
        os.write(self.master, data)

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], max(timeout, 0))
        if ready:
            self.received += os.read(self.master, 4096)
        return bool(ready)

    def commands(self) -> list[dict[str, Any]]:
        """Every line the host wrote to this device so far, decoded."""
        while self._read(0):
            pass
        return [json.loads(line) for line in self.received.splitlines()]

    def wait_commands(self, count: int, timeout: float = WAIT) -> list[dict[str, Any]]:
        """Wait until the host wrote at least ``count`` lines; return them all."""
        deadline = time.monotonic() + timeout
        while self.received.count(b"\n") < count:
            left = deadline - time.monotonic()
            assert left > 0 and self._read(left), f"host wrote only {self.received!r}"
        return self.commands()

    def close(self) -> None:
        for fd in self.fds:
            with contextlib.suppress(OSError):
                os.close(fd)


Port = LoopPort | PtyPort


class Pico:
    """What the reader firmware says, as JSON lines written into the port."""

    def __init__(self, port: Port) -> None:
        self.port = port
        self.seq = 0

    def say(self, message: dict[str, Any]) -> None:
        self.port.write(json.dumps(message).encode() + b"\n")

    def card(self, code: str) -> None:
        """A tag that names ``code`` laid on the reader."""
        self.seq += 1
        self.say({"type": "card", "card": code, "uid": uid_of(code), "seq": self.seq})

    def unknown(self, uid: str = "04DEADBEEF0042") -> None:
        """A tag that is not in the reader's table."""
        self.seq += 1
        self.say({"type": "unknown", "uid": uid, "seq": self.seq})

    def taught(self, code: str) -> None:
        """The reader learnt a new tag as ``code``."""
        self.say({"type": "taught", "card": code, "uid": uid_of(code)})


# --- the table ---------------------------------------------------------------------------


class Room:
    """The scorer running its loop on a thread, its reader, and views of its screen."""

    def __init__(self, db: Path, rules: Rules) -> None:
        self.db = db
        self.rules = rules
        self.reader: CardReader | None = None
        self.requests: list[Request] = []
        self.table: Table
        self.scorer: Scorer
        ready = threading.Event()
        self._failure: list[BaseException] = []
        self._thread = threading.Thread(target=self._main, args=(ready,), name="scorer")
        self._thread.daemon = True
        self._thread.start()
        assert ready.wait(WAIT), self._failure

    def _main(self, ready: threading.Event) -> None:
        try:
            journal = Journal(self.db)
            self.table = Table(self.rules, reader_available=True)
            resume(journal, self.table)
            self.scorer = Scorer(self.table, journal, Display(dummy_factory()), render)
            self.scorer.on_request = self._on_request
        except BaseException as err:  # pragma: no cover - shown by the assert in __init__
            self._failure.append(err)
            raise
        ready.set()
        try:
            self.scorer.run()
        finally:
            journal.close()

    def _on_request(self, request: Request) -> None:
        self.requests.append(request)
        handle_reader_request(self.reader, request)

    def attach(self, port: Port) -> CardReader:
        """The real reader on ``port``, wired to the scorer by ``attach_reader``."""
        self.reader = attach_reader(
            self.scorer,
            port.url,
            serial_factory=port.factory,
            reopen_interval=0.05,
            read_timeout=0.05,
        )
        return self.reader

    def press(self, *keys: str) -> None:
        """Keys as the buttons send them, each stored before the next."""
        for key in keys:
            done = threading.Event()
            self.scorer.put(Event.key(key, done))
            assert done.wait(WAIT), f"{key} was not handled"

    def call(self, fn: Callable[[], Any]) -> Any:
        """Run ``fn`` on the scorer's thread, between two events, and return its result."""
        box: list[Any] = []
        done = threading.Event()
        self.scorer.call(lambda: box.append(fn()), done=done)
        assert done.wait(WAIT), "the scorer loop does not answer"
        return box[0]

    def view(self) -> Any:
        """What the screen shows now."""
        return self.call(self.table.view)

    def wait_view(self, predicate: Callable[[Any], bool], what: str) -> Any:
        """Wait until the screen's view satisfies ``predicate``; return that view."""
        seen: list[Any] = []

        def check() -> bool:
            seen[:] = [self.view()]
            return predicate(seen[0])

        assert wait_until(check), f"the screen never showed {what}: {seen}"
        return seen[0]

    def wait_online(self, online: bool) -> None:
        """Wait until the table knows the reader is ``online`` (or offline)."""
        assert wait_until(lambda: self.call(lambda: self.table.reader_online) is online), (
            f"the reader never went {'online' if online else 'offline'}"
        )

    # -- the journal, read as another process would ----------------------------------
    def entries(self) -> list[TableEntry]:
        """The current game's stored entries (a read-only connection of our own)."""
        with contextlib.closing(sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)) as db:
            row = db.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
            if row is None or not row[0]:
                return []
            rows = db.execute(
                "SELECT data FROM entries WHERE game_id = ? ORDER BY seq", (int(row[0]),)
            )
            return [entry_from_json(json.loads(data)) for (data,) in rows]

    def stored_cards(self) -> list[str]:
        """The cards stored since the last contract."""
        cards: list[str] = []
        for entry in self.entries():
            if isinstance(entry, CardEntry):
                cards.append(entry.card.code)
            else:
                cards = []
        return cards

    def wait_stored(self, cards: list[str]) -> None:
        """Wait until exactly ``cards`` are the hand's stored cards."""
        assert wait_until(lambda: self.stored_cards() == cards), (
            f"stored {self.stored_cards()}, expected {cards}"
        )

    def stop(self) -> None:
        if self.reader is not None:
            self.reader.stop()
        self.scorer.stop()
        self._thread.join(WAIT)
        assert not self._thread.is_alive(), "the scorer loop did not stop"

    def export(self) -> dict[str, Any]:
        """The current game as a game record, after ``stop``."""
        journal = Journal(self.db)
        try:
            return export_game(journal, journal.game_ids()[-1])
        finally:
            journal.close()


class Board:
    """The bonnet's keys on gpiozero's mock pins, through the real ``Buttons``."""

    HOLD_TIME = 0.05

    def __init__(self, room: Room) -> None:
        self.room = room
        self._done: threading.Event | None = None
        self._seen: list[str] = []
        self.buttons = Buttons(
            BOARDS["bonnet"]["pins"],
            self._on_key,
            hold_time=self.HOLD_TIME,
            pin_factory=MockFactory(),
        )

    def _on_key(self, name: str) -> None:
        self._seen.append(name)
        self.room.scorer.put(Event.key(name, self._done))

    def press(self, *keys: str) -> None:
        """Press each key on its pin (held past the hold time for HOLD-x); wait until stored."""
        for name in keys:
            done = threading.Event()
            self._done, self._seen = done, []
            ok = self.buttons.drive(name, lambda done=done: done.wait(WAIT))
            assert ok and self._seen == [name], f"{name}: the buttons gave {self._seen}"

    def close(self) -> None:
        self.buttons.close()


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    room = Room(tmp_path / "kaiser.db", Rules())
    yield room
    if room._thread.is_alive():
        room.stop()


@pytest.fixture
def loop_port() -> Iterator[LoopPort]:
    port = LoopPort()
    yield port
    port.close()


@pytest.fixture
def pty_port(tmp_path: Path) -> Iterator[PtyPort]:
    port = PtyPort(tmp_path / "ttyACM0")
    yield port
    port.close()


@pytest.fixture
def board(room: Room) -> Iterator[Board]:
    board = Board(room)
    yield board
    board.close()
