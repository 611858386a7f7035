"""The wake sink: one datagram to a unix socket after each stored change.

The club publisher (a later issue) runs in its own process and reads the journal itself;
it only needs to know *that* something was stored. So the sink sends one byte, without
blocking, to a datagram socket it does not own: nobody listening, a full buffer or a
missing path costs the key path one failed ``sendto`` and nothing else.
"""

from __future__ import annotations

import logging
import socket
from pathlib import Path

from hardware.config import Config
from hardware.sinks import Stored

log = logging.getLogger("kaiser-scorer")
WAKE = b"!"


class WakeSink:
    """Sends ``b"!"`` to the datagram socket at ``path`` after each stored change."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.sent = 0
        self.missed = 0  # datagrams nobody took (no listener, full buffer)
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._sock.setblocking(False)

    def stored(self, stored: Stored) -> None:
        """Wake the listener, if there is one; never blocks, never raises."""
        try:
            self._sock.sendto(WAKE, self.path)
        except OSError:
            self.missed += 1
            if self.missed == 1:
                log.info("nobody listens on %s (the club publisher is not running)", self.path)
        else:
            self.sent += 1

    def close(self) -> None:
        """Close the sending socket."""
        self._sock.close()


def make(cfg: Config) -> WakeSink | None:
    """The club publisher's wake-up, in club mode (``[club]`` in the config)."""
    return WakeSink(cfg.club.socket) if cfg.club is not None else None
