"""A later record of the same game parsed after the earlier one: only its new hands.

The director gets a table's whole record after every hand; the hands it already parsed
and scored are the same JSON at the start of the next record, so only what follows them
is read and scored (``parse_after``). Anything else (other rules, another first dealer, a
hand changed by an undo) is parsed whole, as ``parse_record`` does.
"""

from __future__ import annotations

from kaiser_core.played import Played, canonical
from kaiser_core.record import GameRecord, _parse_played


def parse_after(data: object, prior: Played | None) -> tuple[GameRecord, Played]:
    """``parse_record`` starting after ``prior``'s hands when ``data`` begins with them;
    and what to start after next time. Raises RecordError as ``parse_record`` does."""
    parsed, game = _parse_played(data, prior)
    assert isinstance(data, dict)
    hands = data["hands"]
    done = Played(
        parsed.rules, parsed.first_dealer, canonical(hands), len(hands), tuple(game.results)
    )
    return parsed, done


__all__ = ["Played", "parse_after"]
