"""Strict JSON for game records: UTF-8 bytes, a size cap, no duplicate keys, no huge numbers.

Every refusal is a RecordError naming the hand and the field, like the record's own checks.

>>> load_record_bytes(b'{"hands": [{"redeal": true, "redeal": true}]}')
Traceback (most recent call last):
...
kaiser_core.errors.RecordError: hand 1: duplicate key 'redeal'
"""

from __future__ import annotations

import json
from typing import Any

from kaiser_core.errors import RecordError

#: The largest record ``score`` reads: 8 MiB is some 50,000 hands, far more than any game.
MAX_RECORD_BYTES = 8 << 20
#: No number in a record needs more digits (Python refuses over 4,300 anyway).
MAX_DIGITS = 20


class _Bad:
    """A value the record may not hold, kept in place so that the error can say where."""

    def __init__(self, message: str) -> None:
        self.message = message


class _Object(dict[str, Any]):
    """A decoded object that remembers its first duplicate key."""

    duplicate: str | None = None


def _pairs(pairs: list[tuple[str, Any]]) -> _Object:
    obj = _Object()
    for key, value in pairs:
        if key in obj and obj.duplicate is None:
            obj.duplicate = key
        obj[key] = value
    return obj


def _int(text: str) -> int | _Bad:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        return _Bad(f"a number of {digits} digits")
    return int(text)


def _float(text: str) -> float | _Bad:
    if len(text) > 40:
        return _Bad(f"a number of {len(text)} characters")
    return float(text)


def _constant(text: str) -> _Bad:
    return _Bad(text)


def _find(value: Any, path: list[str | int]) -> tuple[list[str | int], str] | None:
    """The first bad spot (path, message) in decoded JSON, depth first; None if sound."""
    if isinstance(value, _Bad):
        return path, f"{value.message} is not allowed"
    if isinstance(value, _Object):
        if value.duplicate is not None:
            return [*path, value.duplicate], f"duplicate key {value.duplicate!r}"
        for key, item in value.items():
            found = _find(item, [*path, key])
            if found:
                return found
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found = _find(item, [*path, index])
            if found:
                return found
    return None


def _where(path: list[str | int]) -> tuple[int | None, str]:
    """``["hands", 2, "contract", "bid"]`` -> hand 3, field ``contract.bid``."""
    hand = None
    rest = path
    if len(path) >= 2 and path[0] == "hands" and isinstance(path[1], int):
        hand, rest = path[1] + 1, path[2:]
    field = ""
    for part in rest:
        field += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if field else part)
    return hand, field or ("hand" if hand is not None else "record")


def load_record_bytes(data: bytes, source: str = "") -> Any:
    """Decode a record's bytes; raises RecordError (naming hand and field) for bad JSON."""
    where = f"{source}: " if source else ""
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{where}a record must not be larger than {MAX_RECORD_BYTES >> 20} MiB",
            field="record",
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise RecordError(f"{where}not UTF-8 text (byte {err.start})", field="record") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        value = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_int=_int,
            parse_float=_float,
            parse_constant=_constant,
        )
    except json.JSONDecodeError as err:
        raise RecordError(
            f"{where}invalid JSON at line {err.lineno} column {err.colno}: {err.msg}",
            field="record",
        ) from None
    except RecursionError:
        raise RecordError(f"{where}invalid JSON: nested too deeply", field="record") from None
    found = _find(value, [])
    if found is not None:
        path, message = found
        hand, field = _where(path)
        raise RecordError(f"{field}: {message}", hand=hand, field=field)
    return value


__all__ = ["MAX_RECORD_BYTES", "load_record_bytes"]
