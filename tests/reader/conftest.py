"""What the card-reader tests share: a recorder of callbacks that tests can wait on."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from hardware.reader import ReaderMessage


class Recorder:
    """Keeps every message and status the reader calls back with; tests wait on it."""

    def __init__(self) -> None:
        self.messages: list[ReaderMessage] = []
        self.statuses: list[bool] = []
        self._changed = threading.Condition()

    def on_message(self, message: ReaderMessage) -> None:
        with self._changed:
            self.messages.append(message)
            self._changed.notify_all()

    def on_status(self, online: bool) -> None:
        with self._changed:
            self.statuses.append(online)
            self._changed.notify_all()

    def wait_for(self, predicate: Callable[[Recorder], bool], timeout: float = 3.0) -> bool:
        """Wait until predicate(self) holds; False if it still does not after timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self), timeout)

    def wait_messages(self, count: int, timeout: float = 3.0) -> list[ReaderMessage]:
        """Wait for at least count messages and return them all."""
        assert self.wait_for(lambda r: len(r.messages) >= count, timeout), self.messages
        return list(self.messages)

    def wait_status(self, statuses: list[bool], timeout: float = 3.0) -> None:
        """Wait until the status changes so far are exactly statuses."""
        assert self.wait_for(lambda r: r.statuses == statuses, timeout), self.statuses


def wait_until(predicate: Callable[[], bool], timeout: float = 3.0) -> bool:
    """Poll predicate every 10 ms until it holds; False if it still does not after timeout."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not predicate():
        if time.monotonic() > deadline:
            return False
        pause.wait(0.01)
    return True


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()
