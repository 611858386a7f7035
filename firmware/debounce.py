"""The same tag seen again within the window is one read."""

import time


def _plain_diff(a: int, b: int) -> int:
    return a - b


# MicroPython's ticks_diff handles the ticks_ms wrap; plain subtraction elsewhere.
_ticks_diff = getattr(time, "ticks_diff", _plain_diff)


class Debouncer:
    """Tell new reads from repeats: a tag is a new read if unseen for ``window_ms``.

    The window counts from the last time the tag was seen, so a tag hovering at the edge of
    the field stays one read. ``ticks_diff`` defaults to ``time.ticks_diff``.
    """

    def __init__(self, window_ms: int = 1500, ticks_diff: object = None) -> None:
        self.window_ms = window_ms
        self._diff = ticks_diff if ticks_diff is not None else _ticks_diff
        self._seen: dict[str, int] = {}

    def is_new(self, uid: str, now: int) -> bool:
        """Record that ``uid`` was seen at tick ``now``; True if this is a new read."""
        window = self.window_ms
        for other in list(self._seen):
            # Forget old entries so that a tick counter wrap can never revive them.
            if self._diff(now, self._seen[other]) >= window:
                del self._seen[other]
        new = uid not in self._seen
        self._seen[uid] = now
        return new
