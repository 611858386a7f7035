"""Issue 24: the club link is a source like any other: what the publisher says becomes a
typed event on the scorer's queue, and the link never touches the table.

Before, the link read ``scorer.table``, queued closures that changed the table on the main
loop and called the scorer's private ``_store``. Here the link talks to a scorer that has
nothing but a queue (no table to touch, no ``_store``), and a real datagram socket feeds
a real ``ClubLink`` reading in its own thread.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from hardware.club.config import ClubConfig
from hardware.club.link import ClubLink
from kaiser_core.table.events import BrokerLink, RoundArrived

ROUND = {"round": 1, "ended": False, "hands_per_round": 2, "tables": {"3": ["A", "B", "C", "D"]}}


class Queue:
    """What the link may use of the scorer: ``post``; and ``apply`` at start."""

    def __init__(self) -> None:
        self.queued: list[Any] = []
        self.applied: list[Any] = []
        self.journal = self
        self.arrived = threading.Event()

    def post(self, value: Any, done: Any = None, extra: Any = None) -> None:
        self.queued.append(value)
        self.arrived.set()

    def apply(self, value: Any) -> None:
        self.applied.append(value)

    def meta_json(self, key: str) -> Any:
        return None


def test_the_publishers_lines_become_events_and_nothing_else(tmp_path: Path) -> None:
    link = ClubLink(tmp_path / "kaiser.db", ClubConfig("h", 1883, "tue", 3, "Tue"))
    scorer = Queue()
    link.handle(scorer, b"round " + json.dumps(ROUND).encode())  # type: ignore[arg-type]
    link.handle(scorer, b"broker 1")  # type: ignore[arg-type]
    link.handle(scorer, b"broker 0")  # type: ignore[arg-type]
    assert scorer.queued == [RoundArrived(ROUND), BrokerLink(True), BrokerLink(False)]


@pytest.mark.slow  # a socket and its thread: half a second to close
def test_a_round_on_the_socket_is_queued_as_an_event(tmp_path: Path) -> None:
    club = ClubConfig("h", 1883, "tue", 3, "Tue", socket=str(tmp_path / "publisher.sock"))
    link = ClubLink(tmp_path / "kaiser.db", club)
    scorer = Queue()
    link.start(scorer)  # type: ignore[arg-type]
    try:
        assert [type(v).__name__ for v in scorer.applied] == ["ClubJoined"]
        assert scorer.applied[0].state.table == 3  # club mode on before the first frame
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as out:
            out.sendto(b"round " + json.dumps(ROUND).encode(), str(link.path))
        deadline = time.monotonic() + 10
        while not scorer.queued and time.monotonic() < deadline:
            scorer.arrived.wait(0.05)
        assert scorer.queued == [RoundArrived(ROUND)]
    finally:
        link.close()
