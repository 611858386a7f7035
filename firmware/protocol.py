"""The reader's JSON Lines protocol (proto 1): encode reader messages, decode host lines.

>>> card("AS", "04A1B2C3D4E5F6", 17)
'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 17}\\n'
"""

import json

from cards import card_problem

FW_VERSION = "1.0.0"
PROTO = 1
MAX_LINE = 256
HOST_TYPES = ("hello", "teach", "forget")


class ProtocolError(Exception):
    """A host line that is not a valid command; ``code`` and ``message`` go into an error."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _line(pairs: list) -> str:
    # Built by hand: MicroPython dicts do not keep insertion order.
    return "{" + ", ".join(json.dumps(k) + ": " + json.dumps(v) for k, v in pairs) + "}\n"


def hello(cards: int) -> str:
    """The greeting sent at boot and on request; ``cards`` is the table's size."""
    return _line([("type", "hello"), ("fw", FW_VERSION), ("proto", PROTO), ("cards", cards)])


def card(code: str, uid: str, seq: int) -> str:
    """A read of a tag that is in the table."""
    return _line([("type", "card"), ("card", code), ("uid", uid), ("seq", seq)])


def unknown(uid: str, seq: int) -> str:
    """A read of a tag that is not in the table."""
    return _line([("type", "unknown"), ("uid", uid), ("seq", seq)])


def taught(code: str, uid: str) -> str:
    """A teach that took effect."""
    return _line([("type", "taught"), ("card", code), ("uid", uid)])


def error(code: str, message: str) -> str:
    """An error report; ``code`` is a short word such as ``reader`` or ``bad_json``."""
    return _line([("type", "error"), ("code", code), ("message", message)])


def debug(text: str) -> str:
    """A ``#`` debug line, which the host ignores."""
    return "# " + text.replace("\n", " ") + "\n"


def _excerpt(raw: bytes) -> str:
    text = "".join(chr(b) if 32 <= b < 127 else "?" for b in raw[:40])
    return text + ("..." if len(raw) > 40 else "")


def decode(raw: bytes) -> dict | None:
    """Decode one host line (without its newline) into a command dict.

    Blank lines and ``#`` debug lines give None. Raises ProtocolError for anything else that
    is not ``hello``, ``teach`` with a valid card, or ``forget`` with an optional valid card.
    """
    raw = raw.strip()
    if not raw or raw[0] == 0x23:  # '#'
        return None
    if b"\x00" in raw:  # MicroPython's json.loads stops at a NUL: the rest would be ignored
        raise ProtocolError("bad_line", "host line has a NUL byte: " + _excerpt(raw))
    try:
        text = raw.decode("utf-8")
    except UnicodeError:
        raise ProtocolError("bad_line", "host line is not UTF-8: " + _excerpt(raw)) from None
    try:
        obj = json.loads(text)
    except ValueError:
        raise ProtocolError("bad_json", "host line is not JSON: " + _excerpt(raw)) from None
    if not isinstance(obj, dict) or not text.endswith("}"):
        # Nothing may follow the object: a parser that stopped early must not act on it.
        raise ProtocolError("bad_message", "expected one JSON object, got " + _excerpt(raw))
    twice = _duplicate_key(text)
    if twice is not None:
        raise ProtocolError("bad_message", "duplicate key " + json.dumps(twice) + " in a host line")
    kind = obj.get("type")
    if kind not in HOST_TYPES:
        raise ProtocolError(
            "unknown_type",
            f"unknown message type {json.dumps(kind)}: expected hello, teach or forget",
        )
    if kind == "teach" or "card" in obj:  # forget every card only without a "card" at all
        problem = card_problem(obj.get("card"))
        if problem:
            raise ProtocolError("bad_card", kind + ": " + problem)
    return obj


def _duplicate_key(text: str) -> str | None:
    """The first key given twice in the line's top-level object, or None."""
    keys = []
    depth = 0
    start = -1
    escaped = False
    last = None  # the last string closed at depth 1, waiting to see if a ':' follows
    for i, ch in enumerate(text):
        if start >= 0:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                last = text[start : i + 1] if depth == 1 else None
                start = -1
            continue
        if ch == '"':
            start = i
        elif ch == ":" and last is not None:
            key = json.loads(last)
            if key in keys:
                return key
            keys.append(key)
            last = None
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
        if ch not in ' \t\r\n":':
            last = None
    return None


class LineBuffer:
    """Split a byte stream into lines; lines longer than ``limit`` come out as None."""

    def __init__(self, limit: int = MAX_LINE) -> None:
        self.limit = limit
        self._buf = bytearray()
        self._overflow = False

    def feed(self, data: bytes) -> list:
        """Add bytes; return the complete lines (bytes, ``\\r\\n`` or ``\\n`` removed)."""
        lines: list = []
        start = 0
        while start < len(data):
            end = data.find(b"\n", start)
            chunk = data[start:] if end < 0 else data[start:end]
            if not self._overflow:
                self._buf.extend(chunk)
                if len(self._buf) > self.limit:
                    self._overflow = True
                    self._buf = bytearray()
            if end < 0:
                break
            if self._overflow:
                lines.append(None)
            else:
                line = bytes(self._buf)
                lines.append(line[:-1] if line.endswith(b"\r") else line)
            self._buf = bytearray()
            self._overflow = False
            start = end + 1
        return lines
