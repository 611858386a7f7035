"""The PIN of the director's actions: 403 when wrong, 429 for a minute after 5 wrong in one.

PINs are UTF-8 text in any script, compared in Unicode's NFC (a PIN typed on a keyboard
that composes "ë" and one that sends "e" and a combining diaeresis are the same PIN). An
HTTP header is Latin-1 to the server: curl sends the PIN's UTF-8 bytes as they are, and
the page, whose fetch() takes only Latin-1 header values, sends it percent-encoded
(``encodeURIComponent``); both are read.
"""

from __future__ import annotations

import contextlib
import hmac
import time
import unicodedata
import urllib.parse
from collections import deque
from collections.abc import Callable

WINDOW = 60.0
TRIES = 5


def nfc(text: str) -> bytes:
    """``text`` in NFC, as UTF-8 bytes."""
    return unicodedata.normalize("NFC", text).encode("utf-8")


def header_pins(raw: bytes) -> list[bytes]:
    """The PINs a raw ``X-Pin`` value may mean: its UTF-8 text, and that text
    percent-decoded (the page's); each in NFC."""
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return []
    pins = [nfc(text)]
    if "%" in text:
        with contextlib.suppress(UnicodeDecodeError):
            pins.append(nfc(urllib.parse.unquote(text, errors="strict")))
    return pins


class PinGuard:
    """Checks the ``X-Pin`` header; counts wrong ones; locks every action after too many."""

    def __init__(self, pin: str, clock: Callable[[], float] = time.monotonic) -> None:
        self.pin = nfc(pin)
        self.clock = clock
        self.wrong: deque[float] = deque()
        self.locked_until = 0.0

    def check(self, given: str | bytes | None) -> int:
        """The HTTP status for an action with this PIN (text, or a header's raw bytes):
        200, 403 or 429."""
        now = self.clock()
        if now < self.locked_until:
            return 429
        pins = header_pins(given) if isinstance(given, bytes) else [nfc(given or "")]
        if given is not None and any(hmac.compare_digest(p, self.pin) for p in pins):
            return 200
        self.wrong.append(now)
        while self.wrong and self.wrong[0] <= now - WINDOW:
            self.wrong.popleft()
        if len(self.wrong) >= TRIES:
            self.locked_until = now + WINDOW
            self.wrong.clear()
        return 403
