"""The game record of GAME_RECORD.md: parse and validate, score, and write back.

>>> result = score_record({"hands": [{"contract": {"bidder": "E", "bid": 8},
...     "taken": {"NS": 2, "EW": 6}, "five_hearts": "EW", "three_spades": "NS"}]})
>>> result["totals"], result["next_dealer"]
({'NS': -1, 'EW': 11}, 'E')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kaiser_core.cards import Seat
from kaiser_core.errors import KaiserError, RecordError
from kaiser_core.game import Game
from kaiser_core.hand import Entry
from kaiser_core.played import Played
from kaiser_core.record_hand import _Hand, _kind
from kaiser_core.record_write import FORMAT, entry_json, record_json, result_json
from kaiser_core.rules import Rules

_TOP_FIELDS = {"format", "rules", "first_dealer", "names", "hands"}
_NAME_KEYS = ("N", "E", "S", "W", "NS", "EW")
MAX_NAME = 24


@dataclass
class GameRecord:
    """A parsed, validated record: rules, first dealer, names and entries."""

    rules: Rules
    first_dealer: Seat = Seat.N
    entries: list[Entry] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    # The game parse_record played while validating: game() copies its (immutable) results
    # instead of scoring every hand again, as long as it still matches the fields above.
    played: Game | None = field(default=None, repr=False, compare=False)

    def game(self) -> Game:
        """The game with every entry pushed (already known to be valid); a new one each call."""
        game = Game(self.rules, self.first_dealer)
        done = self.played
        if (
            done is not None
            and done.rules is self.rules
            and done.first_dealer is self.first_dealer
            and len(done.results) == len(self.entries)
            and all(r.entry is e for r, e in zip(done.results, self.entries, strict=True))
        ):
            game.results = list(done.results)
            return game
        for entry in self.entries:
            game.push(entry)
        return game


def parse_record(data: object) -> GameRecord:
    """Validate a decoded JSON record; raises RecordError naming the hand and the field."""
    return _parse_played(data)[0]


def _parse_played(data: object, prior: Played | None = None) -> tuple[GameRecord, Game]:
    """parse_record, with the game it played (scoring it again would double the work)."""
    if not isinstance(data, dict):
        raise RecordError(f"a game record must be a JSON object, not {_kind(data)}", field="record")
    for key in data:
        if key not in _TOP_FIELDS:
            raise RecordError(f"unknown field {key!r}", field=key)
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, not {_kind(fmt)}", field="format")
    try:
        rules = Rules.from_spec(data.get("rules", "standard"))
    except KaiserError as err:
        raise RecordError(f"rules: {err}", field="rules") from None
    first = data.get("first_dealer", "N")
    if not isinstance(first, str) or first not in ("N", "E", "S", "W"):
        raise RecordError(
            f"first_dealer must be a seat (N, E, S or W), not {_kind(first)}", field="first_dealer"
        )
    names = _names(data.get("names", {}))
    hands = data.get("hands")
    if "hands" not in data:
        raise RecordError(
            "hands is missing (a list, empty for a game not yet started)", field="hands"
        )
    if not isinstance(hands, list):
        raise RecordError(f"hands must be a list, not {_kind(hands)}", field="hands")
    game = Game(rules, Seat(first))
    start = 0
    if (
        prior is not None
        and prior.rules == rules
        and prior.first_dealer is Seat(first)
        and prior.begins(hands)
    ):
        game.results = list(prior.results)
        start = prior.count
    for number, raw in enumerate(hands[start:], start + 1):
        if game.over:
            won_on = game.hands_played
            raise RecordError(
                f"the game was already won by {game.winner.code if game.winner else ''} "
                f"(after {won_on} played hands); no hand may follow",
                hand=number,
                field="hands",
            )
        entry = _Hand(number, raw, rules, game.dealer).parse()
        try:
            game.push(entry)
        except KaiserError as err:
            raise RecordError(str(err), hand=number, field="hand") from None
    return GameRecord(rules, Seat(first), game.entries, names, game), game


def _names(raw: object) -> dict[str, str]:
    if not isinstance(raw, dict):
        raise RecordError(f"names must be an object, not {_kind(raw)}", field="names")
    for key, value in raw.items():
        if key not in _NAME_KEYS:
            raise RecordError(f"names has {key!r}, which is not a seat or a team", field="names")
        if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
            raise RecordError(
                f"names.{key} must be a name of 1 to {MAX_NAME} characters", field="names"
            )
    return dict(raw)


def score_record(data: object) -> dict[str, Any]:
    """Validate and score a decoded record; raises RecordError for invalid input."""
    return result_json(_parse_played(data)[1])


__all__ = [
    "FORMAT",
    "GameRecord",
    "entry_json",
    "parse_record",
    "record_json",
    "result_json",
    "score_record",
]
