"""The card-reader source: the reader's messages become events; Teach requests go back."""

from __future__ import annotations

import logging
from typing import Any

from hardware.reader import (
    CardRead,
    CardReader,
    RateLimit,
    ReadCounter,
    ReaderFault,
    ReaderMessage,
    Taught,
    UnknownTag,
)
from hardware.reader import Teach as TeachCommand
from hardware.scorer import Scorer
from kaiser_core.messages import Message
from kaiser_core.table.requests import Request, Teach

log = logging.getLogger("hardware.reader")


def reader_event(msg: ReaderMessage, missed: int = 0) -> tuple[str, Any] | None:
    """The scorer's event for one reader message (None for a hello).

    A fault keeps the reader's own words (a failed save is a ``storage`` event: teach mode
    must not count the card); an unknown tag goes to the table, which knows what to say on
    the screen it shows (teach mode asks again, card entry says to teach it). A read after
    ``missed`` reads that never arrived is a ``gap``.

    >>> reader_event(ReaderFault("reader", "antenna not found"))
    ('notice', 'reader: antenna not found')
    >>> reader_event(UnknownTag("04A1B2C3D4E5F6", 18))
    ('unknown', '04A1B2C3D4E5F6')
    >>> reader_event(CardRead("AS", "04A1B2C3D4E5F6", 20), missed=1)
    ('gap', ('card', 'AS'))
    """
    if isinstance(msg, CardRead | UnknownTag):
        kind, value = ("card", msg.card) if isinstance(msg, CardRead) else ("unknown", msg.uid)
        return ("gap", (kind, value)) if missed else (kind, value)
    if isinstance(msg, Taught):
        return ("taught", msg.card)
    if isinstance(msg, ReaderFault):  # the reader's own words say what is wrong
        kind = "storage" if msg.code == "storage" else "notice"
        if msg.message.strip():
            return (kind, Message("reader.fault", message=msg.message.strip()))
        return (kind, Message("reader.fault_code", code=msg.code))
    return None


def attach_reader(scorer: Scorer, port: str, **options: Any) -> CardReader:
    """Start the card reader on ``port``; its messages become the scorer's events.

    The reads' ``seq`` is followed here, on the reader's thread, in the order the lines
    came: a number skipped is a read lost on the way (``gap``).
    """
    reads = ReadCounter()
    gaps = RateLimit()

    def on_message(msg: ReaderMessage) -> None:
        missed = 0
        if isinstance(msg, CardRead | UnknownTag) and (missed := reads.missed(msg.seq)):
            allowed, more = gaps.take()
            if allowed:
                also = f" ({more} more gaps not logged)" if more else ""
                log.warning(
                    "card reader on %s: %d reads lost before #%d%s", port, missed, msg.seq, also
                )
        event = reader_event(msg, missed)
        if event is not None:
            scorer.post(*event)

    def on_status(online: bool) -> None:
        scorer.post("reader", online)

    reader = CardReader(port, on_message, on_status, **options)
    scorer.table.reader_available = True
    reader.start()
    return reader


def handle_reader_request(reader: CardReader | None, request: Request) -> bool:
    """Send a teach request to the reader; True when it was one."""
    if reader is None or not isinstance(request, Teach):
        return False
    reader.send(TeachCommand(request.card.code))
    return True


class ReaderSource:
    """The card reader on a serial port: cards, taught tags, notices and online state."""

    name = "reader"

    def __init__(self, port: str, **options: Any) -> None:
        self.port = port
        self.options = options
        self.reader: CardReader | None = None

    def start(self, scorer: Scorer) -> None:
        """Open the port on the reader's thread and answer the table's Teach requests."""
        self.reader = attach_reader(scorer, self.port, **self.options)
        scorer.on(Teach, self.teach)

    def teach(self, request: Teach) -> None:
        """Ask the reader to learn the next unknown tag as the request's card."""
        handle_reader_request(self.reader, request)

    def close(self) -> None:
        """Stop the reader's thread and close the port."""
        if self.reader is not None:
            self.reader.stop()
