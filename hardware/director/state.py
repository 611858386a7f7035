"""The director's state: the fold of its log (rounds started and ended, tables' messages).

Everything here runs on one thread (the event loop); ``receive`` and the actions return
what changed, so the web side can tell its listeners.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from hardware.director.journals import Note, TableNotes, short
from kaiser_core.club.errors import MessageError
from kaiser_core.club.event import Event
from kaiser_core.club.league import summarize
from kaiser_core.club.messages import (
    GAME_TOPIC,
    STATUS_TOPIC,
    Envelope,
    GameMessage,
    Kept,
    check_envelope,
    check_record,
    keep,
    parse_status,
    round_message,
)
from kaiser_core.club.seating import Seating, seat_individual, seat_pairs
from kaiser_core.club.standings import LiveStandings, TableResult
from kaiser_core.errors import KaiserInputError, RecordError
from kaiser_core.record import parse_record, result_json
from kaiser_core.record_after import Played
from kaiser_core.record_json import load_record_bytes

log = logging.getLogger(__name__)
NEXT = "director/next"
END = "director/end"
#: A new database took the round the broker held (the payload: that round message).
ADOPT = "director/adopt"
#: The director pinned a table-round to a journal (the payload: table, round, journal).
PIN_ACTION = "director/pin"
#: The largest game message: 256 KiB hold some 1,700 hands, a round has 10 or so (the
#: shipped broker config drops larger ones, ``message_size_limit``; this is for any other).
MAX_PAYLOAD = 256 * 1024
#: The largest status message (some 150 bytes).
MAX_STATUS = 4096


@dataclass
class Changes:
    """What one message or action changed."""

    standings: bool = False
    tables: set[int] = field(default_factory=set)
    round: bool = False
    games: set[tuple[int, int]] = field(default_factory=set)  # (table, round) kept anew


@dataclass(frozen=True)
class Held:
    """A kept game, compact: its record as JSON text (parsed, with its scored result, a
    10-hand record weighs some 18 KB; the text 1.5 KB), read again when asked for."""

    table: int
    round: int
    journal: str
    rev: int
    finished: bool
    text: str
    hands: int
    seats: tuple[str, str, str, str]
    summary: str = ""  # league.summarize's, as JSON: what seasons, ratings and awards read

    @classmethod
    def of(cls, message: GameMessage) -> Held:
        """The message, kept."""
        text = json.dumps(message.record, ensure_ascii=False, separators=(",", ":"))
        hands = len(message.result["hands"])
        m = message
        summary = json.dumps(summarize(m.result, m.seats, m.finished), ensure_ascii=False)
        return cls(m.table, m.round, m.journal, m.rev, m.finished, text, hands, m.seats, summary)

    @property
    def record(self) -> dict[str, Any]:
        """The game record (a new copy each time)."""
        value: dict[str, Any] = json.loads(self.text)
        return value

    @property
    def result(self) -> dict[str, Any]:
        """The scored game, as ``kaiser-scorer score`` prints it (scored again: rarely asked)."""
        return result_json(parse_record(self.record).game())


def refusal_digest(topic: str, payload: bytes) -> str:
    """What tells one refused message from another (the log keeps it, not the message)."""
    return hashlib.blake2b(topic.encode() + b"\0" + payload, digest_size=16).hexdigest()


class ActionError(KaiserInputError):
    """A director's action that cannot be done now (the message says why)."""


class Director:
    """Holds the event, the rounds, every table's kept record and status."""

    def __init__(self, event: Event) -> None:
        self.event = event
        if event.format == "pairs":
            self.seatings = seat_pairs(event.pairs, event.rounds)
        else:
            self.seatings = seat_individual(event.players, event.rounds)
        self.current = 0
        self.ended: dict[int, bool] = {}
        self.kept: dict[tuple[int, int], tuple[Kept, Held]] = {}
        self.by_round: dict[int, set[int]] = {}  # round -> tables with a kept game
        self.played: dict[tuple[int, int], Played] = {}  # the last message's parse, per game
        self.live = LiveStandings(event.members, event.rounds)
        self.results: dict[tuple[int, int], TableResult] = {}
        self.status: dict[int, dict[str, Any]] = {}
        self.refused: Counter[int] = Counter()
        self.refused_digests: set[str] = set()
        self.last_refusal: dict[int, str] = {}
        self.seen: dict[int, str] = {}
        self.notes = TableNotes()
        self.pins: dict[tuple[int, int], str] = {}
        #: Each journal's newest record of each table-round: what a pin may take.
        self.heard: dict[tuple[int, int], dict[str, tuple[int, Held, TableResult]]] = {}
        self._standings: dict[str, Any] | None = None
        self._started: dict[int, Seating] = {}
        self._started_for = 0

    # -- the rounds -------------------------------------------------------------------
    @property
    def started(self) -> dict[int, Seating]:
        """Each started round's seating."""
        return {r: self.seatings[r - 1] for r in range(1, self.current + 1)}

    def round_payload(self, number: int | None = None) -> dict[str, Any]:
        """The ``round`` message of round ``number`` (default: the current one)."""
        n = self.current if number is None else number
        seating = self.seatings[n - 1] if n else None
        return round_message(self.event, n, seating, self.ended.get(n, False))

    def next_round(self) -> Changes:
        """Start the next round; ActionError while one is on or after the last."""
        if self.current and not self.ended[self.current]:
            raise ActionError(f"round {self.current} is still on: end it first")
        if self.current >= self.event.rounds:
            raise ActionError(f"all {self.event.rounds} rounds have been played")
        self.current += 1
        self.ended[self.current] = False
        self.live.start(self.seatings[self.current - 1])
        self._standings = None
        return Changes(
            standings=True, round=True, tables=set(self.seatings[self.current - 1].tables)
        )

    def end_round(self) -> Changes:
        """End the current round; ActionError when none is on."""
        if not self.current or self.ended[self.current]:
            raise ActionError("no round is on")
        self._end(self.current)
        return Changes(standings=True, round=True, games=self._round_games(self.current))

    def _end(self, number: int) -> None:
        self.ended[number] = True
        self.live.end(number)
        self._standings = None

    def fresh(self) -> bool:
        """No round has been started (a new database)."""
        return self.current == 0

    def adoptable(self, data: object) -> bool:
        """``data`` is a round message this event file gives (its round, seats, rules),
        and this director has started none: it may take it as its own."""
        if not self.fresh() or not isinstance(data, dict):
            return False
        number, ended = data.get("round"), data.get("ended")
        if type(number) is not int or not 1 <= number <= self.event.rounds:
            return False
        if type(ended) is not bool:
            return False
        seating = self.seatings[number - 1]
        expected = round_message(self.event, number, seating, ended)
        return bool(json.loads(json.dumps(expected)) == data)

    def _adopt(self, data: dict[str, Any]) -> Changes:
        """Start rounds 1 to ``data["round"]``, all ended but the last unless it is."""
        last = int(data["round"])
        for number in range(1, last + 1):
            self.current = number
            self.ended[number] = False
            self.live.start(self.seatings[number - 1])
            if number < last or data["ended"]:
                self._end(number)
        self._standings = None
        return Changes(standings=True, tables=set(self.seatings[last - 1].tables))

    def _round_games(self, number: int) -> set[tuple[int, int]]:
        """The kept games of round ``number`` (their ``ended`` changed)."""
        return {(t, number) for t in self.by_round.get(number, ())}

    def _auto_end(self, number: int) -> bool:
        """End round ``number`` once every table of it has finished."""
        if number != self.current or self.ended.get(number, True):
            return False
        tables = self.seatings[number - 1].tables
        if all(self.results.get((t, number), TableResult({})).finished for t in tables):
            self._end(number)
            return True
        return False

    # -- messages ---------------------------------------------------------------------
    def receive(self, at: str, topic: str, payload: bytes) -> tuple[str, str, Changes]:
        """Fold one message or action in: (verdict, reason, what changed). A refused
        message counts once: the broker offers a retained one again at every connection
        (verdict ``repeat``, nothing changed)."""
        verdict, reason, changes = self._fold(at, topic, payload)
        if verdict == "refused":
            table = min(changes.tables)
            if not self._count_refusal(table, refusal_digest(topic, payload), reason):
                return "repeat", reason, Changes()
            log.warning("table %d: refused a message on %s: %s", table, topic, reason[:300])
        return verdict, reason, changes

    def _fold(self, at: str, topic: str, payload: bytes) -> tuple[str, str, Changes]:
        if topic == ADOPT:
            return "action", "", self._adopt(json.loads(payload))
        if topic == PIN_ACTION:
            pin = json.loads(payload)
            return "action", "", self.pin(at, pin["table"], pin["round"], pin["journal"])
        if topic == NEXT:
            return "action", "", self.next_round()
        if topic == END:
            return "action", "", self.end_round()
        match = GAME_TOPIC.match(topic) or STATUS_TOPIC.match(topic)
        if not match or match.group(1) != self.event.id:
            return "ignored", "not a topic of this event", Changes()
        table = int(match.group(2))
        self.seen[table] = at
        cap = MAX_STATUS if topic.endswith("/status") else MAX_PAYLOAD
        if len(payload) > cap:  # before a byte of it is read
            return self._refuse(table, topic, f"the payload is larger than {cap} bytes")
        try:  # strict: no 5,000-digit number, no duplicate key, no NaN
            data = load_record_bytes(payload)
        except RecordError as err:
            return self._refuse(table, topic, f"the payload is not UTF-8 JSON: {err}")
        if topic.endswith("/status"):
            try:
                self.status[table] = parse_status(data)
            except MessageError as err:
                return self._refuse(table, topic, str(err))
            return "status", "", Changes(tables={table})
        try:  # the envelope, journal and rev first: a duplicate is never scored
            envelope = check_envelope(self.event, topic, data, self.current_seatings())
        except MessageError as err:
            return self._refuse(table, topic, str(err))
        key = (envelope.table, envelope.round)
        old = self.kept.get(key)
        verdict, now = self._keep(at, key, old[0] if old else None, envelope)
        if now is None:
            return verdict, "", Changes(tables={table})
        prior = self.played.get(key)
        try:
            message = check_record(self.event, envelope, prior)
        except MessageError as err:
            return self._refuse(table, topic, str(err))
        self._note_kept(at, verdict, message, old[0] if old else None)
        if message.round == self.current and message.played is not None:
            self.played[key] = message.played  # the next message scores its new hands only
        self.played.pop((key[0], key[1] - 1), None)  # an earlier round's is not needed
        held = Held.of(message)
        winner = message.result["winner"]
        finished = message.finished or winner is not None
        result = TableResult(message.result["totals"], winner, finished, message.seats)
        self.heard.setdefault(key, {})[envelope.journal] = (envelope.rev, held, result)
        return verdict, "", self._take(key, now, held, result)

    def _take(self, key: tuple[int, int], now: Kept, held: Held, result: TableResult) -> Changes:
        """Keep ``held`` as table-round ``key``'s record and score it."""
        table, number = key
        self.kept[key] = (now, held)
        self.by_round.setdefault(number, set()).add(table)
        self.results[key] = result
        self.live.result(number, table, result)
        self._standings = None
        changes = Changes(standings=True, tables={table}, games={key})
        if self._auto_end(number):
            changes.round = True
            changes.games |= self._round_games(number)
        return changes

    def _keep(
        self, at: str, key: tuple[int, int], kept: Kept | None, envelope: Envelope
    ) -> tuple[str, Kept | None]:
        """CLUB.md's journal rule, or the pin; a message not kept is noted."""
        journal, rev = envelope.journal, envelope.rev
        pin = self.pins.get(key)
        if pin is not None:
            if journal != pin:
                self.notes.add(key[0], Note(at, "not_pinned", key[1], short(journal), short(pin)))
                return "pinned", None
            if kept is not None and kept.journal == pin and rev <= kept.rev:
                return "duplicate" if rev == kept.rev else "stale", None
            return "newer", Kept(journal, rev, kept.replaced if kept else frozenset())
        verdict, now = keep(kept, journal, rev)
        if kept is not None and verdict == "stale":
            note = Note(at, "stale", key[1], short(journal), "", rev, kept.rev)
            self.notes.add(key[0], note)
        elif kept is not None and verdict == "replaced":
            self.notes.add(key[0], Note(at, "ignored", key[1], short(journal), short(kept.journal)))
        return verdict, now

    def _note_kept(self, at: str, verdict: str, message: GameMessage, old: Kept | None) -> None:
        table, number = message.table, message.round
        if verdict == "journal" and old is not None:
            note = Note(at, "replaced", number, short(message.journal), short(old.journal))
            self.notes.add(table, note)
        if self.ended.get(number, False):  # CLUB.md keeps it: the page says so (M12)
            self.notes.add(table, Note(at, "late", number))
        if message.finished and not message.result["hands"]:  # it may end the round (M11)
            self.notes.add(table, Note(at, "empty", number))

    def pin(self, at: str, table: int, number: int, journal: str) -> Changes:
        """Count only ``journal``'s records of table ``table`` in round ``number`` (one
        the director has heard from there); ActionError otherwise."""
        key = (table, number)
        heard = self.heard.get(key, {})
        if journal not in heard:
            known = ", ".join(sorted(heard)) or "none"
            raise ActionError(f"table {table}, round {number}: no journal {journal!r} ({known})")
        self.pins[key] = journal
        rev, held, result = heard[journal]
        self.notes.add(table, Note(at, "pinned", number, short(journal)))
        replaced = frozenset(heard) - {journal}
        return self._take(key, Kept(journal, rev, replaced), held, result)

    def _refuse(self, table: int, topic: str, reason: str) -> tuple[str, str, Changes]:
        return "refused", reason, Changes(tables={table})

    def _count_refusal(self, table: int, digest: str, reason: str) -> bool:
        """Count a refused message unless the same one was counted before."""
        if digest in self.refused_digests:
            return False
        self.refused_digests.add(digest)
        self.refused[table] += 1
        self.last_refusal[table] = reason
        return True

    def refused_again(self, at: str, topic: str, reason: str, digest: str) -> None:
        """A refusal read back from the log: counted as it was, the message not read again
        (the log keeps only its first bytes)."""
        match = GAME_TOPIC.match(topic) or STATUS_TOPIC.match(topic)
        if match and match.group(1) == self.event.id:
            table = int(match.group(2))
            self.seen[table] = at
            self._count_refusal(table, digest or f"{at} {topic}", reason)

    # -- views ------------------------------------------------------------------------
    def standings(self) -> dict[str, Any]:
        """The body of ``GET /api/standings``."""
        if self._standings is None:
            self._standings = {"round": self.current, "rows": self.live.rows()}
        return self._standings

    def current_seatings(self) -> dict[int, Seating]:
        """``started``, made once per round (every message asks)."""
        if self._started_for != self.current:
            self._started = self.started
            self._started_for = self.current
        return self._started

    def table_numbers(self) -> list[int]:
        """Every table of the event's seating, and any other that has sent something."""
        numbers = {t for s in self.seatings for t in s.tables}
        return sorted(numbers | set(self.seen))

    def table_row(self, table: int) -> dict[str, Any]:
        """One row of ``GET /api/tables``."""
        status = self.status.get(table, {})
        current = self.results.get((table, self.current))
        message = self.kept.get((table, self.current))
        hands = message[1].hands if message else 0
        return {
            "table": table,
            "online": status.get("online", False),
            "round": status.get("round", self.current if current else 0),
            "hands": status.get("hands", hands),
            "totals": status.get("totals", dict(current.totals) if current else {"NS": 0, "EW": 0}),
            "finished": status.get("finished", current.finished if current else False),
            "round_ended": self.ended.get(self.current, False),
            "refused": self.refused[table],
            "last_refused": self.last_refusal.get(table),
            "notes": self.notes.of(table),
            "journal": message[0].journal if message else None,
            "pinned": self.pins.get((table, self.current)),
            "seen": self.seen.get(table),
        }

    def game(self, table: int, number: int) -> dict[str, Any] | None:
        """``GET /api/tables/<n>/rounds/<r>``: the scored game plus its names."""
        kept = self.kept.get((table, number))
        if kept is None:
            return None
        message = kept[1]
        journals = [
            {"journal": j, "rev": rev, "hands": held.hands, "totals": dict(result.totals)}
            for j, (rev, held, result) in sorted(self.heard.get((table, number), {}).items())
        ]
        return {
            **message.result,
            "names": message.record.get("names", {}),
            "journal": message.journal,
            "rev": message.rev,
            "journals": journals,
            "pinned": self.pins.get((table, number)),
        }

    def event_body(self) -> dict[str, Any]:
        """The body of ``GET /api/event``."""
        return {
            **self.event.summary(),
            "round": self.current,
            "seating": [self.round_payload(r) for r in range(1, self.current + 1)],
        }
