"""The card reader's JSON Lines protocol (READER.md): pure parsing and encoding, never I/O.

``parse_line`` / ``parse_line_verbose`` turn one line of bytes into a small frozen message
(``Hello``, ``CardRead``, ``UnknownTag``, ``Taught``, ``ReaderFault``) or reject it with a
reason; ``encode_command`` turns a host command into bytes. Parsing never raises. A card
comes out as the core's ``Card``: the code is read here once, and nothing after the parser
reads it again (the scorer's loop hands that ``Card`` to the table).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Final, Literal, TypeAlias

from kaiser_core.cards import SKAT_PACK, Card
from kaiser_core.errors import KaiserInputError

PROTOCOL_VERSION: Final = 1
"""The ``proto`` this host speaks; a reader saying another one is logged, not refused."""
MAX_LINE: Final = 512
"""Longest accepted line in bytes, not counting its ``\\n`` or ``\\r\\n`` terminator."""

_PACK: Final[dict[str, Card]] = {card.code: card for card in SKAT_PACK}
READER_CARDS: Final[frozenset[str]] = frozenset(_PACK)
"""Card codes a tag may name: the core's skat pack, the 32 Kaiser cards plus 7H and 7S."""

_UID = re.compile(r"[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20}")
EXCERPT: Final = 60


class ReaderError(KaiserInputError):
    """Root of the card reader's errors."""


class BadCommand(ReaderError):
    """A host command that cannot be sent (a card code not in the pack); a ValueError too."""


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

    card: Card
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

    card: Card
    uid: str


@dataclass(frozen=True)
class ReaderFault:
    """The reader reports a fault of its own (``code`` is a short word, e.g. ``reader``)."""

    code: str
    message: str


ReaderMessage: TypeAlias = Hello | CardRead | UnknownTag | Taught | ReaderFault

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


class _Bad(ReaderError):
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


def _card(obj: dict[str, Any]) -> Card:
    value: str = _field(obj, "card", str)
    card = _PACK.get(value)
    if card is None:
        raise _Bad("card", f"{obj['type']}: {value!r} is not a card of the pack")
    return card


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
        return ReaderFault(code=_text(obj, "code"), message=_text(obj, "message", empty=True))
    raise _Bad("unknown_type", f"unknown type {kind!r}")


def parse_line_verbose(line: bytes | bytearray | memoryview) -> ReaderMessage | Rejected:
    """Parse one line from the reader (a trailing ``\\n``/``\\r\\n`` is allowed); never raises.

    Extra fields are ignored, so a newer reader can add some.

    >>> parse_line_verbose(b'{"type": "card", "card": "5H", "uid": "04A1B2C3D4E5F6", "seq": 3}')
    CardRead(card=Card.from_code('5H'), uid='04A1B2C3D4E5F6', seq=3)
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
    excerpt = raw[:EXCERPT]
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
        raise BadCommand(f"{card!r} is not a card of the pack (expected e.g. 'AS', '5H', 'TD')")


@dataclass(frozen=True)
class AskHello:
    """Ask the reader to say hello (version and number of taught tags)."""


@dataclass(frozen=True)
class Teach:
    """The next unknown tag read becomes ``card``; raises BadCommand for a code not in the pack."""

    card: str

    def __post_init__(self) -> None:
        _check_card(self.card)


@dataclass(frozen=True)
class Forget:
    """Forget the tags of ``card``, or every tag when ``card`` is None; raises BadCommand."""

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
