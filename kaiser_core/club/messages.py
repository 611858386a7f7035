"""The MQTT payloads of CLUB.md (contract): the round, a table's game, a table's status.

Validation is pure: ``check_game`` returns the parsed message or raises MessageError
with one line saying why the message is refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kaiser_core.club.errors import MessageError
from kaiser_core.club.event import Event, round_rules
from kaiser_core.club.seating import Seating
from kaiser_core.errors import KaiserError
from kaiser_core.record import FORMAT, result_json
from kaiser_core.record_after import Played, parse_after

GAME_TOPIC = re.compile(
    r"^kaiser/([a-z0-9-]{1,40})/table/([1-9][0-9]{0,3})/round/([1-9][0-9]{0,2})/game$"
)
STATUS_TOPIC = re.compile(r"^kaiser/([a-z0-9-]{1,40})/table/([1-9][0-9]{0,3})/status$")
MAX_JOURNAL = 64


def round_topic(event_id: str) -> str:
    """The director's retained round topic."""
    return f"kaiser/{event_id}/round"


def game_topic(event_id: str, table: int, round_no: int) -> str:
    """Table ``table``'s retained game topic for round ``round_no``."""
    return f"kaiser/{event_id}/table/{table}/round/{round_no}/game"


def status_topic(event_id: str, table: int) -> str:
    """Table ``table``'s retained status topic."""
    return f"kaiser/{event_id}/table/{table}/status"


def round_message(
    event: Event, number: int, seating: Seating | None, ended: bool
) -> dict[str, Any]:
    """The payload of ``round`` (``number`` 0 and no seating: no round has started);
    ``"final": true`` once the event's last round has ended (the tables say it is over)."""
    tables = {str(t): list(names) for t, names in seating.tables.items()} if seating else {}
    message: dict[str, Any] = {
        "round": number,
        "ended": ended,
        "hands_per_round": event.hands_per_round,
        "rules": round_rules(event).to_spec(),
        "tables": tables,
        "sitting_out": list(seating.sitting_out) if seating else [],
    }
    if ended and number == event.rounds:
        message["final"] = True
    return message


@dataclass(frozen=True)
class GameMessage:
    """A valid ``table/<n>/round/<r>/game`` message, scored."""

    table: int
    round: int
    journal: str
    rev: int
    finished: bool
    record: dict[str, Any]
    result: dict[str, Any]
    played: Played | None = field(default=None, compare=False, repr=False)  # parse_after's

    @property
    def seats(self) -> tuple[str, str, str, str]:
        """The record's names on N, E, S, W."""
        names = self.record["names"]
        return (names["N"], names["E"], names["S"], names["W"])


def _field(data: Mapping[str, Any], key: str, kind: type, what: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise MessageError(f"{key} must be {what}, not {value!r}"[:200])
    return value


@dataclass(frozen=True)
class Envelope:
    """A game message's fields around its record, checked (the record not yet read)."""

    table: int
    round: int
    journal: str
    rev: int
    finished: bool
    seated: tuple[str, ...]
    record: dict[str, Any]


def check_envelope(
    event: Event, topic: str, payload: object, started: Mapping[int, Seating]
) -> Envelope:
    """Everything of a game message but its record's hands: cheap, so the director can
    drop a duplicate or stale message before it scores a single hand."""
    match = GAME_TOPIC.match(topic)
    if not match or match.group(1) != event.id:
        raise MessageError(f"topic {topic!r} is not a game topic of event {event.id}")
    table, number = int(match.group(2)), int(match.group(3))
    if not isinstance(payload, dict):
        raise MessageError("the payload must be a JSON object")
    if payload.get("event") != event.id:
        raise MessageError(f"event is {payload.get('event')!r}, not {event.id!r}")
    if _field(payload, "table", int, "a table number") != table:
        raise MessageError(f"table {payload['table']} differs from the topic's table {table}")
    if _field(payload, "round", int, "a round number") != number:
        raise MessageError(f"round {payload['round']} differs from the topic's round {number}")
    journal = _field(payload, "journal", str, "the journal's id")
    if not journal or len(journal) > MAX_JOURNAL:
        raise MessageError(f"journal must be 1 to {MAX_JOURNAL} characters")
    rev = _field(payload, "rev", int, "a whole number")
    if rev < 0:
        raise MessageError(f"rev must not be negative, not {rev}")
    finished = _field(payload, "finished", bool, "true or false")
    seating = started.get(number)
    if seating is None:
        raise MessageError(f"round {number} has not been started by the director")
    seated = seating.tables.get(table)
    if seated is None:
        raise MessageError(f"round {number} has no table {table}")
    record = payload.get("record")
    if not isinstance(record, dict):
        raise MessageError("record: a game record must be a JSON object")
    if record.get("format", FORMAT) != FORMAT:
        raise MessageError(f"record: format must be {FORMAT!r}, not {record['format']!r}"[:200])
    return Envelope(table, number, journal, rev, finished, seated, record)


def check_record(event: Event, envelope: Envelope, prior: Played | None = None) -> GameMessage:
    """The envelope's record validated and scored: the message, or MessageError. With
    ``prior`` (the table's previous message's ``played``) only its new hands are scored."""
    record, number, table, seated = envelope.record, envelope.round, envelope.table, envelope.seated
    try:
        parsed, played = parse_after(record, prior)
    except KaiserError as err:
        raise MessageError(f"record: {err}") from None
    if parsed.rules != round_rules(event):
        raise MessageError(f"record: its rules are not round {number}'s rules")
    names = parsed.names
    if set(names) != {"N", "E", "S", "W"}:
        raise MessageError("record: names must give the four seats N, E, S and W")
    teams = {frozenset((names["N"], names["S"])), frozenset((names["E"], names["W"]))}
    wanted = {frozenset((seated[0], seated[2])), frozenset((seated[1], seated[3]))}
    if teams != wanted:
        raise MessageError(
            f"record: names are not round {number}'s players of table {table} "
            f"({seated[0]} & {seated[2]} against {seated[1]} & {seated[3]})"
        )
    result = result_json(parsed.game())
    return GameMessage(
        table, number, envelope.journal, envelope.rev, envelope.finished, record, result, played
    )


def check_game(
    event: Event, topic: str, payload: object, started: Mapping[int, Seating]
) -> GameMessage:
    """A table's game message, validated against its topic and the rounds started so far."""
    return check_record(event, check_envelope(event, topic, payload, started))


@dataclass(frozen=True)
class Kept:
    """What the director keeps for one table and round: the journal, its rev, old journals."""

    journal: str
    rev: int
    replaced: frozenset[str] = frozenset()


def keep(kept: Kept | None, journal: str, rev: int) -> tuple[str, Kept | None]:
    """CLUB.md's journal/rev rule: the verdict and what to keep after the message.

    Verdicts: ``new`` (first message), ``newer`` (a higher rev), ``journal`` (a journal not
    seen before replaces the old one), ``duplicate``/``stale`` (not higher), ``replaced``
    (a message of a journal that was replaced): only the first three change anything.
    """
    if kept is None:
        return "new", Kept(journal, rev)
    if journal == kept.journal:
        if rev > kept.rev:
            return "newer", Kept(journal, rev, kept.replaced)
        return ("duplicate" if rev == kept.rev else "stale"), None
    if journal in kept.replaced:
        return "replaced", None
    return "journal", Kept(journal, rev, kept.replaced | {kept.journal})


def parse_status(payload: object) -> dict[str, Any]:
    """A table's status, lenient: the known fields with their types, the rest dropped."""
    if not isinstance(payload, dict):
        raise MessageError("the status must be a JSON object")
    out: dict[str, Any] = {"online": payload.get("online") is True}
    for key, kind in (("round", int), ("hands", int), ("finished", bool), ("version", str)):
        value = payload.get(key)
        if isinstance(value, kind):
            out[key] = value
    totals = payload.get("totals")
    if isinstance(totals, dict) and all(isinstance(totals.get(t), int) for t in ("NS", "EW")):
        out["totals"] = {"NS": totals["NS"], "EW": totals["EW"]}
    return out
