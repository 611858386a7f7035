"""The PIN of the director's actions: 403 when wrong, 429 for a minute after 5 wrong in one."""

from __future__ import annotations

import hmac
import time
from collections import deque
from collections.abc import Callable

WINDOW = 60.0
TRIES = 5


class PinGuard:
    """Checks the ``X-Pin`` header; counts wrong ones; locks every action after too many."""

    def __init__(self, pin: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.pin = pin.encode("utf-8")
        self.clock = clock
        self.wrong: deque[float] = deque()
        self.locked_until = 0.0

    def check(self, given: str | None) -> int:
        """The HTTP status for an action with this PIN: 200, 403 or 429."""
        now = self.clock()
        if now < self.locked_until:
            return 429
        if given is not None and hmac.compare_digest(given.encode("utf-8"), self.pin):
            return 200
        self.wrong.append(now)
        while self.wrong and self.wrong[0] <= now - WINDOW:
            self.wrong.popleft()
        if len(self.wrong) >= TRIES:
            self.locked_until = now + WINDOW
            self.wrong.clear()
        return 403
