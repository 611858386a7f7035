"""Seasons (CLUB.md "Seasons and ratings"): the season file, each ``points`` method with
``best`` and ``min_events`` against a plain re-computation, the awards and the records."""

from __future__ import annotations

import random
from typing import Any

import pytest
from season_plain import plainly

from kaiser_core.club.awards import awards, records
from kaiser_core.club.errors import EventError
from kaiser_core.club.league import GameRow, match_of, summarize
from kaiser_core.club.season import Night, counted_events, parse_season, season_rows
from kaiser_core.record import score_record


def season_data(**changes: object) -> dict[str, Any]:
    base: dict[str, Any] = {"id": "winter-2027", "name": "Winter", "events": ["a", "b", "c"]}
    base.update(changes)
    return {"season": {k: v for k, v in base.items() if v is not None}}


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"id": "Winter"}, "season.id"),
        ({"events": []}, "season.events"),
        ({"events": ["a", "a"]}, "twice"),
        ({"events": ["a", "B c"]}, "season.events[2]"),
        ({"best": 0}, "season.best"),
        ({"best": True}, "season.best"),
        ({"min_events": -1}, "season.min_events"),
        ({"points": "elo"}, "season.points"),
        ({"colour": "red"}, "season.colour"),
    ],
)
def test_a_mistake_in_the_season_file_is_one_line_naming_the_key(changes, words) -> None:
    with pytest.raises(EventError) as err:
        parse_season(season_data(**changes))
    assert words in str(err.value) and "\n" not in str(err.value)


def test_a_season_file_without_its_table_is_refused() -> None:
    for data in ({}, {"season": 3}, {"season": {"id": "x", "events": ["a"]}, "extra": {}}):
        with pytest.raises(EventError):
            parse_season(data)


def random_night(rng: random.Random, ident: str, pool: list[str], pairs: bool) -> Night:
    players = rng.sample(pool, rng.randint(4, len(pool)))
    if pairs:
        players = players[: len(players) // 2 * 2]
        members = {f"{a} & {b}": (a, b) for a, b in zip(players[::2], players[1::2], strict=True)}
    else:
        members = {p: (p,) for p in players}
    totals = {e: rng.choice([rng.randint(-40, 120), rng.randint(0, 900) / 10]) for e in members}
    if rng.random() < 0.2:
        totals = dict.fromkeys(members, rng.choice([0, -5]))  # the best total is 0 or less
    order = sorted(members, key=lambda e: (-totals[e], e.casefold()))
    rows = [{"rank": i, "name": e, "total": totals[e]} for i, e in enumerate(order, 1)]
    played = {p for e in members for p in members[e] if rng.random() < 0.9}
    return Night(ident, rows, members, played)


@pytest.mark.parametrize("points", ["total", "rank", "percent"])
@pytest.mark.parametrize("seed", range(12))
def test_the_season_table_equals_a_plain_computation(points: str, seed: int) -> None:
    rng = random.Random(seed)
    pool = [f"P{i}" for i in range(14)] + ["Zoë <b>", "Ann & Bob"]
    events = [f"n{i}" for i in range(rng.randint(1, 7))]
    nights: list[Night | None] = [
        None if rng.random() < 0.15 else random_night(rng, e, pool, rng.random() < 0.3)
        for e in events
    ]
    best = rng.choice([None, 1, 2, 3, 5])
    least = rng.choice([0, 1, 2, 4])
    data = season_data(events=events, points=points, best=best, min_events=least)
    season = parse_season(data)
    got = season_rows(season, {e: n for e, n in zip(events, nights, strict=True) if n})
    assert got == plainly(nights, points, best, least)
    for row in got:  # the marked nights are ``counted`` many, and the highest ones
        marked = counted_events(season, row["events"])
        assert len(marked) == row["counted"]
        rest = [v for i, v in enumerate(row["events"]) if v is not None and i not in marked]
        assert all(row["events"][i] >= max(rest) for i in marked) if rest else True


def record(hands: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "format": "kaiser-game/1",
        "rules": "standard",
        "first_dealer": "N",
        "names": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"},
        "hands": hands,
    }


def test_a_game_summary_finds_the_kaiser_bid_and_the_biggest_set() -> None:
    # 12 is 7 tricks with the five of hearts, the other team's trick holding the three.
    kaiser = {"contract": {"bidder": "S", "bid": 12, "no_trump": True},
              "taken": {"NS": 7, "EW": 1}, "five_hearts": "NS", "three_spades": "EW"}  # fmt: skip
    set_9 = {"contract": {"bidder": "E", "bid": 9}, "taken": {"NS": 6, "EW": 2},
             "five_hearts": "NS", "three_spades": "EW"}  # fmt: skip
    set_7 = {"contract": {"bidder": "W", "bid": 7}, "taken": {"NS": 4, "EW": 4},
             "five_hearts": "NS", "three_spades": "EW"}  # fmt: skip
    rec = record([set_7, set_9, kaiser])
    result = score_record(rec)
    summary = summarize(result, ["Ann", "Bob", "Cy", "Di"], False)
    assert summary["kaisers"] == ["Cy"]
    assert summary["set"] == ["Bob", 9]  # the 9 bid set costs more than the 7
    assert summary["totals"] == [result["totals"]["NS"], result["totals"]["EW"]]
    assert summary["finished"] == (result["winner"] is not None)


def test_the_awards_and_records_of_a_night() -> None:
    g1 = GameRow("tue", 1, 1, ("Ann", "Bob", "Cy", "Di"), (64, -8), "NS", True, 6,
                 ("Ann",), ("Bob", 16), True)  # fmt: skip
    g2 = GameRow("tue", 2, 1, ("Ed", "Flo", "Gus", "Hal"), (30, 44), None, True, 10,
                 (), ("Ed", 16), False)  # fmt: skip
    g3 = GameRow("tue", 1, 2, ("Ann", "Ed", "Bob", "Flo"), (12, 12), None, True, 10)
    g4 = GameRow("tue", 2, 2, ("Cy", "Gus", "Di", "Hal"), (20, 5), None, False, 3)
    found = awards([g1, g2, g3, g4])
    assert [(k["name"], k["table"], k["round"]) for k in found["kaisers"]] == [("Ann", 1, 1)]
    skunk = {"winners": ["Ann", "Cy"], "losers": ["Bob", "Di"], "totals": [64, -8]}
    assert found["skunks"] == [{**skunk, "event": "tue", "table": 1, "round": 1}]
    assert [(s["name"], s["partner"], s["points"]) for s in found["biggest_set"]] == [
        ("Bob", "Di", 16), ("Ed", "Gus", 16)]  # fmt: skip
    assert [b["names"] for b in found["best_round"]] == [["Ann", "Cy"]]
    # Rounds won: g1 NS (Ann, Cy), g2 EW on totals (Flo, Hal), g3 a draw, g4 still played.
    assert found["most_won"] == {"names": ["Ann", "Cy", "Flo", "Hal"], "won": 1}
    assert match_of(g3) is not None and match_of(g3).draw and match_of(g4) is None
    night = Night("tue", [{"rank": 1, "name": "Ann", "total": 76}], {"Ann": ("Ann",)}, {"Ann"})
    mine = records([g1, g2, g3, g4], {"tue": night})["Ann"]
    assert mine["rounds"] == 2 and mine["won"] == 1 and mine["kaisers"] == 1
    assert mine["skunks"] == 1 and mine["skunked"] == 0 and mine["nights"] == 1
    assert mine["best_round"]["score"] == 64 and mine["best_night"]["rank"] == 1
    assert records([g1], {})["Bob"]["biggest_set"]["points"] == 16
    assert records([g1], {})["Di"]["skunked"] == 1


def test_the_season_table_links_only_the_nights_the_database_holds() -> None:
    from hardware.web.league import season_html
    from hardware.web.links import site_links

    season = parse_season(season_data())
    body = {"events": ["a", "b", "c"], "rows": []}
    html = season_html(body, season, {"a": "Tuesday 5 January"}, site_links(1))
    assert html.count("<a href=") == 1 and "nights/a.html" in html  # b and c: no page yet
    assert "nights/b.html" not in html and "nights/c.html" not in html
