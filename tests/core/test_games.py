"""Whole games from tests/games/, written by hand from the rules with their expected results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaiser_core.errors import RecordError
from kaiser_core.record import parse_record, record_json, score_record

GAMES = sorted((Path(__file__).parent.parent / "games").glob("*.json"))


def test_there_are_game_files():
    assert len(GAMES) >= 30


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_game_file(path: Path):
    case = json.loads(path.read_text(encoding="utf-8"))
    record = case["record"]
    if "expect_error" in case:
        want = case["expect_error"]
        with pytest.raises(RecordError) as info:
            score_record(record)
        assert info.value.hand == want["hand"], str(info.value)
        assert want["field"].split(".")[0].split("[")[0] in str(info.value) or (
            info.value.field == want["field"]
        ), str(info.value)
        return
    want = case["expect"]
    result = score_record(record)
    deltas = [
        "redeal" if h["redeal"] else [h["delta"]["NS"], h["delta"]["EW"]] for h in result["hands"]
    ]
    assert deltas == want["deltas"]
    assert result["totals"] == want["totals"]
    assert result["winner"] == want["winner"]
    assert result["skunk"] == want["skunk"]
    assert result["next_dealer"] == want["next_dealer"]
    if "trumps" in want:  # each hand's trump in the result (None for a redeal or no-trump)
        got_trumps = [None if h["redeal"] else h["contract"]["trump"] for h in result["hands"]]
        assert got_trumps == want["trumps"]
    if "raws" in want:
        raws = [[h["raw"]["NS"], h["raw"]["EW"]] for h in result["hands"] if not h["redeal"]]
        assert raws == want["raws"]
    if "revokes_by_hand" in want:
        got = [h.get("revokes", []) for h in result["hands"]]
        assert got == want["revokes_by_hand"]
    # Written back and read again, the game scores the same.
    parsed = parse_record(record)
    again = record_json(parsed.rules, parsed.first_dealer, parsed.entries, parsed.names)
    assert score_record(again) == result
