"""A whole event through the real broker and the real director process."""

from __future__ import annotations

import random

import pytest
from club_games import play, rescore
from club_venue import PIN, Venue

pytestmark = pytest.mark.slow


def seating_of(venue: Venue) -> list[dict]:
    return venue.director.get("/api/event")["seating"]


def test_three_rounds_at_four_tables_give_the_standings_of_the_records(venue: Venue) -> None:
    rng = random.Random(15)
    games: dict[tuple[int, int], dict] = {}
    d = venue.director
    for r in range(1, 4):
        status, body = venue.director.post("/api/rounds/next", PIN)
        assert status == 200, body
        assert body["round"] == r and len(body["tables"]) == 4 and len(body["sitting_out"]) == 1
        for t, seats in body["tables"].items():
            table = venue.table(int(t))
            records = play(rng, seats, 4)
            for i, rec in enumerate(records):
                table.game(r, rec, finished=i == len(records) - 1)
            games[(int(t), r)] = records[-1]
        d.wait_for(lambda: d.get("/api/event")["seating"][-1]["ended"], what="round ended")
    expected = rescore(venue.players, 3, games, seating_of(venue), {1, 2, 3})
    d.wait_for(lambda: d.get("/api/standings") == expected, what="the standings")
    assert d.get("/api/standings") == expected
    # Sit-out means were used (17 players): someone's round is a mean, not a table total.
    assert any(row["total"] != 0 for row in expected["rows"])
    # The exports: CSV of the standings and every table's records as game records.
    csv_text = d.get("/api/export/standings.csv").decode()
    assert csv_text.splitlines()[0] == "rank,name,total,round 1,round 2,round 3,won"
    assert len(csv_text.splitlines()) == 1 + len(venue.players)
    exported = {(g["table"], g["round"]): g["record"] for g in d.get("/api/export/records")}
    assert exported == games
    # The page escapes names.
    page = d.get("/").decode()
    assert "Zoë &lt;b&gt;" in page and "Zoë <b>" not in page and "Tuesday &lt;Kaiser&gt;" in page
    # No more rounds than the event has.
    status, body = d.post("/api/rounds/next", PIN)
    assert status == 409 and "all 3 rounds" in body["error"]


def test_the_offline_export_writes_the_csv_and_the_game_records(venue: Venue, tmp_path) -> None:
    import json
    import subprocess
    import sys

    from kaiser_core.record import score_record

    rnd = venue.director.post("/api/rounds/next", PIN)[1]
    records = play(random.Random(4), rnd["tables"]["2"], 2)
    venue.table(2).game(1, records[-1])
    d = venue.director
    d.wait_for(lambda: d.get("/api/tables")[1]["hands"] == len(records[-1]["hands"]))
    d.stop()
    out = tmp_path / "export"
    args = ["--event", str(venue.event), "--db", str(d.db), "--export", str(out)]
    result = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "director", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    game = json.loads((out / "table-2-round-1.json").read_text(encoding="utf-8"))
    assert game == records[-1] and score_record(game)["totals"]
    assert (out / "standings.csv").read_text(encoding="utf-8").count("\n") == 1 + len(venue.players)
    d.start()  # the fixture stops it again
