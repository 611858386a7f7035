"""Noise at the parser and the line assembler: nothing escapes, and what passes is well formed."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.reader import (
    MAX_LINE,
    READER_CARDS,
    CardRead,
    Hello,
    LineAssembler,
    ReaderFault,
    Rejected,
    Taught,
    UnknownTag,
    parse_line_verbose,
)
from kaiser_core.cards import Card

pytestmark = pytest.mark.slow

UID = re.compile(r"[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20}")

GOOD = [
    b'{"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 32}',
    b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 17}',
    b'{"type": "unknown", "uid": "04A1B2C3D4E5F6", "seq": 18}',
    b'{"type": "taught", "card": "5H", "uid": "04A1B2C3D4E5F6"}',
    b'{"type": "error", "code": "reader", "message": "no antenna"}',
    b"# debug output",
]
ATOMS: list[object] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    17,
    2**70,
    1.5,
    -0.0,
    "",
    "AS",
    "5H",
    "5S",
    "as",
    "card",
    "hello",
    "unknown",
    "taught",
    "error",
    "04A1B2C3D4E5F6",
    "DEADBEEF",
    "deadbeef",
    "\u2660",
    "\x00",
    [],
    {},
    ["AS"],
    {"type": "card"},
]
KEYS = ["type", "card", "uid", "seq", "fw", "proto", "cards", "code", "message", "x", ""]


def check(result: object) -> None:
    """A parse result is a Rejected, or a message whose every field is in range."""
    if isinstance(result, Rejected):
        assert result.reason
        return
    if isinstance(result, CardRead | Taught):
        assert isinstance(result.card, Card) and result.card.code in READER_CARDS
    if isinstance(result, CardRead | Taught | UnknownTag):
        assert UID.fullmatch(result.uid)
    if isinstance(result, CardRead | UnknownTag):
        assert type(result.seq) is int and result.seq >= 0
    if isinstance(result, Hello):
        assert result.fw and type(result.proto) is int and result.proto >= 1
        assert type(result.cards) is int and result.cards >= 0
    if isinstance(result, ReaderFault):
        assert result.code and isinstance(result.message, str)
    assert isinstance(result, Hello | CardRead | UnknownTag | Taught | ReaderFault), result


def random_line(rng: random.Random) -> bytes:
    """One line from a mix of pure noise, mutated good lines and random JSON objects."""
    pick = rng.random()
    if pick < 0.3:
        return rng.randbytes(rng.randrange(0, 600))
    if pick < 0.65:
        line = bytearray(rng.choice(GOOD))
        for _ in range(rng.randrange(0, 4)):
            spot = rng.randrange(len(line) + 1)
            action = rng.randrange(4)
            if action == 0 and spot < len(line):
                line[spot] = rng.randrange(256)
            elif action == 1:
                line[spot:spot] = rng.randbytes(rng.randrange(1, 4))
            elif action == 2:
                del line[spot : spot + rng.randrange(1, 6)]
            else:
                line = line[:spot]
        return bytes(line)
    if pick < 0.7:
        return json.dumps(rng.choice([*ATOMS, list(ATOMS[:4])])).encode()
    obj = {rng.choice(KEYS): rng.choice(ATOMS) for _ in range(rng.randrange(0, 6))}
    if rng.random() < 0.8:
        obj["type"] = rng.choice(["card", "unknown", "hello", "taught", "error", "x"])
    return json.dumps(obj, ensure_ascii=rng.random() < 0.5).encode()


def expected_lines(stream: bytes, max_line: int) -> list[bytes | None]:
    """What the assembler must give: each finished line, None where it is too long."""
    out: list[bytes | None] = []
    for raw in stream.split(b"\n")[:-1]:
        line = raw[:-1] if raw.endswith(b"\r") else raw
        out.append(None if len(line) > max_line else line)
    return out


def test_a_hundred_thousand_random_lines_never_raise() -> None:
    rng = random.Random(20240611)
    kinds: dict[str, int] = {}
    for _ in range(100_000):
        result = parse_line_verbose(random_line(rng))
        check(result)
        name = result.kind if isinstance(result, Rejected) else type(result).__name__
        kinds[name] = kinds.get(name, 0) + 1
    # The mix reaches both sides of every check, not only the first one.
    for name in [
        "CardRead",
        "Hello",
        "UnknownTag",
        "Taught",
        "ReaderFault",
        "encoding",
        "json",
        "not_object",
        "unknown_type",
        "field",
        "card",
        "uid",
        "too_long",
    ]:
        assert kinds.get(name, 0) > 100, (name, kinds)


def test_random_streams_in_random_chunks_give_the_same_lines() -> None:
    rng = random.Random(7)
    total = 0
    for _ in range(300):
        max_line = rng.choice([MAX_LINE, 16, 1])
        parts = []
        for _ in range(rng.randrange(1, 40)):
            parts.append(random_line(rng).replace(b"\n", b"\\n"))
            parts.append(rng.choice([b"\n", b"\r\n", b"\r\r\n", b"\n\n"]))
        stream = b"".join(parts) + rng.randbytes(rng.randrange(0, 50)).replace(b"\n", b"")
        lines = LineAssembler(max_line)
        out: list[bytes | Rejected] = []
        start = 0
        while start < len(stream):
            size = rng.choice([1, 2, 3, 7, 64, 1000, 5000])
            out += lines.feed(stream[start : start + size])
            assert lines.pending <= max_line + 1
            start += size
        got = [None if isinstance(item, Rejected) else item for item in out]
        assert got == expected_lines(stream, max_line)
        total += len(got)
        for item in out:
            check(item if isinstance(item, Rejected) else parse_line_verbose(item))
    assert total > 5_000


@settings(max_examples=1500, deadline=None)
@given(st.binary(max_size=700))
def test_any_bytes_at_all(line: bytes) -> None:
    check(parse_line_verbose(line))


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from([*sorted(READER_CARDS), "04A1B2C3D4E5F6", "DEADBEEF"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=6,
)


@settings(max_examples=600, deadline=None)
@given(
    st.sampled_from(["card", "unknown", "hello", "taught", "error", "teach", "forget"]),
    st.dictionaries(st.sampled_from(KEYS[1:]), json_values, max_size=6),
)
def test_any_json_object(kind: str, fields: dict[str, object]) -> None:
    line = json.dumps({"type": kind, **fields}, allow_nan=True).encode()
    check(parse_line_verbose(line))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(max_size=80), max_size=30), st.integers(1, 40))
def test_any_chunks_at_all(chunks: list[bytes], max_line: int) -> None:
    lines = LineAssembler(max_line)
    out: list[bytes | Rejected] = []
    for chunk in chunks:
        out += lines.feed(chunk)
        assert lines.pending <= max_line + 1
    got = [None if isinstance(item, Rejected) else item for item in out]
    assert got == expected_lines(b"".join(chunks), max_line)
