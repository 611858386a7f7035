"""Whole club nights with real tables: ``kaiser-scorer run --board mock --keys`` and
``kaiser-scorer publish`` processes, a real mosquitto (the project's config, logins, ACL)
and a real director; after each, ``/api/standings`` equals the re-score of every table's
own ``kaiser-scorer export``."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from club_games import rescore
from club_tables import HAND, ClubTable, keys_for
from club_venue import EVENT_ID, PIN, PLAYERS, Venue

pytestmark = pytest.mark.slow

PLAYERS_16 = [*PLAYERS[:15], PLAYERS[-1]]  # "Zoë <b>" too: names travel as data


def start_round(v: Venue) -> dict[str, Any]:
    status, body = v.director.post("/api/rounds/next", PIN)
    assert status == 200, body
    return body


def exports(t: ClubTable) -> list[dict[str, Any]]:
    """Every game of the table's database (``kaiser-scorer export --all``)."""
    out = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "export", "--all", "--db", str(t.db)],
        capture_output=True,
        check=True,
    )
    games: list[dict[str, Any]] = json.loads(out.stdout)
    return games


def table_row(v: Venue, n: int) -> dict[str, Any]:
    return next((r for r in v.director.get("/api/tables") if r["table"] == n), {})


def open_tables(v: Venue, folder: Path, numbers: range) -> dict[int, ClubTable]:
    tables = {
        n: ClubTable(folder / f"t{n}", n, v.broker.port, EVENT_ID, v.logins[f"table-{n}"])
        for n in numbers
    }
    for t in tables.values():
        t.start_publisher()
    return tables


@pytest.fixture
def event16(tmp_path: Path) -> Iterator[tuple[Venue, dict[int, ClubTable]]]:
    v = Venue(tmp_path, players=PLAYERS_16, rounds=3, hands=3)
    tables = open_tables(v, tmp_path, range(1, 5))
    yield v, tables
    for t in tables.values():
        t.close()
    v.close()


#: Each round's keys at each table (after the round arrived). Round 1: every table plays
#: its 3 hands (the director ends the round itself). Round 2: tables stop early, table 4
#: in the middle of a hand, and the director ends the round. Round 3: table 2 undoes a
#: hand and plays it again, tables 1 and 3 undo and redo a hand's last key (a script
#: the same as the table's last one would resume it, not play it again). "OK" first:
#: ROUND OVER of the round before goes back to the seating.
HALF = HAND[:6]
PLAN: dict[int, dict[int, list[str]]] = {
    1: {1: keys_for(3), 2: keys_for(3), 3: keys_for(3), 4: keys_for(3)},
    2: {
        1: ["OK", *keys_for(3)],
        2: ["OK", *keys_for(2)],
        3: ["OK", *keys_for(3)],
        4: ["OK", *keys_for(1), *HALF],
    },
    3: {
        1: ["OK", *keys_for(3), "HOLD-B", "OK"],
        2: ["OK", *keys_for(2), "HOLD-B", "OK", *HAND],
        3: ["OK", *keys_for(1), "HOLD-B", "OK", *HAND, *HAND],
        4: ["OK", *keys_for(3)],
    },
}
HANDS = {1: [3, 3, 3, 3], 2: [3, 2, 3, 1], 3: [3, 3, 3, 3]}


def test_a_whole_event_of_three_rounds_at_four_tables(event16) -> None:
    v, tables = event16
    d = v.director

    def play_round(r: int, t: ClubTable) -> list[str]:
        t.wait_for_round(r)
        return t.play(PLAN[r][t.n])

    with ThreadPoolExecutor(4) as pool:
        for r in (1, 2, 3):
            rnd = start_round(v)
            assert rnd["round"] == r and len(rnd["tables"]) == 4 and not rnd["sitting_out"]
            acks = list(pool.map(play_round, [r] * 4, tables.values()))
            assert [len(a) for a in acks] == [len(PLAN[r][n]) for n in tables]
            d.wait_for(
                lambda r=r: [table_row(v, n).get("hands") for n in tables] == HANDS[r],
                60,  # 11-19 s alone for the whole event; 20 s ran out once under a full suite
                f"round {r}'s hands",
            )
            if r == 2:  # two tables have not finished: the director ends the round
                assert not d.get("/api/event")["seating"][1]["ended"]
                assert d.post("/api/rounds/end", PIN)[0] == 200
            d.wait_for(lambda: d.get("/api/event")["seating"][-1]["ended"], 20, "the end")
    seating = d.get("/api/event")["seating"]
    games: dict[tuple[int, int], dict[str, Any]] = {}
    for n, t in tables.items():
        played = [g for g in exports(t) if g["hands"]]
        assert [len(g["hands"]) for g in played] == [HANDS[r][n - 1] for r in (1, 2, 3)]
        for r, game in enumerate(played, 1):
            assert list(game["names"].values()) == seating[r - 1]["tables"][str(n)]
            assert game["rules"] == seating[r - 1]["rules"]
            games[(n, r)] = game
    want = rescore(PLAYERS_16, 3, games, seating, {1, 2, 3})
    d.wait_for(lambda: d.get("/api/standings") == want, 20, "the standings of the exports")
    # Nothing counted twice: one record per table and round, each the table's own.
    kept = d.get("/api/export/records")
    assert sorted((g["table"], g["round"]) for g in kept) == sorted(games)
    assert {(g["table"], g["round"]): g["record"] for g in kept} == games
    totals = {row["name"]: row["total"] for row in want["rows"]}
    assert sum(totals.values()) == sum(
        sum(x for x in row["rounds"] if x is not None) for row in want["rows"]
    )
    assert len(set(totals.values())) > 3  # the plan gives the players different totals
    assert all(r["refused"] == 0 and r["online"] for r in d.get("/api/tables"))
    # Every player sat at one table a round, partners never twice.
    partners = [
        frozenset(p)
        for s in seating
        for names in s["tables"].values()
        for p in ((names[0], names[2]), (names[1], names[3]))
    ]
    assert len(partners) == len(set(partners)) == 3 * 8


@pytest.fixture
def night(tmp_path: Path) -> Iterator[tuple[Venue, dict[int, ClubTable]]]:
    v = Venue(tmp_path, players=PLAYERS[:8], rounds=2, hands=6)
    tables = open_tables(v, tmp_path, range(1, 3))
    yield v, tables
    for t in tables.values():
        t.close()
    v.close()


def expected(v: Venue, tables: dict[int, ClubTable], ended: set[int]) -> dict[str, Any]:
    games = {(n, 1): t.export() for n, t in tables.items() if t.db.exists()}
    seating = v.director.get("/api/event")["seating"]
    return rescore(PLAYERS[:8], 2, games, seating, ended)


def test_the_broker_down_while_a_table_plays_five_hands(night) -> None:
    v, tables = night
    d = v.director
    start_round(v)
    t1 = tables[1]
    t1.wait_for_round(1)
    d.wait_for(lambda: table_row(v, 1).get("online"), 20, "table 1 online")
    v.broker.stop()
    acks = t1.play(keys_for(5))  # the whole game (EW reach 52) with the broker gone
    assert len(acks) == 1 + 5 * 17 and acks[-1] == f"ok {1 + 5 * 17} OK"
    record = t1.export()
    assert len(record["hands"]) == 5
    d.wait_for(lambda: "lost the broker" in t1.publisher_log(), 20, "the publisher's loss")
    before = t1.publisher_log().count("connected to the broker")
    assert table_row(v, 1)["hands"] == 0  # the director has heard nothing of it
    v.broker.start()  # same port, same persistence
    want = expected(v, tables, set())
    d.wait_for(lambda: d.get("/api/standings") == want, 30, "the standings after the outage")
    row = table_row(v, 1)
    assert row["hands"] == 5 and row["finished"] and row["totals"] == {"NS": -5, "EW": 55}
    d.wait_for(lambda: t1.publisher_log().count("connected to the broker") > before, 10)
    after = t1.publisher_log().rsplit("connected to the broker", 1)[1]
    assert re.findall(r"published round (\d+) ", after) == ["1"], after  # one, not five
    assert all(r["refused"] == 0 for r in d.get("/api/tables"))


def test_the_broker_killed_mid_round_with_real_tables(night) -> None:
    v, tables = night
    d = v.director
    start_round(v)
    t1, t2 = tables[1], tables[2]
    for t in (t1, t2):
        t.wait_for_round(1)
        t.play(keys_for(2))
    d.wait_for(lambda: [table_row(v, n).get("hands") for n in (1, 2)] == [2, 2], 20, "2 hands")
    v.broker.kill()  # SIGKILL: what it had not saved yet is gone
    t1.play(keys_for(1, start=None))  # a hand while it is down
    v.broker.start()
    t2.play(keys_for(3, start=None))
    t1.play(keys_for(2, start=None))
    want = expected(v, tables, {1})
    assert [len(t.export()["hands"]) for t in (t1, t2)] == [5, 5]  # both won (EW 55)
    d.wait_for(lambda: d.get("/api/event")["seating"][0]["ended"], 30, "round 1 over")
    d.wait_for(lambda: d.get("/api/standings") == want, 30, "the standings after the kill")
    assert all(r["refused"] == 0 for r in d.get("/api/tables"))


def test_a_table_off_when_its_round_was_ended_shows_round_over_when_it_starts(night) -> None:
    v, tables = night
    d = v.director
    start_round(v)
    t1 = tables[1]
    t1.wait_for_round(1)
    t1.play(keys_for(2))  # then the scorer is off (a power cut, a restart)
    d.wait_for(lambda: table_row(v, 1).get("hands") == 2, 20, "2 hands")
    assert d.post("/api/rounds/end", PIN)[0] == 200
    start_round(v)
    club = t1.wait_for_club(lambda c: c["latest"].get("round") == 2)
    assert club["over"] == 1 and club["game_round"] == 1  # ROUND OVER, not round 1 going on
    t1.play(["OK", *keys_for(1)])
    club = t1.meta("club")
    assert club["game_round"] == 2 and t1.meta("club.round.2") is not None
    games = {(1, 1): exports(t1)[0], (1, 2): t1.export()}
    assert [len(g["hands"]) for g in games.values()] == [2, 1]
    want = rescore(PLAYERS[:8], 2, games, d.get("/api/event")["seating"], {1})
    d.wait_for(lambda: d.get("/api/standings") == want, 20, "both rounds' standings")


def test_a_free_game_before_the_round_is_not_published(night) -> None:
    import urllib.error

    v, tables = night
    d = v.director
    t1 = tables[1]
    acks = t1.play(keys_for(1))  # no round yet: a free game from NEW GAME
    assert len(acks) == 1 + 17 and len(t1.export()["hands"]) == 1
    assert t1.meta("club")["game_round"] is None
    d.wait_for(lambda: table_row(v, 1).get("online"), 20, "table 1's status")
    row = table_row(v, 1)
    assert row["round"] == 0 and row["hands"] == 0 and row["refused"] == 0
    with pytest.raises(urllib.error.HTTPError):
        d.get("/api/tables/1/rounds/1")
    assert "published round" not in t1.publisher_log()
    assert all(r["total"] == 0 for r in d.get("/api/standings")["rows"])


def test_an_undo_is_published_and_the_hand_again(night) -> None:
    v, tables = night
    d = v.director
    start_round(v)
    t1 = tables[1]
    t1.wait_for_round(1)
    t1.play(keys_for(2))
    d.wait_for(lambda: table_row(v, 1).get("hands") == 2, 20, "2 hands")
    t1.play(["HOLD-B"])  # hand 2 taken back
    d.wait_for(lambda: table_row(v, 1).get("hands") == 1, 20, "the undo")
    assert len(t1.export()["hands"]) == 1
    t1.play(["OK"])  # and confirmed again
    want = expected(v, tables, set())
    d.wait_for(lambda: d.get("/api/standings") == want, 20, "the standings after the redo")
    assert table_row(v, 1)["hands"] == 2


def test_a_publisher_killed_leaves_its_last_will_and_catches_up(night) -> None:
    v, tables = night
    d = v.director
    start_round(v)
    t1 = tables[1]
    t1.wait_for_round(1)
    t1.play(keys_for(1))
    d.wait_for(lambda: table_row(v, 1).get("hands") == 1, 20, "hand 1")
    assert t1.publisher is not None
    t1.publisher.send_signal(signal.SIGKILL)
    t1.publisher.wait(10)
    t1.publisher = None
    d.wait_for(lambda: table_row(v, 1).get("online") is False, 20, "the last will")
    t1.play(keys_for(2, start=None))  # the scorer goes on; its wake-ups reach nobody
    assert "nobody listens" in (t1.folder / "scorer.log").read_text()
    t1.start_publisher()
    want = expected(v, tables, set())
    d.wait_for(lambda: d.get("/api/standings") == want, 20, "the standings after the restart")
    assert table_row(v, 1)["online"] and table_row(v, 1)["hands"] == 3


def test_a_table_publishing_under_another_tables_login_is_dropped_by_the_acl(
    tmp_path: Path,
) -> None:
    v = Venue(tmp_path, players=PLAYERS[:8], rounds=2, hands=4)
    # Table 1's device, but table 2's login (a mistyped config): the ACL drops its messages.
    wrong = ClubTable(
        tmp_path / "t1",
        1,
        v.broker.port,
        EVENT_ID,
        v.logins["table-2"],
        username="table-2",
    )
    try:
        start_round(v)
        wrong.start_publisher()
        wrong.wait_for_round(1)  # reading the round is allowed to every table
        wrong.play(keys_for(2))
        d = v.director
        d.wait_for(lambda: "published round 1" in wrong.publisher_log(), 20, "its publish")
        # A marker after it, from table 2's own login, reaches the director.
        v.table(2).status(1, 0, {"NS": 0, "EW": 0}, False)
        # The marker went out after the dropped publish: the broker passes messages on in
        # the order it took them, so the director would have had table 1's game by now.
        d.wait_for(lambda: table_row(v, 2).get("online"), 20, "the marker")
        assert table_row(v, 1) == {} or table_row(v, 1)["hands"] == 0
        assert all(r["refused"] == 0 for r in d.get("/api/tables"))
        assert all(row["total"] == 0 for row in d.get("/api/standings")["rows"])
        # The right login: the same database's game arrives.
        wrong.stop_publisher()
        wrong.config.write_text(
            wrong.config.read_text().replace('username = "table-2"', 'username = "table-1"')
        )
        (wrong.folder / "password").write_text(v.logins["table-1"] + "\n")
        wrong.start_publisher()
        want = rescore(
            PLAYERS[:8], 2, {(1, 1): wrong.export()}, d.get("/api/event")["seating"], set()
        )
        d.wait_for(lambda: d.get("/api/standings") == want, 20, "table 1's game")
    finally:
        wrong.close()
        v.close()


def test_a_spare_made_by_recover_mid_round_goes_on_with_the_rounds_game(night) -> None:
    v, tables = night
    d = v.director
    start_round(v)
    t1 = tables[1]
    t1.wait_for_round(1)
    t1.play(keys_for(2))
    d.wait_for(lambda: table_row(v, 1).get("hands") == 2, 20, "2 hands")
    t1.stop_publisher()  # the Pi fails; its card goes into the spare: recover (README)
    old = t1.folder / "old.db"
    for tail in ("", "-wal", "-shm"):
        src = Path(str(t1.db) + tail)
        if src.exists():
            src.rename(Path(str(old) + tail))
    result = subprocess.run(
        t1.cmd("recover", "--db", str(old), "--out", str(t1.db)), capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    t1.start_publisher()
    club = t1.wait_for_club(lambda c: c["latest"].get("round") == 1)
    assert club.get("game_round") == 1 and not club.get("over"), club  # not "waiting"
    t1.play(keys_for(1, start=None))  # the round's third hand, on the spare
    d.wait_for(lambda: table_row(v, 1).get("hands") == 3, 20, "the spare's hand counted")
    assert table_row(v, 1)["refused"] == 0
    game = d.get("/api/tables/1/rounds/1")
    assert game["journal"] == t1.meta("journal") and len(game["hands"]) == 3
