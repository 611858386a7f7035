"""Ties the state, the log and the listeners: every message and action goes through here."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from hardware.director.events import Listener
from hardware.director.state import END, NEXT, ActionError, Changes, Director, refusal_digest
from hardware.director.store import Store

log = logging.getLogger(__name__)
#: At most this many flushes (standings and table rows sent) a second: the standings are
#: ranked, encoded and sent once per flush, however many tables changed since the last.
FLUSHES_PER_SECOND = 4.0


def now_iso() -> str:
    """The time now, ISO 8601 in UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def sse(kind: str, data: Any) -> bytes:
    """One Server-Sent Event."""
    return f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


class Service:
    """The director with its log and its listeners (SSE); runs on the event loop."""

    def __init__(self, director: Director, store: Store) -> None:
        self.director = director
        self.store = store
        self.publish_round: Callable[[dict[str, Any]], None] = lambda payload: None
        self.listeners: set[Listener] = set()
        self.counts = {"messages": 0, "refused": 0}
        self.flush_every = 1.0 / FLUSHES_PER_SECOND
        self._pending = Changes()
        self._flush_planned = False
        self._last_flush = 0.0
        self._last_standings = b""
        self._saved: dict[tuple[int, int], tuple[str, int, bool]] = {}
        for at, topic, payload, verdict, reason, digest in store.rows():
            if verdict == "refused":
                director.refused_again(at, topic, reason, digest)
            else:
                director.receive(at, topic, payload)
        self._last_standings = sse("standings", director.standings())
        self._save_games(set(director.kept))

    def message(self, topic: str, payload: bytes) -> None:
        """A message from the broker: keep it, fold it in, tell the listeners."""
        at = now_iso()
        verdict, reason, changes = self.director.receive(at, topic, payload)
        self.counts["messages"] += 1
        if verdict == "repeat":  # a refused message offered again: already in the log
            return
        digest = ""
        if verdict == "refused":
            self.counts["refused"] += 1
            digest = refusal_digest(topic, payload)
        self.store.add(at, topic, payload, verdict, reason, digest)
        self._changed(changes)

    def act(self, topic: str) -> dict[str, Any]:
        """A director's action (next or end); raises ActionError when it cannot be done."""
        if topic not in (NEXT, END):
            raise ActionError(f"unknown action {topic}")
        at = now_iso()
        changes = self.director.receive(at, topic, b"")[2]
        self.store.add(at, topic, b"", "action", "")
        self._changed(changes)
        return self.director.round_payload()

    def _save_games(self, keys: set[tuple[int, int]]) -> None:
        """Keep the games ``keys`` (table, round) in the store's ``games`` table, those
        whose record or end changed: only what a change touched is looked at."""
        director = self.director
        for table, number in sorted(keys):
            kept, held = director.kept[(table, number)]
            mark = (kept.journal, kept.rev, director.ended.get(number, False))
            if self._saved.get((table, number)) != mark:
                self.store.save_game(table, number, held.text, mark[2])
                self._saved[(table, number)] = mark

    def _changed(self, changes: Changes) -> None:
        if changes.games:
            self._save_games(changes.games)
        if changes.round:
            self.publish_round(self.director.round_payload())
        pending = self._pending
        pending.standings |= changes.standings
        pending.tables |= changes.tables
        if not self._flush_planned and (pending.standings or pending.tables):
            self._flush_planned = True
            loop = asyncio.get_running_loop()
            wait = self._last_flush + self.flush_every - loop.time()
            if wait > 0:  # coalesced: what changes meanwhile goes out with it
                loop.call_later(wait, self._flush)
            else:
                loop.call_soon(self._flush)

    def _flush(self) -> None:
        """Send what changed since the last flush (one standings event at most)."""
        self._flush_planned = False
        self._last_flush = asyncio.get_running_loop().time()
        pending, self._pending = self._pending, Changes()
        standings = b""
        if pending.standings:
            body = sse("standings", self.director.standings())
            if body != self._last_standings:
                self._last_standings = standings = body
        rows = {t: sse("table", self.director.table_row(t)) for t in pending.tables}
        for listener in self.listeners:
            if standings:
                listener.put_standings(standings)
            for t, row in rows.items():
                listener.put_table(t, row)

    def listen(self) -> Listener:
        """A new listener, primed with the standings and every table's row."""
        listener = Listener()
        listener.put_standings(self._last_standings)
        for t in self.director.table_numbers():
            listener.put_table(t, sse("table", self.director.table_row(t)))
        self.listeners.add(listener)
        return listener

    def forget(self, listener: Listener) -> None:
        """A viewer has gone (or was closed)."""
        self.listeners.discard(listener)
