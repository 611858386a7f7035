"""A notify socket as systemd's, for a service under test: what it says, not how long it took.

A service waiting on its fault screen says READY=1, then WATCHDOG=1 at each turn of its
wait loop (with ``WATCHDOG_USEC``): pings after READY=1 prove it waits, where a sleep
before ``poll()`` only hoped it would have exited by then.
"""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

#: WatchdogSec=0.2 s: the wait loop pings every 0.1 s.
WATCHDOG_USEC = "200000"


class Notify:
    """``NOTIFY_SOCKET`` at ``path`` (anyone may send: the service may run as nobody)."""

    def __init__(self, path: Path) -> None:
        assert len(str(path)) < 100, path
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        path.chmod(0o777)

    def env(self) -> dict[str, str]:
        return {"NOTIFY_SOCKET": str(self.path), "WATCHDOG_USEC": WATCHDOG_USEC}

    def waiting(self, proc: subprocess.Popen[str], pings: int = 3, timeout: float = 30) -> None:
        """Until READY=1, then ``pings`` WATCHDOG=1: the service is in its wait loop."""
        end = time.monotonic() + timeout
        ready, seen = False, 0
        while seen < pings:
            assert proc.poll() is None, f"the service exited with {proc.returncode}"
            left = end - time.monotonic()
            assert left > 0, f"not waiting within {timeout} s (READY=1: {ready}, pings: {seen})"
            self.sock.settimeout(min(left, 1.0))
            try:
                message = self.sock.recv(4096).decode()
            except TimeoutError:
                continue
            ready = ready or message == "READY=1"
            seen += ready and message == "WATCHDOG=1"

    def close(self) -> None:
        self.sock.close()
