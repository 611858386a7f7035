"""The card reader's events on their way to the main loop: merged, bounded, no card for noise.

A reader can send thousands of lines a second (issue 10: a Pico's USB serial; issue 22: a
flood of well-formed errors or unknown tags, or a tag left on the reader). One event a
line, each drawn and committed, made every key wait behind them, and past 64 waiting
events the next ones were dropped, a card among them. Here, until another event (a key, a
status) is queued, after which nothing merges into what came before it:

- noise (``ReaderNotice``: the reader's words, ``TagUnknown``: a tag not taught) merges
  into the event of its kind still waiting, which then says the latest;
- a card (``CardRead``, or a ``TagTaught``) read again while its event still waits merges
  into it;
- the reads that count (cards, taught tags, reads after a gap, ``ReaderStorage``) have
  room of their own that noise never takes. Past it a read is dropped and the next card or
  unknown tag comes ``after_gap``: the table says a card may have been missed, nothing is
  lost without a sign.

The events are the table's own (``kaiser_core.table.events``); only the envelope that
carries one through the queue is changed here (its ``value`` replaced), never an event.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from typing import Any, Final, Protocol

from kaiser_core.table.events import (
    CardRead,
    ReaderNotice,
    ReaderStorage,
    TagTaught,
    TagUnknown,
)

log = logging.getLogger("kaiser-scorer")

#: The card reader's events: they go through the inbox.
READER_EVENTS: Final = (CardRead, TagUnknown, TagTaught, ReaderNotice, ReaderStorage)
#: Waiting reads (and, apart, waiting noise) before more are dropped: a person reads at
#: most a few cards a second.
READER_LIMIT: Final = 64


class Event(Protocol):
    """What this module needs of ``hardware.scorer.Event`` (no import: no cycle)."""

    value: Any


def is_reader(value: object) -> bool:
    """True for a card reader's event (it goes through the inbox)."""
    return isinstance(value, READER_EVENTS)


def is_noise(value: object) -> bool:
    """The reader's words and tags not taught: merged, drawn, never committed on their own
    (an unknown tag after a gap counts: it says a card may have been missed)."""
    if isinstance(value, TagUnknown):
        return not value.after_gap
    return isinstance(value, ReaderNotice)


def merge_key(value: object) -> tuple[type, Any] | None:
    """What a later event must match to merge into ``value`` (None: it never merges)."""
    if is_noise(value):
        return (type(value), None)
    if isinstance(value, CardRead) and not value.after_gap:
        return (CardRead, value.card)
    if isinstance(value, TagTaught):
        return (TagTaught, value.card)
    return None


class Inbox:
    """The reader's events waiting in the scorer's queue; ``lock`` guards it and the queue's
    order (the scorer queues every event of ``post`` under it)."""

    def __init__(self, limit: int = READER_LIMIT) -> None:
        self.limit = limit
        self.lock = threading.Lock()
        self.reads = 0  # reads waiting
        self.noise = 0  # noise waiting
        self.merged = 0  # events merged into one waiting
        self.dropped = 0  # events dropped for want of room
        self.lost = False  # a read was dropped: the next card or tag comes after a gap
        self._waiting: dict[tuple[type, Any], Event] = {}  # since the last other event

    def admit(self, event: Event) -> bool:
        """Under ``lock``: True when ``event`` is to be queued, False when it was merged
        into a waiting one or dropped. A card or tag after a dropped read comes after a gap."""
        value = event.value
        if self.lost and isinstance(value, CardRead | TagUnknown) and not value.after_gap:
            value = event.value = dataclasses.replace(value, after_gap=True)
        key = merge_key(value)
        waiting = self._waiting.get(key) if key is not None else None
        if waiting is not None:
            waiting.value = value  # noise says the latest; a card is the same card
            self.merged += 1
            return False
        noise = is_noise(value)
        if (self.noise if noise else self.reads) >= self.limit:
            self.dropped += 1
            self.lost = self.lost or not noise
            if self.dropped & (self.dropped - 1) == 0:  # 1, 2, 4, 8 ...: the log stays small
                log.warning("card reader floods the scorer: %d events dropped", self.dropped)
            return False
        if isinstance(value, CardRead | TagUnknown) and value.after_gap:
            self.lost = False
        if noise:
            self.noise += 1
        else:
            self.reads += 1
        if key is not None:
            self._waiting[key] = event
        return True

    def other(self) -> None:
        """Under ``lock``: another event is queued; what comes after it is not merged into
        what came before it (a card read after HOLD-B is read again, not merged away)."""
        self._waiting.clear()

    def take(self, event: Event) -> Any:
        """On the main loop, for a reader event out of the queue: the event to handle."""
        with self.lock:
            value = event.value
            key = merge_key(value)
            if key is not None and self._waiting.get(key) is event:
                del self._waiting[key]
            if is_noise(value):
                self.noise = max(0, self.noise - 1)
            else:
                self.reads = max(0, self.reads - 1)
            return value
