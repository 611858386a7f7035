"""The card reader on the host: protocol (pure), line assembly, and the port's thread.

Three layers, each usable alone (the contract is ``READER.md``): :mod:`.protocol` parses
lines into messages and encodes commands, :mod:`.lines` cuts a byte stream into bounded
lines, :mod:`.port` owns the serial port (``CardReader``). :mod:`.seq` counts the reads
that never arrived.
"""

from __future__ import annotations

from hardware.reader.lines import LineAssembler
from hardware.reader.port import (
    BAUDRATE,
    DEFAULT_PORT,
    CardReader,
    MessageCallback,
    RateLimit,
    SerialFactory,
    SerialPort,
    StatusCallback,
)
from hardware.reader.protocol import (
    MAX_LINE,
    PROTOCOL_VERSION,
    READER_CARDS,
    AskHello,
    BadCommand,
    CardRead,
    Forget,
    Hello,
    ReaderCommand,
    ReaderError,
    ReaderFault,
    ReaderMessage,
    Rejected,
    RejectKind,
    Taught,
    Teach,
    UnknownTag,
    encode_command,
    parse_line,
    parse_line_verbose,
)
from hardware.reader.seq import ReadCounter

__all__ = [
    "BAUDRATE",
    "DEFAULT_PORT",
    "MAX_LINE",
    "PROTOCOL_VERSION",
    "READER_CARDS",
    "AskHello",
    "BadCommand",
    "CardRead",
    "CardReader",
    "Forget",
    "Hello",
    "LineAssembler",
    "MessageCallback",
    "RateLimit",
    "ReadCounter",
    "ReaderCommand",
    "ReaderError",
    "ReaderFault",
    "ReaderMessage",
    "RejectKind",
    "Rejected",
    "SerialFactory",
    "SerialPort",
    "StatusCallback",
    "Taught",
    "Teach",
    "UnknownTag",
    "encode_command",
    "parse_line",
    "parse_line_verbose",
]
