"""Ties the state, the log and the listeners: every message and action goes through here."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from hardware.director.state import END, NEXT, ActionError, Changes, Director
from hardware.director.store import Store

log = logging.getLogger(__name__)
QUEUE = 256


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
        self.listeners: set[asyncio.Queue[bytes]] = set()
        self.counts = {"messages": 0, "refused": 0}
        self._pending = Changes()
        self._flush_planned = False
        self._last_standings = b""
        self._saved: dict[tuple[int, int], tuple[str, int, bool]] = {}
        for at, topic, payload in store.rows():
            director.receive(at, topic, payload)
        self._last_standings = sse("standings", director.standings())
        self._save_games()

    def message(self, topic: str, payload: bytes) -> None:
        """A message from the broker: keep it, fold it in, tell the listeners."""
        at = now_iso()
        verdict, reason, changes = self.director.receive(at, topic, payload)
        self.counts["messages"] += 1
        if verdict == "refused":
            self.counts["refused"] += 1
        self.store.add(at, topic, payload, verdict, reason)
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

    def _save_games(self) -> None:
        """Keep every game whose record or end changed in the store's ``games`` table."""
        director = self.director
        for (table, number), (kept, message) in director.kept.items():
            mark = (kept.journal, kept.rev, director.ended.get(number, False))
            if self._saved.get((table, number)) != mark:
                self.store.save_game(table, number, message.record, mark[2])
                self._saved[(table, number)] = mark

    def _changed(self, changes: Changes) -> None:
        if changes.standings or changes.round:
            self._save_games()
        if changes.round:
            self.publish_round(self.director.round_payload())
        pending = self._pending
        pending.standings |= changes.standings
        pending.tables |= changes.tables
        if not self._flush_planned and (pending.standings or pending.tables):
            self._flush_planned = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        """Send what changed since the last flush (one standings event at most)."""
        self._flush_planned = False
        pending, self._pending = self._pending, Changes()
        events = []
        if pending.standings:
            body = sse("standings", self.director.standings())
            if body != self._last_standings:
                self._last_standings = body
                events.append(body)
        events += [sse("table", self.director.table_row(t)) for t in sorted(pending.tables)]
        for queue in list(self.listeners):
            for body in events:
                try:
                    queue.put_nowait(body)
                except asyncio.QueueFull:
                    log.warning("an SSE listener is too slow: dropped")
                    self.listeners.discard(queue)
                    break

    def listen(self) -> asyncio.Queue[bytes]:
        """A new listener's queue, primed with the standings and every table's row."""
        queue: asyncio.Queue[bytes] = asyncio.Queue(QUEUE)
        queue.put_nowait(self._last_standings)
        for t in self.director.table_numbers()[: QUEUE - 2]:
            queue.put_nowait(sse("table", self.director.table_row(t)))
        self.listeners.add(queue)
        return queue
