"""Club mode's state at one table (CLUB.md, "At the table"): the round, the game, the broker.

Values only: the table reads a ``round`` message with :func:`parse_round`; the journal
keeps ``ClubState.to_json()`` with every stored change, so a restarted table resumes it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from kaiser_core.cards import SEATS, Seat
from kaiser_core.errors import KaiserError, KaiserInputError
from kaiser_core.rules import Rules


class RoundError(KaiserInputError):
    """A ``round`` message this table cannot use."""


@dataclass(frozen=True)
class ClubRound:
    """A round as the director announced it, seen from this table."""

    number: int
    ended: bool
    rules: Rules
    seats: tuple[str, str, str, str] | None  # N, E, S, W; None: no game here this round
    final: bool = False  # the event's last round has ended: the event is over

    def to_json(self) -> dict[str, Any]:
        """The round's JSON form (kept in the journal)."""
        out = {
            "round": self.number,
            "ended": self.ended,
            "rules": self.rules.to_spec(),
            "seats": list(self.seats) if self.seats else None,
        }
        if self.final:
            out["final"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClubRound:
        """Read back :meth:`to_json`."""
        seats = data.get("seats")
        return cls(
            int(data["round"]),
            bool(data["ended"]),
            Rules.from_spec(data["rules"]),
            (seats[0], seats[1], seats[2], seats[3]) if seats else None,
            data.get("final") is True,
        )


def parse_round(payload: object, table: int) -> ClubRound:
    """The director's ``round`` message for table ``table``; raises RoundError."""
    if not isinstance(payload, dict):
        raise RoundError("a round message must be a JSON object")
    number = payload.get("round")
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 1000:
        raise RoundError(f"round must be a round number, not {number!r}"[:100])
    ended = payload.get("ended", False)
    if not isinstance(ended, bool):
        raise RoundError("ended must be true or false")
    try:
        rules = Rules.from_spec(payload.get("rules", "standard"))
    except KaiserError as err:
        raise RoundError(f"rules: {err}") from None
    tables = payload.get("tables", {})
    if not isinstance(tables, dict):
        raise RoundError("tables must be an object")
    seated = tables.get(str(table))
    seats = None
    if seated is not None:
        ok = isinstance(seated, list) and len(seated) == 4
        if not ok or not all(isinstance(n, str) and 1 <= len(n) <= 24 for n in seated):
            raise RoundError(f"tables.{table} must be four names")
        nfc = [unicodedata.normalize("NFC", n) for n in seated]  # one glyph per letter
        seats = (nfc[0], nfc[1], nfc[2], nfc[3])
    final = payload.get("final") is True and ended
    return ClubRound(number, ended, rules, seats if number else None, final)


@dataclass(frozen=True)
class ClubState:
    """What club mode knows at this table.

    ``latest``: the newest round message; ``game_round``: the round the current game is
    played for (None: no game, or a free game); ``played``: rounds whose game was started
    here; ``over``: ROUND OVER shows for that round; ``broker``: the publisher reaches it.
    """

    event: str
    table: int
    latest: ClubRound | None = None
    game_round: int | None = None
    game_seats: tuple[str, str, str, str] | None = None
    played: tuple[int, ...] = ()
    over: int | None = None
    broker: bool = field(default=False, compare=False)

    def available(self) -> ClubRound | None:
        """The round this table can start now, if any."""
        r = self.latest
        if r is None or r.number == 0 or r.ended or r.seats is None or r.number in self.played:
            return None
        return r

    def waiting_for(self) -> int:
        """The round the table waits for."""
        r = self.latest
        if r is None:
            return 1
        return max(r.number, 1) if r.number == 0 else r.number + 1

    def seat_names(self) -> dict[str, str]:
        """The current round game's names by seat code (empty: not a round's game)."""
        if self.game_round is None or self.game_seats is None:
            return {}
        return {seat.code: name for seat, name in zip(SEATS, self.game_seats, strict=True)}

    def seat_of(self) -> dict[Seat, str]:
        """The names on their seats for the screen."""
        r = self.available()
        if r is None or r.seats is None:
            return {}
        return dict(zip(SEATS, r.seats, strict=True))

    def with_round(self, r: ClubRound) -> ClubState:
        """A round message arrived: ROUND OVER if it ends the game's round."""
        over = self.over
        if r.ended and r.number == self.game_round:
            over = r.number
        return replace(self, latest=r, over=over)

    def to_json(self) -> dict[str, Any]:
        """The JSON form the journal keeps."""
        return {
            "event": self.event,
            "table": self.table,
            "latest": self.latest.to_json() if self.latest else None,
            "game_round": self.game_round,
            "game_seats": list(self.game_seats) if self.game_seats else None,
            "played": list(self.played),
            "over": self.over,
        }

    @classmethod
    def from_json(cls, data: Any, event: str, table: int) -> ClubState:
        """Read back :meth:`to_json` (anything else, or another event/table: a fresh state)."""
        fresh = cls(event, table)
        if not isinstance(data, dict) or data.get("table") != table:
            return fresh
        try:
            latest = ClubRound.from_json(data["latest"]) if data.get("latest") else None
            seats = data.get("game_seats")
            return cls(
                event,
                table,
                latest,
                data.get("game_round"),
                (seats[0], seats[1], seats[2], seats[3]) if seats else None,
                tuple(int(n) for n in data.get("played", ())),
                data.get("over"),
            )
        except (KaiserError, KeyError, TypeError, ValueError, IndexError):
            return fresh
