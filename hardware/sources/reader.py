"""The card-reader source: the reader's messages become the table's events; Teach requests
go back. The source never touches the table: what it knows goes on the scorer's queue."""

from __future__ import annotations

import logging
from typing import Any

from hardware.reader import (
    CardReader,
    RateLimit,
    ReadCounter,
    ReaderMessage,
)
from hardware.reader import Teach as TeachCommand
from hardware.reader import protocol as wire
from hardware.scorer import Scorer
from kaiser_core.messages import Message
from kaiser_core.table.events import (
    CardRead,
    ReaderNotice,
    ReaderPresent,
    ReaderStorage,
    TableEvent,
    TagTaught,
    TagUnknown,
)
from kaiser_core.table.requests import Request, Teach

log = logging.getLogger("hardware.reader")


def reader_event(msg: ReaderMessage, missed: int = 0) -> TableEvent | None:
    """The table's event for one reader message (None for a hello).

    A fault keeps the reader's own words (a failed save is ``ReaderStorage``: teach mode
    must not count the card); an unknown tag goes to the table, which knows what to say on
    the screen it shows (teach mode asks again, card entry says to teach it). A read after
    ``missed`` reads that never arrived comes ``after_gap``. The card is the parser's.

    >>> reader_event(wire.ReaderFault("reader", "antenna not found"))
    ReaderNotice(text='reader: antenna not found')
    >>> reader_event(wire.UnknownTag("04A1B2C3D4E5F6", 18))
    TagUnknown(uid='04A1B2C3D4E5F6', after_gap=False)
    >>> reader_event(wire.parse_line(b'{"type":"card","card":"AS","uid":"04A1B2C3","seq":20}'), 1)
    CardRead(card=Card.from_code('AS'), after_gap=True)
    """
    if isinstance(msg, wire.CardRead):
        return CardRead(msg.card, after_gap=missed > 0)
    if isinstance(msg, wire.UnknownTag):
        return TagUnknown(msg.uid, after_gap=missed > 0)
    if isinstance(msg, wire.Taught):
        return TagTaught(msg.card)
    if isinstance(msg, wire.ReaderFault):  # the reader's own words say what is wrong
        kind = ReaderStorage if msg.code == "storage" else ReaderNotice
        if msg.message.strip():
            return kind(Message("reader.fault", message=msg.message.strip()))
        return kind(Message("reader.fault_code", code=msg.code))
    return None


def attach_reader(scorer: Scorer, port: str, **options: Any) -> CardReader:
    """Start the card reader on ``port``; its messages become the scorer's events.

    The reads' ``seq`` is followed here, on the reader's thread, in the order the lines
    came: a number skipped is a read lost on the way (the next read comes ``after_gap``).
    """
    reads = ReadCounter()
    gaps = RateLimit()

    def on_message(msg: ReaderMessage) -> None:
        missed = 0
        if isinstance(msg, wire.CardRead | wire.UnknownTag) and (missed := reads.missed(msg.seq)):
            allowed, more = gaps.take()
            if allowed:
                also = f" ({more} more gaps not logged)" if more else ""
                log.warning(
                    "card reader on %s: %d reads lost before #%d%s", port, missed, msg.seq, also
                )
        event = reader_event(msg, missed)
        if event is not None:
            scorer.post(event)

    def on_status(online: bool) -> None:
        scorer.post(ReaderPresent(online))

    reader = CardReader(port, on_message, on_status, **options)
    scorer.post(ReaderPresent(False))  # a reader is attached; it says when it is online
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
