"""The reader's line protocol alone: every message, many kinds of noise, commands, lines."""

from __future__ import annotations

import doctest
import json

import pytest

import hardware.reader as reader_module
from hardware.reader import (
    MAX_LINE,
    READER_CARDS,
    AskHello,
    CardRead,
    Forget,
    Hello,
    LineAssembler,
    RateLimit,
    ReaderFault,
    Rejected,
    Taught,
    Teach,
    UnknownTag,
    encode_command,
    parse_line,
    parse_line_verbose,
)
from kaiser_core.cards import Card

C = Card.from_code  # a card of the pack, as the parser makes it

UID7 = "04A1B2C3D4E5F6"

VALID = [
    (b'{"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 32}', Hello("1.0.0", 1, 32)),
    (b'{"type":"hello","fw":"2.1","proto":2,"cards":0}', Hello("2.1", 2, 0)),
    (
        b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 17}',
        CardRead(C("AS"), UID7, 17),
    ),
    (
        b'{"type": "card", "card": "5H", "uid": "DEADBEEF", "seq": 0}',
        CardRead(C("5H"), "DEADBEEF", 0),
    ),
    (
        b'{"type": "card", "card": "3S", "uid": "00112233445566778899", "seq": 9}',
        CardRead(C("3S"), "00112233445566778899", 9),
    ),
    (
        b'{"type": "card", "card": "7H", "uid": "04A1B2C3D4E5F6", "seq": 1}',
        CardRead(C("7H"), UID7, 1),
    ),
    (
        b'{"type": "card", "card": "7S", "uid": "04A1B2C3D4E5F6", "seq": 2}',
        CardRead(C("7S"), UID7, 2),
    ),
    (
        b'{"seq": 4, "uid": "04A1B2C3D4E5F6", "card": "TD", "type": "card"}',
        CardRead(C("TD"), UID7, 4),
    ),
    (b'{"type": "unknown", "uid": "04A1B2C3D4E5F6", "seq": 18}', UnknownTag(UID7, 18)),
    (
        b'{"type": "taught", "card": "AS", "uid": "04A1B2C3D4E5F6"}',
        Taught(C("AS"), UID7),
    ),
    (
        b'{"type": "error", "code": "reader", "message": "antenna gain reset"}',
        ReaderFault("reader", "antenna gain reset"),
    ),
    (b'{"type": "error", "code": "flash", "message": ""}', ReaderFault("flash", "")),
    # Terminators, surrounding whitespace and extra fields a newer reader might add.
    (b'{"type": "unknown", "uid": "DEADBEEF", "seq": 1}\n', UnknownTag("DEADBEEF", 1)),
    (b'{"type": "unknown", "uid": "DEADBEEF", "seq": 1}\r\n', UnknownTag("DEADBEEF", 1)),
    (b'  {"type": "unknown", "uid": "DEADBEEF", "seq": 1}\t ', UnknownTag("DEADBEEF", 1)),
    (
        b'{"type": "taught", "card": "9C", "uid": "DEADBEEF", "ms": 12}',
        Taught(C("9C"), "DEADBEEF"),
    ),
    (
        b'{"type": "error", "code": "r\\u00e9", "message": "\xc3\xa9t\xc3\xa9"}',
        ReaderFault("r\u00e9", "\u00e9t\u00e9"),
    ),
]

CARD = '{"type": "card", "card": %s, "uid": "04A1B2C3D4E5F6", "seq": 5}'
HELLO = '{"type": "hello", "fw": %s, "proto": %s, "cards": %s}'

INVALID = [
    (b"", "blank"),
    (b"   \r\n", "blank"),
    (b"\n", "blank"),
    (b"# rc522 version 0x92", "debug"),
    (b"#", "debug"),
    (b"{" + b" " * MAX_LINE + b"}", "too_long"),
    (b"\xff\xfe{}", "encoding"),
    (b'{"type": "error", "code": "x", "message": "\xc3"}', "encoding"),
    (b'\xef\xbb\xbf{"type": "hello", "fw": "1", "proto": 1, "cards": 1}', "json"),  # BOM
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3', "json"),  # partial
    (b'"type": "card"}', "json"),
    (b"hello", "json"),
    (b"\x00\x01\x02", "json"),
    (b'{"type": "card"} {"type": "card"}', "json"),
    (b'{"type": "hello", "fw": "1", "proto": NaN, "cards": 1}', "json"),
    (b'{"type": "hello", "fw": "1", "proto": Infinity, "cards": 1}', "json"),
    (b'{"type": "hello", "type": "hello", "fw": "1", "proto": 1, "cards": 1}', "json"),
    (b"[" * 200 + b"]" * 200, "not_object"),
    (b"[" * 300, "json"),
    (b'["type", "card"]', "not_object"),
    (b"17", "not_object"),
    (b'"card"', "not_object"),
    (b"null", "not_object"),
    (b"{}", "unknown_type"),
    (b'{"card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 5}', "unknown_type"),
    (b'{"type": null}', "unknown_type"),
    (b'{"type": 1}', "unknown_type"),
    (b'{"type": "Card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 5}', "unknown_type"),
    (b'{"type": "teach", "card": "AS"}', "unknown_type"),  # host->reader, echoed back
    (b'{"type": "hello"}', "field"),
    ((HELLO % ('""', 1, 32)).encode(), "field"),
    ((HELLO % (1, 1, 32)).encode(), "field"),
    (b'{"type": "hello", "fw": "1", "proto": 1}', "field"),
    (b'{"type": "hello", "fw": "1", "cards": 1}', "field"),
    (b'{"type": "hello", "proto": 1, "cards": 1}', "field"),
    (b'{"type": "hello", "fw": "1", "proto": 1, "cards": 1, "fw": "2"}', "json"),
    (b'{"type": "hello", "fw": "1", "proto": 0, "cards": 1}', "field"),
    (b'{"type": "hello", "fw": "1", "proto": 1, "cards": -1}', "field"),
    (b'{"type": "hello", "fw": "1", "proto": 1.0, "cards": 1}', "field"),
    (b'{"type": "hello", "fw": "1", "proto": true, "cards": 1}', "field"),
    (b'{"type": "hello", "fw": "1", "proto": "1", "cards": 1}', "field"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6"}', "field"),
    (b'{"type": "card", "card": "AS", "seq": 1}', "field"),
    (b'{"type": "card", "uid": "04A1B2C3D4E5F6", "seq": 1}', "field"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": -1}', "field"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 1.5}', "field"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": false}', "field"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": null}', "field"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6", "seq": 1e3}', "field"),
    (b'{"type": "card", "card": "AS", "uid": 1234, "seq": 1}', "field"),
    ((CARD % "null").encode(), "field"),
    ((CARD % '["AS"]').encode(), "field"),
    ((CARD % '"as"').encode(), "card"),
    ((CARD % '"A\u2660"').encode(), "card"),
    ((CARD % '"10S"').encode(), "card"),
    ((CARD % '"5S"').encode(), "card"),  # the 5 is only of hearts
    ((CARD % '"3H"').encode(), "card"),  # the 3 is only of spades
    ((CARD % '"6D"').encode(), "card"),
    ((CARD % '"2C"').encode(), "card"),
    ((CARD % '"AX"').encode(), "card"),
    ((CARD % '" AS"').encode(), "card"),
    ((CARD % '""').encode(), "card"),
    (b'{"type": "taught", "card": "ZZ", "uid": "04A1B2C3D4E5F6"}', "card"),
    (b'{"type": "card", "card": "AS", "uid": "04a1b2c3d4e5f6", "seq": 1}', "uid"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2", "seq": 1}', "uid"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4", "seq": 1}', "uid"),  # 5 bytes
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F", "seq": 1}', "uid"),  # odd
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6A7", "seq": 1}', "uid"),  # 8 bytes
    (b'{"type": "card", "card": "AS", "uid": "04A1B2C3D4E5F6\\n", "seq": 1}', "uid"),
    (b'{"type": "card", "card": "AS", "uid": "04:A1:B2:C3", "seq": 1}', "uid"),
    (b'{"type": "card", "card": "AS", "uid": "0x04A1B2C3", "seq": 1}', "uid"),
    (b'{"type": "card", "card": "AS", "uid": "04A1B2G3", "seq": 1}', "uid"),
    (b'{"type": "unknown", "uid": "", "seq": 1}', "uid"),
    (b'{"type": "unknown", "seq": 1}', "field"),
    (b'{"type": "error", "code": "", "message": "x"}', "field"),
    (b'{"type": "error", "code": "reader"}', "field"),
    (b'{"type": "error", "code": "reader", "message": null}', "field"),
]


@pytest.mark.parametrize(("line", "expected"), VALID)
def test_each_message_the_reader_sends_is_understood(line: bytes, expected: object) -> None:
    assert parse_line_verbose(line) == expected
    assert parse_line(line) == expected
    assert parse_line(bytearray(line)) == expected


@pytest.mark.parametrize(("line", "kind"), INVALID)
def test_anything_else_is_refused_with_its_reason(line: bytes, kind: str) -> None:
    result = parse_line_verbose(line)
    assert isinstance(result, Rejected), result
    assert result.kind == kind, result
    assert result.reason
    assert parse_line(line) is None


def test_the_pack_has_the_32_kaiser_cards_and_the_two_sevens() -> None:
    assert len(READER_CARDS) == 34
    assert {"5H", "3S", "7H", "7S", "7D", "7C", "AS", "TD", "8C"} <= READER_CARDS
    assert not {"5S", "5D", "5C", "3H", "3D", "3C", "6H", "2S", "10S"} & READER_CARDS


@pytest.mark.parametrize("card", sorted(READER_CARDS))
def test_every_card_of_the_pack_can_be_read(card: str) -> None:
    line = json.dumps({"type": "card", "card": card, "uid": UID7, "seq": 3}).encode()
    assert parse_line(line) == CardRead(C(card), UID7, 3)


def test_a_line_of_exactly_the_limit_is_read_and_one_byte_more_is_not() -> None:
    head = b'{"type": "unknown", "uid": "DEADBEEF", "seq": 1'
    exact = head + b" " * (MAX_LINE - len(head) - 1) + b"}"
    assert len(exact) == MAX_LINE
    assert parse_line(exact + b"\r\n") == UnknownTag("DEADBEEF", 1)
    too_long = parse_line_verbose(b" " + exact)
    assert isinstance(too_long, Rejected) and too_long.kind == "too_long"
    assert "513 bytes" in too_long.reason


def test_the_reason_says_what_was_wrong() -> None:
    result = parse_line_verbose((CARD % '"5S"').encode())
    assert isinstance(result, Rejected)
    assert "'5S'" in result.reason and "'5S'" in str(result)
    assert result.excerpt.startswith(b'{"type": "card"')


def test_a_debug_line_keeps_its_text_for_the_log() -> None:
    assert parse_line_verbose(b"# teach mode: waiting\r\n") == Rejected(
        "debug", "debug line", b"# teach mode: waiting"
    )


def test_something_that_is_not_bytes_is_refused_not_raised() -> None:
    result = parse_line_verbose("{}")  # type: ignore[arg-type]
    assert isinstance(result, Rejected) and result.kind == "not_bytes"
    assert parse_line(None) is None  # type: ignore[arg-type]


# --- Commands ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (AskHello(), {"type": "hello"}),
        (Teach("AS"), {"type": "teach", "card": "AS"}),
        (Teach("5H"), {"type": "teach", "card": "5H"}),
        (Forget("3S"), {"type": "forget", "card": "3S"}),
        (Forget(), {"type": "forget"}),
    ],
)
def test_commands_are_one_json_object_per_line(command: object, expected: dict[str, str]) -> None:
    data = encode_command(command)  # type: ignore[arg-type]
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    assert json.loads(data) == expected


@pytest.mark.parametrize("card", ["as", "5S", "10S", "", "AS "])
def test_a_command_for_a_card_not_in_the_pack_is_an_error(card: str) -> None:
    with pytest.raises(ValueError, match="not a card of the pack"):
        Teach(card)
    with pytest.raises(ValueError, match="not a card of the pack"):
        Forget(card)


def test_encoding_something_else_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        encode_command(Hello("1", 1, 1))  # type: ignore[arg-type]


# --- Lines ---------------------------------------------------------------------------------


def test_lines_split_anywhere_come_out_whole() -> None:
    stream = b'{"type": "hello"}\r\n# debug\n\n{"type": "unknown"}\n'
    for cut in range(len(stream) + 1):
        for cut2 in range(cut, len(stream) + 1):
            lines = LineAssembler()
            out = lines.feed(stream[:cut]) + lines.feed(stream[cut:cut2])
            out += lines.feed(stream[cut2:])
            assert out == [b'{"type": "hello"}', b"# debug", b"", b'{"type": "unknown"}']
            assert lines.pending == 0


def test_byte_at_a_time() -> None:
    lines = LineAssembler()
    out = [item for byte in b"ab\r\ncd\n" for item in lines.feed(bytes([byte]))]
    assert out == [b"ab", b"cd"]


def test_an_over_long_line_is_dropped_up_to_the_next_newline() -> None:
    lines = LineAssembler(max_line=8)
    out = lines.feed(b"ok\n" + b"x" * 5)
    for _ in range(1000):
        out += lines.feed(b"y" * 100)
        assert lines.pending <= 9
    out += lines.feed(b"z\nafter\n")
    assert out[0] == b"ok" and out[2] == b"after" and len(out) == 3
    dropped = out[1]
    assert isinstance(dropped, Rejected) and dropped.kind == "too_long"
    assert "100006 bytes" in dropped.reason
    assert dropped.excerpt.startswith(b"xxxxxyyy")


def test_the_limit_does_not_count_the_terminator() -> None:
    lines = LineAssembler(max_line=4)
    assert lines.feed(b"abcd\r\nabcd\nabcde\n") == [
        b"abcd",
        b"abcd",
        Rejected("too_long", "line of 5 bytes (over 4)", b"abcde"),
    ]
    # A '\r' that is not at the end is part of the line, and counts.
    out = lines.feed(b"abc\rd\r\n")
    assert isinstance(out[0], Rejected) and out[0].kind == "too_long"


def test_reset_returns_the_partial_line() -> None:
    lines = LineAssembler()
    lines.feed(b'{"type": "ca')
    assert lines.reset() == b'{"type": "ca'
    assert lines.feed(b'rd"}\n') == [b'rd"}']


# --- Log rate limit and the doctests -----------------------------------------------------


def test_the_rate_limit_counts_what_it_refused() -> None:
    now = [100.0]
    limit = RateLimit(burst=3, period=60.0, clock=lambda: now[0])
    assert [limit.take()[0] for _ in range(10)] == [True] * 3 + [False] * 7
    now[0] += 59.0
    assert limit.take() == (False, 0)
    now[0] += 1.0
    assert limit.take() == (True, 8)
    assert limit.take() == (True, 0)


def test_the_examples_in_the_docstrings_hold() -> None:
    results = [
        doctest.testmod(module)
        for module in (
            reader_module.protocol,
            reader_module.lines,
            reader_module.port,
            reader_module.seq,
        )
    ]
    assert sum(result.attempted for result in results) >= 10
    assert sum(result.failed for result in results) == 0
