"""The scorer's end of the club link: its own datagram socket beside the database.

Line protocol (one datagram, UTF-8): ``round <JSON>`` hands the director's ``round``
message to the scorer as a ``RoundArrived`` event (the main loop journals it like a key's
change); ``broker 1`` / ``broker 0`` is a ``BrokerLink`` event (shown, not journaled).
The link never touches the table: it only queues events. The other way, the
scorer's :class:`~hardware.sinks.wake.WakeSink` sends one byte to the publisher's socket
after each stored change. Nothing here ever blocks the main loop.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from hardware.club.config import ClubConfig
from hardware.storage import beside
from kaiser_core.table.club_state import ClubState
from kaiser_core.table.events import BrokerLink, ClubJoined, RoundArrived

if TYPE_CHECKING:
    from hardware.scorer import Scorer

log = logging.getLogger("kaiser-scorer")
MAX_DATAGRAM = 64 * 1024


def scorer_socket(db: Path) -> Path:
    """Where the scorer listens for the publisher: ``kaiser.db-club.sock``."""
    return beside(db, "-club.sock")


def attach(scorer: Scorer, club: ClubConfig) -> None:
    """Club mode on, with the club state the journal kept: handed to the table on the main
    thread before the loop runs (the first frame is already club mode's)."""
    state = ClubState.from_json(scorer.journal.meta_json("club"), club.title, club.table)
    scorer.apply(ClubJoined(state))


class ClubLink:
    """A source: reads the publisher's lines on ``kaiser.db-club.sock`` in its own thread."""

    name = "club link"

    def __init__(self, db: Path, club: ClubConfig) -> None:
        self.path = scorer_socket(db)
        self.club = club
        self.received = 0
        self.garbage = 0  # lines ignored (not JSON, unknown)
        self._sock: socket.socket | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self, scorer: Scorer) -> None:
        """Club mode on; bind the socket (a stale one is replaced) and start reading."""
        attach(scorer, self.club)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)
        try:
            sock.bind(str(self.path))
        except OSError as err:  # the table still scores; it only hears no rounds
            log.error("club: cannot listen on %s (%s): no rounds arrive", self.path, err)
            sock.close()
            return
        sock.settimeout(0.5)
        self._sock = sock
        with contextlib.suppress(OSError):  # the publisher sends the round and broker again
            sock.sendto(b"hello", self.club.socket)
        self._thread = threading.Thread(
            target=self._read, args=(scorer,), name="club-link", daemon=True
        )
        self._thread.start()

    def _read(self, scorer: Scorer) -> None:
        sock = self._sock
        assert sock is not None
        while not self._stop.is_set():
            try:
                data = sock.recv(MAX_DATAGRAM)
            except TimeoutError:
                continue
            except OSError:
                return
            try:
                self.handle(scorer, data)
            except Exception as err:  # whatever a datagram holds, the link reads the next
                self.ignored(f"{type(err).__name__}: {err}"[:80])

    def handle(self, scorer: Scorer, data: bytes) -> None:
        """One line from the publisher: queued for the main loop, never handled here."""
        verb, _, rest = data.decode("utf-8", "replace").strip().partition(" ")
        if verb == "broker":
            scorer.post(BrokerLink(rest == "1"))
        elif verb == "round":
            try:
                payload = json.loads(rest)
            except (ValueError, RecursionError):  # RecursionError: nested too deeply
                self.ignored("a round line that is not JSON")
                return
            self.received += 1
            scorer.post(RoundArrived(payload))  # journaled like a key: rev raised, publisher woken
        else:
            self.ignored(f"unknown line {verb[:20]!r}")

    def ignored(self, why: str) -> None:
        """Log a line that was ignored: the 1st, 2nd, 4th, 8th ... (a flood stays small)."""
        self.garbage += 1
        if self.garbage & (self.garbage - 1) == 0:
            log.warning("club: lines ignored so far: %d (the last: %s)", self.garbage, why)

    def close(self) -> None:
        """Stop reading; remove the socket."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2)
        if self._sock is not None:
            self._sock.close()
            with contextlib.suppress(OSError):
                os.unlink(self.path)
