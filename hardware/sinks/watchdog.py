"""The watchdog sink: ``WATCHDOG=1`` to systemd after a stored change.

A change that reached the journal is the best sign that the main loop is alive, so the
sink tells systemd at once (at most once every ``gap`` seconds: a key script pressing 100
keys a second sends 1 datagram a second, not 100). The scorer's timer still pings while
the table is idle (``Scorer.tick_interval``); both go through :mod:`hardware.notify`,
which does nothing when ``NOTIFY_SOCKET`` is unset.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from hardware import notify
from hardware.config import Config
from hardware.sinks import Stored

#: Seconds between two pings sent by the sink (``WatchdogSec`` is 15 s).
GAP = 1.0


class WatchdogSink:
    """Pings systemd's watchdog after a stored change, at most once every ``gap`` seconds."""

    def __init__(
        self,
        gap: float = GAP,
        *,
        ping: Callable[[], None] = notify.watchdog,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.gap = gap
        self.ping = ping
        self.clock = clock
        self.sent = 0
        self._last: float | None = None

    def stored(self, stored: Stored) -> None:
        """One datagram to the notify socket, unless one went less than ``gap`` ago."""
        now = self.clock()
        if self._last is not None and now - self._last < self.gap:
            return
        self._last = now
        self.sent += 1
        self.ping()


def make(cfg: Config) -> WatchdogSink | None:
    """The ping after a stored change, when systemd's watchdog is on (``WatchdogSec``)."""
    return WatchdogSink() if notify.watchdog_interval() else None
