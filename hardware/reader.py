"""The card reader on the host: the JSON Lines protocol and the serial port that carries it.

Three layers, each usable alone (the contract is ``READER.md``):

- ``parse_line`` / ``parse_line_verbose`` turn one line of bytes into a small frozen
  message (``Hello``, ``CardRead``, ``UnknownTag``, ``Taught``, ``ReaderError``) or reject
  it with a reason; ``encode_command`` turns a host command into bytes. Pure, never raise.
- ``LineAssembler`` cuts a byte stream, split anywhere, into lines of bounded length.
- ``CardReader`` owns the port: a daemon thread opens it, reads, parses and calls back,
  and reopens it every ``reopen_interval`` seconds while it is missing.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Final, Literal, Protocol, TypeAlias

import serial

logger = logging.getLogger(__name__)

PROTOCOL_VERSION: Final = 1
"""The ``proto`` this host speaks; a reader saying another one is logged, not refused."""
DEFAULT_PORT: Final = "/dev/ttyACM0"
BAUDRATE: Final = 115200
MAX_LINE: Final = 512
"""Longest accepted line in bytes, not counting its ``\\n`` or ``\\r\\n`` terminator."""

READER_CARDS: Final[frozenset[str]] = frozenset(
    [rank + suit for suit in "SHDC" for rank in "AKQJT987"] + ["5H", "3S"]
)
"""Card codes a tag may name: the 32 Kaiser cards plus 7H and 7S (34 codes)."""

_UID = re.compile(r"[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20}")
_EXCERPT = 60


# --- Reader -> host messages -------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """The reader's greeting: firmware version, protocol version, number of taught tags."""

    fw: str
    proto: int
    cards: int


@dataclass(frozen=True)
class CardRead:
    """A tag that names a card was read; ``seq`` counts reads since the reader booted."""

    card: str
    uid: str
    seq: int


@dataclass(frozen=True)
class UnknownTag:
    """A tag that is not in the reader's table was read."""

    uid: str
    seq: int


@dataclass(frozen=True)
class Taught:
    """The reader learnt that tag ``uid`` is ``card``."""

    card: str
    uid: str


@dataclass(frozen=True)
class ReaderError:
    """The reader reports a fault of its own (``code`` is a short word, e.g. ``reader``)."""

    code: str
    message: str


ReaderMessage: TypeAlias = Hello | CardRead | UnknownTag | Taught | ReaderError

RejectKind: TypeAlias = Literal[
    "not_bytes",
    "blank",
    "debug",
    "too_long",
    "encoding",
    "json",
    "not_object",
    "unknown_type",
    "field",
    "card",
    "uid",
]


@dataclass(frozen=True)
class Rejected:
    """A line that is not a message, with why (for the log); ``debug`` lines are normal."""

    kind: RejectKind
    reason: str
    excerpt: bytes = b""

    def __str__(self) -> str:
        return f"{self.reason}: {self.excerpt!r}" if self.excerpt else self.reason


class _Bad(Exception):
    """Internal: a field check failed (never escapes this module)."""

    def __init__(self, kind: RejectKind, reason: str) -> None:
        super().__init__(reason)
        self.kind: RejectKind = kind
        self.reason = reason


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _Bad("json", f"duplicate key {key!r}")
        obj[key] = value
    return obj


def _no_constants(name: str) -> Any:
    raise _Bad("json", f"{name} is not JSON")


def _field(obj: dict[str, Any], name: str, kind: type) -> Any:
    if name not in obj:
        raise _Bad("field", f"{obj['type']}: missing {name!r}")
    value = obj[name]
    # bool is an int in Python but not a number in this protocol.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _Bad("field", f"{obj['type']}: {name!r} must be {kind.__name__}, not {value!r}")
    return value


def _count(obj: dict[str, Any], name: str, minimum: int = 0) -> int:
    value: int = _field(obj, name, int)
    if value < minimum:
        raise _Bad("field", f"{obj['type']}: {name!r} must be >= {minimum}, not {value}")
    return value


def _text(obj: dict[str, Any], name: str, *, empty: bool = False) -> str:
    value: str = _field(obj, name, str)
    if not value and not empty:
        raise _Bad("field", f"{obj['type']}: {name!r} is empty")
    return value


def _card(obj: dict[str, Any]) -> str:
    value: str = _field(obj, "card", str)
    if value not in READER_CARDS:
        raise _Bad("card", f"{obj['type']}: {value!r} is not a card of the pack")
    return value


def _uid(obj: dict[str, Any]) -> str:
    value: str = _field(obj, "uid", str)
    if not _UID.fullmatch(value):
        raise _Bad("uid", f"{obj['type']}: uid {value!r} is not upper-case hex of 4, 7 or 10 bytes")
    return value


def _message(obj: dict[str, Any]) -> ReaderMessage:
    kind = obj.get("type")
    if not isinstance(kind, str):
        raise _Bad("unknown_type", f"'type' must be a string, not {kind!r}")
    if kind == "card":
        return CardRead(card=_card(obj), uid=_uid(obj), seq=_count(obj, "seq"))
    if kind == "unknown":
        return UnknownTag(uid=_uid(obj), seq=_count(obj, "seq"))
    if kind == "hello":
        return Hello(fw=_text(obj, "fw"), proto=_count(obj, "proto", 1), cards=_count(obj, "cards"))
    if kind == "taught":
        return Taught(card=_card(obj), uid=_uid(obj))
    if kind == "error":
        return ReaderError(code=_text(obj, "code"), message=_text(obj, "message", empty=True))
    raise _Bad("unknown_type", f"unknown type {kind!r}")


def parse_line_verbose(line: bytes | bytearray | memoryview) -> ReaderMessage | Rejected:
    """Parse one line from the reader (a trailing ``\\n``/``\\r\\n`` is allowed); never raises.

    Extra fields are ignored, so a newer reader can add some.

    >>> parse_line_verbose(b'{"type": "card", "card": "5H", "uid": "04A1B2C3D4E5F6", "seq": 3}')
    CardRead(card='5H', uid='04A1B2C3D4E5F6', seq=3)
    >>> parse_line_verbose(b'{"type": "card", "card": "5S", "uid": "04A1B2C3", "seq": 3}').reason
    "card: '5S' is not a card of the pack"
    """
    if not isinstance(line, bytes | bytearray | memoryview):
        return Rejected("not_bytes", f"not bytes but {type(line).__name__}")
    raw = bytes(line)
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    excerpt = raw[:_EXCERPT]
    if len(raw) > MAX_LINE:
        return Rejected("too_long", f"line of {len(raw)} bytes (over {MAX_LINE})", excerpt)
    if not raw.strip():
        return Rejected("blank", "blank line")
    if raw.startswith(b"#"):
        return Rejected("debug", "debug line", raw)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Rejected("encoding", f"not UTF-8 ({exc.reason} at byte {exc.start})", excerpt)
    try:
        obj = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except _Bad as bad:
        return Rejected(bad.kind, bad.reason, excerpt)
    except (ValueError, RecursionError) as exc:
        return Rejected("json", f"not JSON ({exc})", excerpt)
    if not isinstance(obj, dict):
        return Rejected("not_object", f"JSON {type(obj).__name__}, not an object", excerpt)
    try:
        return _message(obj)
    except _Bad as bad:
        return Rejected(bad.kind, bad.reason, excerpt)


def parse_line(line: bytes | bytearray | memoryview) -> ReaderMessage | None:
    """Parse one line from the reader, or None for anything that is not a message.

    >>> parse_line(b'{"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 32}\\n')
    Hello(fw='1.0.0', proto=1, cards=32)
    >>> parse_line(b"# rc522 init ok") is None
    True
    """
    result = parse_line_verbose(line)
    return None if isinstance(result, Rejected) else result


# --- Host -> reader commands -------------------------------------------------------------


def _check_card(card: str) -> None:
    if card not in READER_CARDS:
        raise ValueError(f"{card!r} is not a card of the pack (expected e.g. 'AS', '5H', 'TD')")


@dataclass(frozen=True)
class AskHello:
    """Ask the reader to say hello (version and number of taught tags)."""


@dataclass(frozen=True)
class Teach:
    """The next unknown tag read becomes ``card``; raises ValueError for a code not in the pack."""

    card: str

    def __post_init__(self) -> None:
        _check_card(self.card)


@dataclass(frozen=True)
class Forget:
    """Forget the tags of ``card``, or every tag when ``card`` is None; raises ValueError."""

    card: str | None = None

    def __post_init__(self) -> None:
        if self.card is not None:
            _check_card(self.card)


ReaderCommand: TypeAlias = AskHello | Teach | Forget


def encode_command(command: ReaderCommand) -> bytes:
    """Encode a command as one JSON line; raises TypeError for something else.

    >>> encode_command(Teach("AS"))
    b'{"type": "teach", "card": "AS"}\\n'
    >>> encode_command(Forget())
    b'{"type": "forget"}\\n'
    """
    obj: dict[str, str]
    if isinstance(command, AskHello):
        obj = {"type": "hello"}
    elif isinstance(command, Teach):
        obj = {"type": "teach", "card": command.card}
    elif isinstance(command, Forget):
        obj = {"type": "forget"}
        if command.card is not None:
            obj["card"] = command.card
    else:
        raise TypeError(f"not a reader command: {command!r}")
    return json.dumps(obj).encode("ascii") + b"\n"


# --- Byte stream -> lines ----------------------------------------------------------------


class LineAssembler:
    """Cut byte chunks into lines; memory stays under ``max_line + 2`` bytes.

    Lines come out without their ``\\n`` or ``\\r\\n``. A line longer than ``max_line`` is
    dropped up to the next newline and comes out as a ``Rejected("too_long")`` instead.

    >>> lines = LineAssembler()
    >>> lines.feed(b'{"type": "he') + lines.feed(b'llo"}\\r\\n# x\\n{"t')
    [b'{"type": "hello"}', b'# x']
    >>> lines.pending
    3
    """

    def __init__(self, max_line: int = MAX_LINE) -> None:
        self.max_line = max_line
        self._buf = bytearray()
        self._dropping = False
        self._dropped = 0
        self._excerpt = b""

    @property
    def pending(self) -> int:
        """Bytes held for the unfinished line: at most ``max_line + 1``."""
        return len(self._buf)

    def feed(self, chunk: bytes) -> list[bytes | Rejected]:
        """Add a chunk; return the lines it completed, in order."""
        out: list[bytes | Rejected] = []
        start, size = 0, len(chunk)
        while start < size:
            newline = chunk.find(b"\n", start)
            end = size if newline < 0 else newline
            self._take(chunk[start:end])
            if newline < 0:
                break
            out.append(self._finish())
            start = newline + 1
        return out

    def reset(self) -> bytes:
        """Forget the unfinished line (e.g. after the port was lost) and return what it held."""
        partial = b"" if self._dropping else bytes(self._buf)
        self._buf.clear()
        self._dropping, self._dropped = False, 0
        return partial

    def _take(self, piece: bytes) -> None:
        if self._dropping:
            self._dropped += len(piece)
        elif len(self._buf) + len(piece) > self.max_line + 1:  # + 1: room for a '\r'
            self._dropping, self._dropped = True, len(self._buf) + len(piece)
            self._excerpt = bytes((self._buf + piece[:_EXCERPT])[:_EXCERPT])
            self._buf.clear()
        else:
            self._buf += piece

    def _finish(self) -> bytes | Rejected:
        if self._dropping:
            dropped, self._dropping, self._dropped = self._dropped, False, 0
            return Rejected(
                "too_long", f"line of {dropped} bytes (over {self.max_line})", self._excerpt
            )
        line = bytes(self._buf)
        self._buf.clear()
        if line.endswith(b"\r"):
            line = line[:-1]
        if len(line) > self.max_line:
            return Rejected(
                "too_long", f"line of {len(line)} bytes (over {self.max_line})", line[:_EXCERPT]
            )
        return line


# --- Log rate limiting -------------------------------------------------------------------


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


# --- The port ----------------------------------------------------------------------------


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
    not messages are logged (rate-limited). On each (re)connection the reader is asked for
    its hello unless ``hello_on_connect`` is False. A reader is started once.
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
