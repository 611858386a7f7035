"""``GET /events`` (CLUB.md): each viewer gets the latest standings, never a backlog.

The director sends the whole standings (some 90 KB at 240 tables) a few times a second at
most, however many tables change. A viewer holds only what it has not yet been sent: the
newest standings snapshot and the newest row of each changed table, so one that falls
behind skips the snapshots in between. One that cannot take even that within
``SLOW_SECONDS`` is closed; its page reconnects (``retry``) and says it had fallen behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)
HEARTBEAT = 15.0
SLOW_SECONDS = 5.0
RETRY = b"retry: 1000\n\n"  # a browser that lost the stream tries again after a second
STILL_HERE = b": still here\n\n"
BUSY = [(b"content-type", b"text/plain; charset=utf-8"), (b"retry-after", b"10")]


class Listener:
    """One viewer's unsent events: the latest standings and the latest row per table."""

    def __init__(self) -> None:
        self.standings = b""
        self.tables: dict[int, bytes] = {}
        self.ready = asyncio.Event()

    def put_standings(self, body: bytes) -> None:
        """The newest standings event (replacing one not yet sent)."""
        self.standings = body
        self.ready.set()

    def put_table(self, table: int, body: bytes) -> None:
        """Table ``table``'s newest row event (replacing one not yet sent)."""
        self.tables[table] = body
        self.ready.set()

    def take(self) -> bytes:
        """Everything unsent, as one chunk (standings first), and nothing left."""
        chunk = self.standings + b"".join(self.tables[t] for t in sorted(self.tables))
        self.standings, self.tables = b"", {}
        self.ready.clear()
        return chunk

    async def next(self, timeout: float) -> bytes:
        """The next chunk, or a heartbeat comment after ``timeout`` seconds of nothing."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ready.wait(), timeout)
        return self.take() or STILL_HERE


class EventStream:
    """The ASGI app of ``GET /events``: it sends with a deadline, which a streaming
    response cannot (its send waits for as long as the viewer does not read)."""

    def __init__(
        self,
        listen: Callable[[], Listener],
        forget: Callable[[Listener], None],
        slow: float = SLOW_SECONDS,
        heartbeat: float = HEARTBEAT,
        count: Callable[[], int] = lambda: 0,
        most: int = 1 << 30,
    ) -> None:
        self.listen = listen
        self.forget = forget
        self.count = count  # the viewers now
        self.most = most  # and the most at once
        self.slow = slow
        self.heartbeat = heartbeat

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if self.count() >= self.most:  # room left for the organiser's requests
            await send({"type": "http.response.start", "status": 503, "headers": BUSY})
            await send({"type": "http.response.body", "body": b"too many live pages\n"})
            return
        listener = self.listen()
        gone = asyncio.create_task(_disconnected(receive))
        try:
            await send(
                {
                    "type": "http.response.start",
                    "status": 200,
                    "headers": [
                        (b"content-type", b"text/event-stream; charset=utf-8"),
                        (b"cache-control", b"no-cache"),
                        (b"x-accel-buffering", b"no"),
                    ],
                }
            )
            chunk = RETRY + listener.take()
            while not gone.done():
                body = {"type": "http.response.body", "body": chunk, "more_body": True}
                try:
                    await asyncio.wait_for(send(body), self.slow)
                except TimeoutError:
                    # Returning without ending the response makes the server close the
                    # connection: the page reconnects and gets the latest standings.
                    log.warning("an SSE viewer took no data for %.0f s: closed", self.slow)
                    return
                waiting = asyncio.create_task(listener.next(self.heartbeat))
                await asyncio.wait({waiting, gone}, return_when=asyncio.FIRST_COMPLETED)
                if not waiting.done():
                    waiting.cancel()
                    return
                chunk = waiting.result()
        finally:
            self.forget(listener)
            gone.cancel()


async def _disconnected(receive: Any) -> None:
    """Returns once the viewer has gone (``http.disconnect``)."""
    while (await receive())["type"] != "http.disconnect":
        pass
