"""A sink that takes its time (a sound, a network): its own thread, a bounded queue.

Subclass ``Threaded`` and write ``take(stored)``: the loop's ``stored()`` only queues the
value and returns; the sink's thread, started with the first value, calls ``take`` with
each in order. At most ``keep`` values wait. When the queue is full a sink that declares
``latest = True`` (only the newest matters: a voice saying the score) drops the oldest
waiting value for the new one; any other sink drops the new one. Drops are counted and
logged (1st, 2nd, 4th ...). A ``take`` that raises is logged the same way; the thread
goes on with the next value. ``close()`` lets what waits be taken for ``timeout`` seconds,
then leaves the thread (a daemon) to end with the process.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from typing import ClassVar

from hardware.sinks import Stored

log = logging.getLogger("kaiser-scorer")


def _often(count: int) -> bool:
    """1, 2, 4, 8 ...: the log stays small when something fails on every change."""
    return count & (count - 1) == 0


class Threaded:
    """Base of a slow sink: ``stored`` queues, the sink's own thread runs ``take``."""

    #: How many stored changes may wait for the thread.
    keep: ClassVar[int] = 16
    #: When full: True drops the oldest waiting (newer replaces older), False the new one.
    latest: ClassVar[bool] = False

    def __init__(self) -> None:
        self.taken = 0  # values ``take`` finished
        self.dropped = 0  # values dropped for want of room
        self.failed = 0  # values whose ``take`` raised
        self._waiting: deque[Stored] = deque()
        self._busy = False  # ``take`` runs now
        self._closing = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def take(self, stored: Stored) -> None:
        """Act on one stored change, on the sink's own thread (may take its time)."""
        raise NotImplementedError

    # -- the loop's side ------------------------------------------------------------------
    def stored(self, stored: Stored) -> None:
        """Queue ``stored`` for the thread and return at once; never blocks, never raises."""
        with self._cond:
            if self._closing:
                return
            if len(self._waiting) >= self.keep:
                self.dropped += 1
                if _often(self.dropped):
                    log.warning(
                        "the %s is behind: %d stored changes not taken (keeps %d, %s)",
                        type(self).__name__,
                        self.dropped,
                        self.keep,
                        "the newest" if self.latest else "the oldest",
                    )
                if not self.latest:
                    return
                self._waiting.popleft()
            self._waiting.append(stored)
            self._cond.notify()
            if self._thread is None:
                name = f"sink-{type(self).__name__}"
                self._thread = threading.Thread(target=self._run, name=name, daemon=True)
                self._thread.start()

    def waiting(self) -> list[Stored]:
        """The values that wait now, oldest first (tests, the log)."""
        with self._cond:
            return list(self._waiting)

    def idle(self, timeout: float) -> bool:
        """Wait until nothing waits nor runs; False after ``timeout`` seconds."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._waiting and not self._busy, timeout)

    def close(self, timeout: float = 2.0) -> bool:
        """Take what waits for at most ``timeout`` seconds, then stop; True when done."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        if self._thread is None:
            return True
        self._thread.join(timeout)
        return not self._thread.is_alive()

    # -- the sink's thread ----------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._waiting or self._closing)
                if not self._waiting:
                    return  # closing, nothing left
                stored = self._waiting.popleft()
                self._busy = True
            try:
                self.take(stored)
            except Exception as err:
                self.failed += 1
                if _often(self.failed):
                    log.error(
                        "the %s failed (%d so far; %s: %s): the entry is stored, the game goes on",
                        type(self).__name__,
                        self.failed,
                        type(err).__name__,
                        err,
                        exc_info=self.failed == 1,
                    )
            else:
                self.taken += 1
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
