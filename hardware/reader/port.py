"""The card reader's port: a daemon thread that opens it, reads, parses and calls back.

It reopens the port every ``reopen_interval`` seconds while it is missing, so the reader
can be unplugged and plugged back in at any time.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Final, Protocol, TypeAlias

import serial

from hardware.reader.lines import LineAssembler
from hardware.reader.protocol import (
    PROTOCOL_VERSION,
    AskHello,
    Hello,
    ReaderCommand,
    ReaderFault,
    ReaderMessage,
    Rejected,
    encode_command,
    parse_line_verbose,
)

logger = logging.getLogger("hardware.reader")

DEFAULT_PORT: Final = "/dev/ttyACM0"
BAUDRATE: Final = 115200


class RateLimit:
    """Allow ``burst`` events per ``period`` seconds and count the ones refused.

    >>> now = [0.0]
    >>> limit = RateLimit(burst=2, period=10.0, clock=lambda: now[0])
    >>> [limit.take() for _ in range(4)]
    [(True, 0), (True, 0), (False, 0), (False, 0)]
    >>> now[0] = 10.0
    >>> limit.take()
    (True, 2)
    """

    def __init__(
        self, burst: int = 10, period: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.burst, self.period, self._clock = burst, period, clock
        self._start = clock()
        self._used = 0
        self._missed = 0

    def take(self) -> tuple[bool, int]:
        """Return (allowed, how many were refused since the last allowed one)."""
        now = self._clock()
        if now - self._start >= self.period:
            self._start, self._used = now, 0
        if self._used < self.burst:
            self._used += 1
            missed, self._missed = self._missed, 0
            return True, missed
        self._missed += 1
        return False, 0


class SerialPort(Protocol):
    """What ``CardReader`` needs of a pyserial ``Serial``."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, data: bytes, /) -> int | None: ...

    def close(self) -> None: ...


SerialFactory: TypeAlias = Callable[..., SerialPort]
"""Called as ``factory(port, baudrate=..., timeout=..., write_timeout=..., exclusive=...)``."""

MessageCallback: TypeAlias = Callable[[ReaderMessage], None]
StatusCallback: TypeAlias = Callable[[bool], None]


class CardReader:
    """The card reader on a serial port, read by a daemon thread that survives unplugging.

    ``on_message`` gets each parsed message and ``on_status`` each change of online state,
    both on the reader's thread; neither is called once ``stop()`` has begun. Lines that are
    not messages, and the reader's faults, are logged (rate-limited). On each (re)connection
    the reader is asked for its hello unless ``hello_on_connect`` is False. A reader is
    started once.
    """

    def __init__(
        self,
        port: str = DEFAULT_PORT,
        on_message: MessageCallback | None = None,
        on_status: StatusCallback | None = None,
        *,
        serial_factory: SerialFactory = serial.serial_for_url,
        reopen_interval: float = 2.0,
        read_timeout: float = 0.2,
        write_timeout: float = 1.0,
        hello_on_connect: bool = True,
        log_burst: int = 10,
        log_period: float = 60.0,
    ) -> None:
        self.port = port
        self.on_message = on_message
        self.on_status = on_status
        self.serial_factory = serial_factory
        self.reopen_interval = reopen_interval
        self.read_timeout = read_timeout
        self.write_timeout = write_timeout
        self.hello_on_connect = hello_on_connect
        self.hello: Hello | None = None
        """The last hello received, or None."""
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._serial: SerialPort | None = None
        self._thread: threading.Thread | None = None
        self._online: bool | None = None
        self._in_outage = False
        self._lines = LineAssembler()
        self._noise_limit = RateLimit(log_burst, log_period)
        self._debug_limit = RateLimit(log_burst, log_period)
        self._fault_limit = RateLimit(log_burst, log_period)

    def __repr__(self) -> str:
        return f"CardReader({self.port!r})"

    @property
    def online(self) -> bool:
        """True while the port is open."""
        return bool(self._online)

    def start(self) -> None:
        """Start the reading thread; raises RuntimeError if started before."""
        if self._thread is not None:
            raise RuntimeError(f"{self!r} was already started")
        self._thread = threading.Thread(target=self._run, name=f"reader {self.port}", daemon=True)
        self._thread.start()

    def send(self, command: ReaderCommand) -> bool:
        """Write a command to the reader; False when offline or the write failed. Never raises."""
        try:
            data = encode_command(command)
        except Exception:
            logger.exception("card reader: cannot encode %r", command)
            return False
        with self._lock:
            port = self._serial
            if port is None or self._stopping.is_set():
                return False
            try:
                port.write(data)
            except Exception as exc:
                logger.warning("card reader on %s: write failed: %s", self.port, exc)
                return False
        return True

    def stop(self, timeout: float = 1.0) -> None:
        """Stop reading and close the port; safe from any thread, waits up to ``timeout`` s."""
        self._stopping.set()
        port = self._serial
        cancel = getattr(port, "cancel_read", None)
        if cancel is not None:
            # The port may be closing under us: then the read timeout ends the read.
            with contextlib.suppress(Exception):
                cancel()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
            if thread.is_alive():
                logger.warning(
                    "card reader on %s: thread still busy after %.1f s", self.port, timeout
                )
        if thread is None:
            self._close_port()

    close = stop

    def __enter__(self) -> CardReader:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    # --- the thread ---

    def _run(self) -> None:
        try:
            while not self._stopping.is_set():
                try:
                    if self._open():
                        self._read_until_lost()
                except Exception:  # a bug or an odd driver must not end the thread
                    if not self._in_outage:
                        logger.exception("card reader on %s: unexpected error", self.port)
                    self._lost("unexpected error")
                if not self._stopping.is_set() and not self._online:
                    self._stopping.wait(self.reopen_interval)
        finally:
            self._close_port()
            self._online = False  # quietly: no callbacks once stopping

    def _open(self) -> bool:
        try:
            port = self.serial_factory(
                self.port,
                baudrate=BAUDRATE,
                timeout=self.read_timeout,
                write_timeout=self.write_timeout,
                exclusive=True,
            )
        except (serial.SerialException, OSError, ValueError) as exc:
            self._lost(f"cannot open: {exc}")
            return False
        with self._lock:
            self._serial = port
        if self._stopping.is_set():
            return False
        if self.hello_on_connect:
            self.send(AskHello())
        return True

    def _read_until_lost(self) -> None:
        port = self._serial
        assert port is not None
        working = False
        while not self._stopping.is_set():
            try:
                waiting = port.in_waiting
                if not working:  # online once the port answers: one that fails at once is quiet
                    working = True
                    self._found()
                chunk = port.read(min(max(waiting, 1), 4096))
            except (serial.SerialException, OSError) as exc:
                self._lost(f"lost: {exc}")
                return
            if chunk:
                for item in self._lines.feed(chunk):
                    self._handle(item if isinstance(item, Rejected) else parse_line_verbose(item))

    def _found(self) -> None:
        logger.info("card reader %s on %s", "back" if self._in_outage else "found", self.port)
        self._in_outage = False
        self._set_status(True)

    def _lost(self, why: str) -> None:
        self._close_port()
        partial = self._lines.reset()
        if partial:
            logger.debug("card reader on %s: dropped partial line %r", self.port, partial[:60])
        if self._stopping.is_set():
            return
        if not self._in_outage:
            logger.warning(
                "card reader on %s %s; retrying every %g s", self.port, why, self.reopen_interval
            )
            self._in_outage = True
        self._set_status(False)

    def _close_port(self) -> None:
        with self._lock:
            port, self._serial = self._serial, None
        if port is not None:
            try:
                port.close()
            except Exception as exc:
                logger.debug("card reader on %s: close failed: %s", self.port, exc)

    def _handle(self, result: ReaderMessage | Rejected) -> None:
        if isinstance(result, Rejected):
            self._log_rejected(result)
            return
        if isinstance(result, ReaderFault):  # the whole line, whatever the screen can show
            allowed, missed = self._fault_limit.take()  # a reader may repeat it 1000s a second
            if allowed:
                more = f" ({missed} more reports not logged)" if missed else ""
                logger.warning(
                    "card reader on %s reports %s: %s%s",
                    self.port,
                    result.code,
                    result.message or "-",
                    more,
                )
        if isinstance(result, Hello):
            self.hello = result
            if result.proto != PROTOCOL_VERSION:
                logger.warning(
                    "card reader on %s speaks protocol %d, this host %d",
                    self.port,
                    result.proto,
                    PROTOCOL_VERSION,
                )
        if self.on_message is not None and not self._stopping.is_set():
            try:
                self.on_message(result)
            except Exception:
                logger.exception("card reader: on_message failed for %r", result)

    def _log_rejected(self, rejected: Rejected) -> None:
        if rejected.kind == "blank":
            return
        debug = rejected.kind == "debug"
        allowed, missed = (self._debug_limit if debug else self._noise_limit).take()
        if not allowed:
            return
        more = f" ({missed} more not logged)" if missed else ""
        if debug:
            text = rejected.excerpt.decode("utf-8", "replace")
            logger.debug("card reader on %s says %s%s", self.port, text, more)
        else:
            logger.warning("card reader on %s: ignored %s%s", self.port, rejected, more)

    def _set_status(self, online: bool) -> None:
        if self._online is online:
            return
        self._online = online
        if self.on_status is not None and not self._stopping.is_set():
            try:
                self.on_status(online)
            except Exception:
                logger.exception("card reader: on_status failed")
