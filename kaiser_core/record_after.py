"""A later record of the same game parsed after the earlier one: only its new hands.

The director gets a table's whole record after every hand; the hands it already parsed
and scored are the same JSON at the start of the next record, so only what follows them
is read and scored (``parse_after``). Anything else (other rules, another first dealer, a
hand changed by an undo) is parsed whole, as ``parse_record`` does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from kaiser_core.cards import Seat
from kaiser_core.game import EntryResult
from kaiser_core.record import GameRecord, _parse_played
from kaiser_core.rules import Rules


def _canonical(hands: list[Any]) -> str:
    return json.dumps(hands, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Played:
    """A record's hands as parsed and played (its rules, first dealer, hands' JSON)."""

    rules: Rules
    first_dealer: Seat
    hands: str  # the hands' canonical JSON
    count: int
    results: tuple[EntryResult, ...]

    def begins(self, hands: list[Any]) -> bool:
        """True when ``hands`` start with exactly these hands (compared as JSON text: in
        Python ``1 == True``, and a record's ``true`` must stay ``true``)."""
        return 0 < self.count <= len(hands) and _canonical(hands[: self.count]) == self.hands


def parse_after(data: object, prior: Played | None) -> tuple[GameRecord, Played]:
    """``parse_record`` starting after ``prior``'s hands when ``data`` begins with them;
    and what to start after next time. Raises RecordError as ``parse_record`` does."""
    parsed, game = _parse_played(data, prior)
    assert isinstance(data, dict)
    hands = data["hands"]
    done = Played(
        parsed.rules, parsed.first_dealer, _canonical(hands), len(hands), tuple(game.results)
    )
    return parsed, done


__all__ = ["Played", "parse_after"]
