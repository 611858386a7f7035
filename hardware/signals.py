"""SIGTERM and SIGINT stop the scorer's main loop in order, whichever thread takes them."""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
from typing import Protocol


class Stoppable(Protocol):
    """What the signals stop: the scorer, or the wait for a fixed config."""

    def stop(self, reason: str = "") -> None:
        """Ask the main loop to end; safe from a signal handler."""


class StopSignals:
    """SIGTERM and SIGINT stop the scorer's main loop, whichever thread the kernel gives them.

    Python runs a signal handler in the main thread only, and only when that thread runs
    Python code: a signal that lands on one of gpiozero's or the reader's threads, or
    just before the main loop blocks on its queue, would wait there until some other event
    woke the loop. So the signals are also written to a wakeup socket (``set_wakeup_fd``,
    done in C by whichever thread takes the signal) that a small thread reads; it stops the
    scorer, and that wakes the main loop at once. :meth:`restore` puts everything back.
    """

    SIGNALS = (signal.SIGTERM, signal.SIGINT)

    def __init__(self, scorer: Stoppable, watch: bool = True) -> None:
        self.scorer = scorer
        self._read, self._write = socket.socketpair()
        self._write.setblocking(False)
        self.previous = {signum: signal.signal(signum, self._handler) for signum in self.SIGNALS}
        self.previous_fd = signal.set_wakeup_fd(self._write.fileno(), warn_on_full_buffer=False)
        self._thread = threading.Thread(target=self._watch, name="signals", daemon=True)
        if watch:
            self.watch()

    def watch(self) -> None:
        """Start the thread that reads the wakeup socket (once; a signal that came before
        is in the socket, and the handler has stopped the scorer already)."""
        if self._thread.ident is None:
            self._thread.start()

    def _handler(self, signum: int, frame: object) -> None:
        self.scorer.stop(f"signal {signal.Signals(signum).name}")

    def _watch(self) -> None:
        while True:
            try:
                data = self._read.recv(64)
            except OSError:
                return
            if not data or 0 in data:  # restore() sends a 0: no signal has that number
                return
            for signum in data:
                if signum in self.previous:
                    self.scorer.stop(f"signal {signal.Signals(signum).name}")

    def restore(self) -> None:
        """Put back the handlers and wakeup fd that were there before; end the thread."""
        signal.set_wakeup_fd(self.previous_fd)
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)
        with contextlib.suppress(OSError):
            self._write.send(b"\0")
        if self._thread.ident is not None:
            self._thread.join(1)
        self._read.close()
        self._write.close()


def install_signals(scorer: Stoppable, watch: bool = True) -> StopSignals:
    """SIGTERM and SIGINT stop the main loop in order; call it from the main thread.

    ``watch=False``: the handlers now, the thread that reads the wakeup socket only at
    ``watch()`` (the scorer starts it after its first frame: start-up starts no thread).
    """
    return StopSignals(scorer, watch)


__all__ = ["StopSignals", "install_signals"]
