"""Ties the state, the log and the listeners: every message and action goes through here."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from hardware.director.events import Listener
from hardware.director.state import (
    ADOPT,
    END,
    NEXT,
    PIN_ACTION,
    ActionError,
    Changes,
    Director,
    refusal_digest,
)
from hardware.director.store import Store
from kaiser_core.club.event import Event
from kaiser_core.errors import RecordError
from kaiser_core.record_json import load_record_bytes

log = logging.getLogger(__name__)
#: At most this many flushes (standings and table rows sent) a second: the standings are
#: ranked, encoded and sent once per flush, however many tables changed since the last.
FLUSHES_PER_SECOND = 4.0
#: The director's notes the page shows (the newest).
NOTES = 30
#: Seconds between two publications of our round over someone else's.
PUT_BACK_EVERY = 10.0


def now_iso() -> str:
    """The time now, ISO 8601 in UTC, to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def sse(kind: str, data: Any) -> bytes:
    """One Server-Sent Event."""
    return f"event: {kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def event_entry(event: Event) -> dict[str, Any]:
    """What the store keeps of an event for the seasons: name, format, rounds, entrants."""
    members = {name: list(players) for name, players in event.members.items()}
    return {"name": event.name, "format": event.format, "rounds": event.rounds, "members": members}


class Service:
    """The director with its log and its listeners (SSE); runs on the event loop."""

    def __init__(self, director: Director, store: Store) -> None:
        self.director = director
        self.store = store
        self.publish_round: Callable[[bytes], None] = lambda body: None
        self.broker: dict[str, str] = {"state": "connecting", "detail": "", "since": now_iso()}
        #: What the director decided about the broker's round, newest last (for the page).
        self.notes: deque[dict[str, str]] = deque(maxlen=NOTES)
        self.round_checked = False
        self._retained: bytes | None = None
        self._put_back_at = -PUT_BACK_EVERY
        self._put_back_planned = False
        self.listeners: set[Listener] = set()
        self.counts = {"messages": 0, "refused": 0}
        self.version = 0  # raised by every change of a kept game or round (the league's cache)
        self.flush_every = 1.0 / FLUSHES_PER_SECOND
        self._pending = Changes()
        self._flush_planned = False
        self._last_flush = 0.0
        self._last_standings = b""
        self._saved: dict[tuple[int, int], tuple[str, int, bool]] = {}
        self.starts: dict[int, str] = {}  # round -> when it started (or was taken: ADOPT)
        for at, topic, payload, verdict, reason, digest in store.rows():
            if verdict == "refused":
                director.refused_again(at, topic, reason, digest)
                continue
            before = director.current
            director.receive(at, topic, payload)
            for number in range(before + 1, director.current + 1):
                self.starts[number] = at
        self._last_standings = sse("standings", director.standings())
        store.save_event(json.dumps(event_entry(director.event), ensure_ascii=False))
        for number in range(1, director.current + 1):
            self._save_round(number)
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
        if topic == NEXT:
            self.starts[self.director.current] = at
        self._changed(changes)
        return {**self.director.round_payload(), "broker": dict(self.broker)}

    def pin(self, table: int, number: int, journal: str) -> dict[str, Any]:
        """Pin table ``table``'s round ``number`` to ``journal`` (ActionError if unheard)."""
        at = now_iso()
        body = json.dumps({"table": table, "round": number, "journal": journal}).encode()
        changes = self.director.receive(at, PIN_ACTION, body)[2]
        self.store.add(at, PIN_ACTION, body, "action", "")
        self._changed(changes)
        return {"table": table, "round": number, "pinned": journal}

    # -- the broker -------------------------------------------------------------------
    def link_state(self, state: str, detail: str) -> None:
        """The broker connection changed: connected, refused (the login), lost."""
        self.broker = {"state": state, "detail": detail, "since": now_iso()}
        if state != "connected":
            self.round_checked = False

    def round_heard(self, payload: bytes) -> None:
        """A round message on the broker: the retained one while checking, or someone's."""
        if self.round_checked:
            self._check_round(payload, startup=False)
        else:
            self._retained = payload

    def round_check(self) -> None:
        """The broker has sent its retained round, if it holds one: now decide."""
        self.round_checked = True
        retained, self._retained = self._retained, None
        self._check_round(retained, startup=True)

    def _round_body(self) -> bytes:
        return json.dumps(self.director.round_payload(), ensure_ascii=False).encode()

    def _check_round(self, payload: bytes | None, startup: bool) -> None:
        """Publish our round over the broker's unless the broker's is it; a new database
        takes the broker's round when this event file gives it (issue 26, M22)."""
        director = self.director
        own = self._round_body()
        data: object = None
        if payload is not None:
            with contextlib.suppress(RecordError):
                data = load_record_bytes(payload[: 64 * 1024 + 1][: 64 * 1024])
            if data == json.loads(own):
                return
        number = data.get("round") if isinstance(data, dict) else None
        if startup and payload is not None and director.fresh() and number != 0:
            if director.adoptable(data):
                at = now_iso()
                changes = director.receive(at, ADOPT, payload)[2]
                self.store.add(at, ADOPT, payload, "action", "")
                for taken in range(1, director.current + 1):  # the league's rounds
                    self.starts[taken] = at
                    self._save_round(taken)
                self._note(f"took round {number} from the broker (a new database)")
                for n in range(1, director.current + 1):  # the seasons' record of each round
                    self.starts.setdefault(n, at)
                    self._save_round(n)
                self._changed(changes)
            else:
                self._note(
                    "the broker holds a round this event file does not give: not replaced; "
                    "starting the next round replaces it"
                )
            return
        if payload is not None and (not startup or number != 0):
            self._note(f"replaced a round message the director did not send (round {number})")
        if startup:
            self.publish_round(own)
        else:
            self._put_back()

    def _put_back(self) -> None:
        """Publish our round, at most once per ``PUT_BACK_EVERY`` seconds: someone who
        keeps publishing the round (another director on another database) is answered,
        not raced."""
        loop = asyncio.get_running_loop()
        wait = self._put_back_at + PUT_BACK_EVERY - loop.time()
        if wait > 0:
            if not self._put_back_planned:
                self._put_back_planned = True
                loop.call_later(wait, self._put_back_later)
            return
        self._put_back_at = loop.time()
        self.publish_round(self._round_body())

    def _put_back_later(self) -> None:
        self._put_back_planned = False
        self._put_back()

    def _note(self, text: str) -> None:
        log.warning("round: %s", text)
        self.notes.append({"at": now_iso(), "text": text})

    def director_body(self) -> dict[str, Any]:
        """The body of ``GET /api/director``: the broker connection and the notes."""
        current = self.director.current
        return {
            "broker": dict(self.broker),
            "notes": list(self.notes),
            "round": current,
            "ended": self.director.ended.get(current, True),
        }

    def _save_games(self, keys: set[tuple[int, int]]) -> None:
        """Keep the games ``keys`` (table, round) in the store's ``games`` table, those
        whose record or end changed: only what a change touched is looked at."""
        director = self.director
        for table, number in sorted(keys):
            kept, held = director.kept[(table, number)]
            mark = (kept.journal, kept.rev, director.ended.get(number, False))
            if self._saved.get((table, number)) != mark:
                self.store.save_game(table, number, held.text, mark[2], held.summary)
                self._saved[(table, number)] = mark
        if keys:
            self.version += 1

    def _save_round(self, number: int) -> None:
        """Keep round ``number``'s start, seating and end in the store's ``rounds``."""
        payload = self.director.round_payload(number)
        seating = {"tables": payload["tables"], "sitting_out": payload["sitting_out"]}
        at = self.starts.get(number, "")
        self.store.save_round(number, at, json.dumps(seating, ensure_ascii=False), payload["ended"])
        self.version += 1

    def _changed(self, changes: Changes) -> None:
        if changes.games:
            self._save_games(changes.games)
        if changes.round:
            self._save_round(self.director.current)
            self.publish_round(self._round_body())
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
