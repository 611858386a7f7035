"""The score sheet's reasons, the chart and the statistics per player."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hardware.web.chart import chart_svg
from kaiser_core.record import parse_record, score_record
from kaiser_core.sheet import build_sheet, chart_points
from kaiser_core.stats import GameInput, player_stats

GAMES = sorted((Path(__file__).parent.parent / "games").glob("*.json"))
VALID = [p for p in GAMES if "expect" in json.loads(p.read_text(encoding="utf-8"))]


def _record(name: str) -> dict:
    return json.loads((Path(__file__).parent.parent / "games" / name).read_text())["record"]


@pytest.mark.parametrize("path", VALID, ids=[p.stem for p in VALID])
def test_the_sheet_keeps_score_output_and_its_reasons_agree_with_the_core(path):
    record = json.loads(path.read_text(encoding="utf-8"))["record"]
    sheet = build_sheet(record)
    scored = score_record(record)
    strip = {"why", "number", "count"}  # the sheet's own: reasons, numbers, counts
    assert [{k: v for k, v in h.items() if k not in strip} for h in sheet["hands"]] == scored[
        "hands"
    ]
    results = parse_record(record).game().results
    for hand, res in zip(sheet["hands"], results, strict=True):
        if res.score is None:
            assert hand["why"][0].startswith("redeal")
            continue
        notes = " ".join(res.score.notes)
        why = " ".join(hand["why"])
        assert ("no points" in notes) == ("defenders score nothing" in why), (notes, why)
        assert bool(re.search(r"NT x2", notes)) == ("doubled" in why), (notes, why)
        assert ("made" if hand["made"] else "set") in hand["why"][0]
    played = [h["number"] for h in sheet["hands"] if not h["redeal"]]
    assert played == list(range(1, len(played) + 1))


def test_the_house_rules_and_the_game_end_are_given():
    sheet = build_sheet(_record("023_made_scores_bid.json"))
    assert any("made_scores = bid" in r for r in sheet["rules"])
    assert any("scores the bid" in w for h in sheet["hands"] for w in h.get("why", []))
    nt = build_sheet(_record("014_target_after_nt_62.json"))
    assert any("target is now 62" in w for h in nt["hands"] for w in h["why"])
    raised = build_sheet(_record("042_cap_follows_target_made_nt.json"))
    assert any("below the raised cap 55" in w for h in raised["hands"] for w in h["why"])
    assert not any("defenders score nothing" in w for h in raised["hands"][-1:] for w in h["why"])
    won = build_sheet(_record("002_standard_full_game_ns_wins.json"))
    assert won["winner"] == "NS" and "NS wins" in won["hands"][-1]["why"][-1]


def test_the_chart_has_one_point_per_played_hand_and_escapes_labels():
    sheet = build_sheet(_record("026_redeals_rotation_names.json"))
    points = chart_points(sheet["hands"])
    played = [h for h in sheet["hands"] if not h["redeal"]]
    assert len(points) == len(played) < len(sheet["hands"])
    svg = chart_svg(points, ("<b>Zed</b>", "A & B"), 52)
    assert svg.count('class="pt ns"') == svg.count('class="pt ew"') == len(played)
    assert "<b>" not in svg and "&lt;b&gt;Zed&lt;/b&gt;" in svg and "A &amp; B" in svg
    for x, y in re.findall(r'cx="([-\d.]+)" cy="([-\d.]+)"', svg):
        assert 0 <= float(x) <= 640 and 0 <= float(y) <= 320
    assert chart_svg([]).startswith("<svg")


def _hand(bidder: str, bid: int, ns: int, five: str, three: str, nt: bool = False) -> dict:
    return {
        "contract": {"bidder": bidder, "bid": bid, "no_trump": nt},
        "taken": {"NS": ns, "EW": 8 - ns},
        "five_hearts": five,
        "three_spades": three,
    }


def test_statistics_per_player_follow_the_seats():
    a = {  # Ann & Cy (NS) against Bob & Di; Bob makes 8, Ann sets 7 no-trump
        "names": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"},
        "hands": [_hand("E", 8, 2, "EW", "NS"), _hand("N", 7, 3, "EW", "NS", nt=True)],
    }
    b = {  # Ann & Bob (NS) against Cy & Di; Ann makes 7 no-trump: NS 7+5 = 12, x2
        "names": {"N": "Ann", "E": "Cy", "S": "Bob", "W": "Di"},
        "hands": [_hand("N", 7, 7, "NS", "EW", nt=True)],
    }
    rows = {r["name"]: r for r in player_stats([GameInput(a), GameInput(b, ended=True)])}
    ann, bob = rows["Ann"], rows["Bob"]
    assert (ann["games"], ann["won"], ann["hands"]) == (2, 1, 3)  # b ended early: NS higher
    assert (ann["bids_taken"], ann["bids_made"], ann["nt_taken"], ann["nt_made"]) == (2, 1, 2, 1)
    assert ann["avg_as_bidder"] == (-14 + 24) / 2 and ann["set_rate"] == 0.5
    assert ann["avg_as_defender"] == -1  # hand 1 of a: NS 2 tricks - 3
    assert bob["bids_taken"] == bob["bids_made"] == 1 and bob["avg_as_bidder"] == 11
    assert [(p["name"], p["games"], p["won"]) for p in ann["partners"]] == [
        ("Bob", 1, 1),
        ("Cy", 1, 0),
    ]
    assert rows["Di"]["avg_as_bidder"] is None and rows["Di"]["won"] == 0
    assert list(rows) == ["Ann", "Bob", "Cy", "Di"]  # won, then games, then name


def test_team_names_or_codes_are_the_players_without_four_seat_names():
    rec = {"names": {"NS": "Us"}, "hands": [_hand("W", 6, 2, "EW", "NS")]}
    rows = {r["name"]: r for r in player_stats([GameInput(rec), GameInput({"hands": []})])}
    assert set(rows) == {"Us", "EW", "NS"}  # the unnamed game's NS is a player of its own
    assert rows["EW"]["games"] == 2 and rows["EW"]["bids_made"] == 1 and rows["NS"]["games"] == 1
    assert rows["Us"]["partners"] == [] and rows["Us"]["games"] == 1


def test_statistics_of_every_game_file_count_every_hand():
    records = [json.loads(p.read_text())["record"] for p in VALID]
    rows = player_stats([GameInput(r) for r in records])
    played = [sum(not h["redeal"] for h in score_record(r)["hands"]) for r in records]
    seated = [all(s in r.get("names", {}) for s in "NESW") for r in records]
    assert sum(r["bids_taken"] for r in rows) == sum(played)
    # every hand counts for its four named players, or for its two teams
    assert sum(r["hands"] for r in rows) == sum(
        n * (4 if four else 2) for n, four in zip(played, seated, strict=True)
    )
