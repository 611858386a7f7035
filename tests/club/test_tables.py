"""Real tables (scorer + publisher processes) against the real mosquitto and director."""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from club_games import rescore
from club_tables import ClubTable, keys_for
from club_venue import EVENT_ID, PIN, PLAYERS, Venue

pytestmark = pytest.mark.slow

PLAYERS_8 = PLAYERS[:8]  # two tables a round


@pytest.fixture
def night(tmp_path: Path) -> Iterator[tuple[Venue, dict[int, ClubTable]]]:
    v = Venue(tmp_path, players=PLAYERS_8, rounds=2)
    tables = {
        n: ClubTable(tmp_path / f"t{n}", n, v.broker.port, EVENT_ID, v.logins[f"table-{n}"])
        for n in (1, 2)
    }
    for t in tables.values():
        t.start_publisher()
    yield v, tables
    for t in tables.values():
        t.close()
    v.close()


def start_round(v: Venue) -> dict:
    status, body = v.director.post("/api/rounds/next", PIN)
    assert status == 200, body
    return body


def expected(v: Venue, tables: dict[int, ClubTable], rounds: set[int]) -> dict:
    """The standings re-scored from every table's own ``kaiser-scorer export`` (and the
    rounds the director ended: every table finished, or ended by hand)."""
    games = {}
    for n, t in tables.items():
        for r in rounds:
            games[(n, r)] = t.export()
    seating = v.director.get("/api/event")["seating"]
    ended = {s["round"] for s in seating if s["ended"]}
    return rescore(PLAYERS_8, 2, games, seating, ended)


def test_a_round_played_at_two_tables_gives_the_standings_of_their_exports(night) -> None:
    v, tables = night
    rnd = start_round(v)
    for n, t in tables.items():
        t.wait_for_round(1)
        acks = t.play(keys_for(4))
        assert len(acks) == 1 + 4 * 17
        record = t.export()
        names = rnd["tables"][str(n)]
        assert record["names"] == dict(zip("NESW", names, strict=True))
        assert record["rules"] == rnd["rules"]
        assert t.meta("rev") >= len(acks)  # raised with every stored key
    want = expected(v, tables, {1})
    d = v.director
    d.wait_for(lambda: d.get("/api/standings") == want, 20, "the standings of the exports")
    rows = {r["table"]: r for r in d.get("/api/tables")}
    assert rows[1]["finished"] and rows[1]["hands"] == 4 and rows[1]["online"]
    assert rows[1]["totals"] == {"NS": -4, "EW": 44} and rows[2]["refused"] == 0


def test_a_whole_event_of_two_rounds_with_round_over_between(night) -> None:
    import json
    import subprocess
    import sys

    v, tables = night
    d = v.director
    start_round(v)
    for t in tables.values():
        t.wait_for_round(1)
        t.play(keys_for(4))
    d.wait_for(lambda: d.get("/api/event")["seating"][0]["ended"], 20, "round 1 ended")
    start_round(v)
    for t in tables.values():
        t.wait_for_round(2)
        assert t.meta("club")["over"] == 1  # ROUND OVER still shows round 1
        t.play(["OK", *keys_for(3)])  # OK: back to waiting, then round 2's game
        assert t.meta("club")["game_round"] == 2 and t.meta("club.round.2") == 2
    games = {}
    for n, t in tables.items():
        out = subprocess.run(
            [sys.executable, "-m", "hardware.cli", "export", "--all", "--db", str(t.db)],
            capture_output=True,
            check=True,
        )
        first, second = json.loads(out.stdout)
        assert len(first["hands"]) == 4 and len(second["hands"]) == 3
        games[(n, 1)], games[(n, 2)] = first, second
    seating = d.get("/api/event")["seating"]
    assert seating[1]["tables"]["1"] == list(games[(1, 2)]["names"].values())
    want = rescore(PLAYERS_8, 2, games, seating, {s["round"] for s in seating if s["ended"]})
    d.wait_for(lambda: d.get("/api/standings") == want, 20, "the event's standings")
    assert all(row["rounds"][1] is not None for row in want["rows"])


def test_the_broker_down_while_a_table_plays_catches_up_once_per_round(night) -> None:
    v, tables = night
    start_round(v)
    t1, t2 = tables[1], tables[2]
    for t in (t1, t2):
        t.wait_for_round(1)
    t1.play(keys_for(1))
    d = v.director
    d.wait_for(lambda: d.get("/api/tables")[0]["hands"] == 1, 20, "hand 1 of table 1")
    v.broker.stop()
    acks = t1.play(keys_for(3, start=None))  # three hands with the broker gone
    assert len(acks) == 3 * 17
    t2.play(keys_for(4))
    before = t1.publisher_log().count("connected to the broker")
    v.broker.start()  # same port, same persistence
    want = expected(v, tables, {1})
    d.wait_for(lambda: d.get("/api/standings") == want, 30, "the standings after the outage")
    log = t1.publisher_log()
    assert log.count("connected to the broker") == before + 1
    after = log.rsplit("connected to the broker", 1)[1]
    published = re.findall(r"published round (\d+) ", after)
    assert published == ["1"], after  # one message for the round, not one per hand
    assert all(r["refused"] == 0 for r in d.get("/api/tables"))


def test_a_table_killed_and_restarted_resumes_its_script(night) -> None:
    v, tables = night
    start_round(v)
    for t in tables.values():
        t.wait_for_round(1)
    t1 = tables[1]
    t1.scripts += 1
    script = t1.folder / "keys-kill.txt"
    script.write_text("\n".join(keys_for(4)) + "\n")
    proc = t1.run("--keys", str(script))
    assert proc.stdout is not None
    for _ in range(30):  # some keys stored, then a power cut
        assert proc.stdout.readline().startswith(b"ok ")
    proc.send_signal(signal.SIGKILL)
    proc.wait(10)
    proc = t1.run("--keys", str(script))  # the same script resumes after the last stored key
    out, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0
    assert out.decode().splitlines()[-1] == f"ok {1 + 4 * 17} OK"
    tables[2].play(keys_for(4))
    want = expected(v, tables, {1})
    assert t1.export()["hands"] and len(t1.export()["hands"]) == 4
    d = v.director
    d.wait_for(lambda: d.get("/api/standings") == want, 20, "the standings after the restart")


def test_a_restored_database_is_a_new_journal_that_replaces_the_old(night, tmp_path) -> None:
    import shutil
    import sqlite3
    import subprocess
    import sys

    v, tables = night
    start_round(v)
    t1, t2 = tables[1], tables[2]
    for t in (t1, t2):
        t.wait_for_round(1)
    t1.play(keys_for(2))
    backup = tmp_path / "backup.db"
    src, dst = sqlite3.connect(t1.db), sqlite3.connect(backup)
    src.backup(dst)  # SQLite's online backup: the file as it stands, WAL included
    src.close()
    dst.close()
    old_journal = t1.meta("journal")
    t1.play(keys_for(2, start=None))
    t2.play(keys_for(4))
    d = v.director
    d.wait_for(lambda: d.get("/api/tables")[0]["hands"] == 4, 20, "table 1's four hands")
    # The Pi's card dies: the database restored from the backup (recover: a new journal).
    t1.stop_publisher()
    restored = tmp_path / "restored.db"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "hardware.cli",
            "recover",
            "--db",
            str(backup),
            "--out",
            str(restored),
        ],
        check=True,
        capture_output=True,
    )
    for suffix in ("", "-wal", "-shm", "-archive.jsonl"):
        Path(str(t1.db) + suffix).unlink(missing_ok=True)
    shutil.move(restored, t1.db)
    t1.wait_for_round(1)  # the scorer opens it (the round is kept), as after a restart
    assert t1.meta("journal") != old_journal
    t1.start_publisher()
    want = expected(v, tables, {1})
    assert len(t1.export()["hands"]) == 2
    d.wait_for(lambda: d.get("/api/standings") == want, 20, "the restored table's standings")
    assert d.get("/api/tables")[0]["hands"] == 2
