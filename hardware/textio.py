"""Reading input with a size cap, and writing output that survives a closed pipe or full disk."""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
from collections.abc import Callable
from typing import Any, BinaryIO

from kaiser_core.errors import KaiserInputError, KaiserStorageError

MIB = 1 << 20


class InputTooLarge(KaiserInputError):
    """The input is larger than its cap."""


class OutputError(KaiserStorageError):
    """Standard output could not take the result (closed pipe, full disk); one line."""


def read_capped(source: BinaryIO, cap: int) -> bytes:
    """At most ``cap`` bytes; raises InputTooLarge when there is more (``/dev/zero`` ends)."""
    data = source.read(cap + 1)
    if len(data) > cap:
        raise InputTooLarge(f"larger than {cap // MIB} MiB" if cap >= MIB else f"over {cap} bytes")
    return data


def read_file_capped(path: str, cap: int) -> bytes:
    """A file's bytes (``-``: standard input), capped; raises OSError or InputTooLarge."""
    if path == "-":
        binary = getattr(sys.stdin, "buffer", None)
        if binary is None:  # a text stream put in place of stdin (tests, embedding)
            return read_capped(io.BytesIO(sys.stdin.read(cap + 1).encode("utf-8")), cap)
        return read_capped(binary, cap)
    with open(path, "rb") as f:
        return read_capped(f, cap)


def write_stdout(text: str) -> None:
    """Write and flush ``text``; raises OutputError with the reason, never a traceback."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        raise OutputError("standard output was closed before the result was written") from None
    except OSError as err:
        _quiet_stdout()
        raise OutputError(f"cannot write the result: {err.strerror or err}") from None


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush does not fail again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


_compact = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
_escaped = json.JSONEncoder(ensure_ascii=True, separators=(", ", ": ")).encode


def write_json(value: Any) -> None:
    """:func:`json_lines` on stdout; raises OutputError like :func:`write_stdout`.

    Names are written as they are where stdout's encoding has their letters (UTF-8, the
    usual case); on any other stdout (``PYTHONIOENCODING=latin-1``, an ASCII locale) the
    JSON escapes every non-ASCII letter (``\\u2665``): the same JSON to any reader, the
    names whole, where writing them raw would fail (strict) or turn them into ``?``.
    """
    text = json_lines(value)
    try:
        text.encode(getattr(sys.stdout, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json_lines(value, escape=True)
    write_stdout(text)


def json_lines(value: Any, escape: bool = False) -> str:
    """JSON for people and pipes: each key on its line, each hand on one line (C-fast);
    ``escape``: every non-ASCII letter as a ``\\u`` escape."""
    encode = _escaped if escape else _compact
    if isinstance(value, list):
        if not value:  # export --all of a database with no game: not "[", "", "]"
            return "[]\n"
        return "[\n" + ",\n".join(_object(v, "  ", encode) for v in value) + "\n]\n"
    return _object(value, "", encode) + "\n"


def _object(value: Any, pad: str, encode: Callable[[Any], str]) -> str:
    if not isinstance(value, dict) or not value:
        return pad + encode(value)
    parts = []
    for key, item in value.items():
        if isinstance(item, list) and item:
            inner = f",\n{pad}    ".join(encode(x) for x in item)
            parts.append(f"{pad}  {encode(key)}: [\n{pad}    {inner}\n{pad}  ]")
        else:
            parts.append(f"{pad}  {encode(key)}: {encode(item)}")
    return pad + "{\n" + ",\n".join(parts) + "\n" + pad + "}"
