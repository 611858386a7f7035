"""What a record parsed before holds, so a later record of the same game is read only past
it (``kaiser_core.record_after``; ``kaiser_core.record`` starts after it)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from kaiser_core.cards import Seat
from kaiser_core.game import EntryResult
from kaiser_core.rules import Rules


def canonical(hands: list[Any]) -> str:
    """The hands' JSON text, one way only (the comparison of ``Played.begins``)."""
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
        return 0 < self.count <= len(hands) and canonical(hands[: self.count]) == self.hands


__all__ = ["Played", "canonical"]
