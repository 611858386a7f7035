"""uvicorn for clients that never finish their request (slowloris), under a file limit.

What uvicorn (h11) offers, and what it leaves open (checked on 0.30 to 0.55):

- ``h11_max_incomplete_event_size`` bounds the bytes of a request line and headers (here
  16 KiB); ``timeout_keep_alive`` closes a connection idle *between* requests (5 s).
- There is no header timeout: a connection that sends ``GET / HTTP/1.1`` and then nothing
  (or a byte a minute) is held for ever, and every byte resets the keep-alive timer.
- ``limit_concurrency`` only answers 503 to a *complete* request; connections that never
  complete one are never refused. About a thousand of them reach the open-file limit;
  then every ``accept()`` fails with EMFILE and asyncio logs a traceback for each of
  ``backlog`` accept attempts per turn of the loop: 100,000s of lines on the SD card.

So :class:`GuardedH11` adds the two missing pieces to uvicorn's h11 protocol: a deadline
of ``HEADER_TIMEOUT`` seconds from a request's first byte (or the connection's opening)
to its complete headers, and, when ``limit_concurrency`` connections are open, room for
a new one by closing the oldest that is still waiting for its request (a browser's
request completes in milliseconds; a slow client's never does, so the new browser gets
in and the slow clients go first). The limit follows the process's open-file limit
(:func:`connection_limit`), the listen backlog is small, and :class:`LogLimit` lets each
kind of log line through once a minute, with a count of the ones it held back. The
director's web server can use :func:`guarded_config` and :func:`quiet_loop` the same way.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import resource
import socket
import time
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

#: Seconds from a request's first byte (or the connection's opening) to its last header.
HEADER_TIMEOUT = 10.0
#: Seconds a kept-alive connection may stay idle between requests (uvicorn's default).
KEEP_ALIVE = 5
#: The most bytes of a request line and headers (h11's default; a browser sends ~1 KiB).
MAX_HEADER_BYTES = 16 * 1024
#: Connections the kernel queues for accept(), and asyncio accepts in one turn.
BACKLOG = 64
#: The most connections at once, whatever the open-file limit allows.
MOST_CONNECTIONS = 256
#: Files the process keeps besides connections: Python, the journal's SQLite, the log.
SPARE_FILES = 32
#: Seconds between two log lines of one kind.
LOG_EVERY = 60.0
#: accept() errors of a process out of files or memory (asyncio retries after a second).
OUT_OF = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)

log = logging.getLogger("uvicorn.error")


def connection_limit(files: int | None = None) -> int:
    """Connections that fit the open-file limit ``files`` (default: this process's soft
    limit): what the two accepted-but-not-yet-placed turns of ``BACKLOG`` and the spare
    files leave, at most ``MOST_CONNECTIONS``, at least 8."""
    if files is None:
        files = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if files == resource.RLIM_INFINITY or files < 0:
        return MOST_CONNECTIONS
    return max(8, min(MOST_CONNECTIONS, files - 2 * BACKLOG - SPARE_FILES))


class LogLimit(logging.Filter):
    """One record of each message (its format string) per ``every`` seconds; the next one
    let through says how many were held back."""

    def __init__(self, every: float = LOG_EVERY, clock: Callable[[], float] = time.monotonic):
        super().__init__()
        self.every = every
        self.clock = clock
        self.seen: dict[str, tuple[float, int]] = {}  # format -> (last let through, held)

    def filter(self, record: logging.LogRecord) -> bool:
        key = str(record.msg)
        now = self.clock()
        if key in self.seen:
            last, held = self.seen[key]
            if now - last < self.every:
                self.seen[key] = (last, held + 1)
                return False
            if held:
                record.msg = f"{key} ({held} more like it in the last {now - last:.0f} s)"
        elif len(self.seen) > 1000:  # messages with their values inside: forget the old
            self.seen.clear()
        self.seen[key] = (now, 0)
        return True


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a header deadline and room made for new connections."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.opened = self.loop.time()
        self.deadline: asyncio.TimerHandle | None = None
        self._watch()
        self._make_room()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)  # uvicorn's keep-alive timer stops at any byte
        self._watch()

    def waiting(self) -> bool:
        """No request of this connection is being answered: it waits for one."""
        return self.cycle is None or self.cycle.response_complete

    def _watch(self) -> None:
        """Run the deadline from the opening or a request's first byte until its headers
        are complete. (Between requests uvicorn's keep-alive timer runs; the next byte
        stops it, and arms this.)"""
        if self.transport.is_closing() or not self.waiting():
            self._disarm()
        elif self.deadline is None:
            self.deadline = self.loop.call_later(HEADER_TIMEOUT, self._too_slow)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self) -> None:
        self.deadline = None
        if self.waiting() and not self.transport.is_closing():
            log.warning(
                "closed a connection that did not send its request within %.0f s",
                HEADER_TIMEOUT,
            )
            self.transport.close()

    def _make_room(self) -> None:
        """At ``limit_concurrency`` open connections, close the oldest one still waiting
        for its request (this one if it is the only one)."""
        limit = self.config.limit_concurrency
        if limit is None:
            return
        live = [c for c in self.connections if not c.transport.is_closing()]
        if len(live) < limit:
            return
        waiting = [c for c in live if isinstance(c, GuardedH11) and c.waiting() and c is not self]
        oldest = min(waiting, key=lambda c: c.opened, default=None)
        if oldest is None:
            return  # every other one is answering a request: uvicorn answers 503 to this
        log.warning(
            "%d connections open: closed the oldest one still waiting for its request", limit
        )
        oldest.transport.close()


def guarded_config(app: Any, **settings: Any) -> uvicorn.Config:
    """A uvicorn config for ``app`` on h11 with the guards of this module; ``settings``
    add to or override uvicorn's (the director: ``host``, ``port``, ``log_level``)."""
    config = uvicorn.Config(
        app,
        **{
            "http": GuardedH11,
            "ws": "none",
            "loop": "asyncio",
            "lifespan": "off",
            "access_log": False,
            "log_level": "warning",
            "server_header": False,
            "limit_concurrency": connection_limit(),
            "timeout_keep_alive": KEEP_ALIVE,
            "h11_max_incomplete_event_size": MAX_HEADER_BYTES,
            "backlog": BACKLOG,
            **settings,
        },
    )
    limit = LogLimit()  # after the config: it sets uvicorn's loggers up
    for name in ("uvicorn.error", "asyncio"):
        logging.getLogger(name).addFilter(limit)
    return config


def quiet_loop(loop: asyncio.AbstractEventLoop) -> None:
    """An accept() that fails for want of files is one log line a minute, no traceback;
    anything else asyncio reports is logged as asyncio would, once a minute per kind."""
    default = loop.get_exception_handler()

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        err = context.get("exception")
        if isinstance(err, OSError) and err.errno in OUT_OF:
            log.warning("cannot accept a connection (%s): trying again", err.strerror)
        elif default is not None:
            default(loop, context)
        else:
            loop.default_exception_handler(context)  # the "asyncio" logger: limited too

    loop.set_exception_handler(handler)


def serve(app: Any, sock: socket.socket) -> None:
    """Serve ``app`` on the bound socket ``sock`` until SIGTERM or SIGINT."""
    server = uvicorn.Server(guarded_config(app))

    async def main() -> None:
        quiet_loop(asyncio.get_running_loop())
        await server.serve(sockets=[sock])

    asyncio.run(main())


__all__ = [
    "BACKLOG",
    "HEADER_TIMEOUT",
    "GuardedH11",
    "LogLimit",
    "connection_limit",
    "guarded_config",
    "quiet_loop",
    "serve",
]
