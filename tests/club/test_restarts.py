"""The broker killed mid-round, the director restarted, a bridged venue, SSE, the PIN."""

from __future__ import annotations

import http.client
import json
import random
import threading
from pathlib import Path

import pytest
from club_games import play, rescore
from club_helpers import Broker, Director, make_logins
from club_publisher import TablePublisher
from club_venue import EVENT_ID, PIN, PLAYERS, Venue, event_toml

pytestmark = pytest.mark.slow


def start_round(venue: Venue) -> dict:
    status, body = venue.director.post("/api/rounds/next", PIN)
    assert status == 200, body
    return body


def test_the_broker_killed_mid_round_and_the_director_restarted(venue: Venue) -> None:
    rnd = start_round(venue)
    rng = random.Random(21)
    plays = {int(t): play(rng, seats, 4) for t, seats in rnd["tables"].items()}
    for t, records in plays.items():
        venue.table(t).game(1, records[0])
    d = venue.director
    d.wait_for(lambda: all(r["hands"] == 1 for r in d.get("/api/tables")[:4]), what="hand 1")
    venue.broker.kill()
    venue.broker.start()  # same port, same persistence folder
    for t, records in plays.items():
        table = venue.table(t)
        assert table.connected.wait(10), "the table did not reconnect"
        for i, rec in enumerate(records[1:], 1):
            table.game(1, rec, finished=i == len(records) - 1)
    games = {(t, 1): records[-1] for t, records in plays.items()}
    seating = d.get("/api/event")["seating"]
    expected = rescore(PLAYERS, 3, games, seating, {1})
    d.wait_for(lambda: d.get("/api/standings") == expected, what="standings after the restart")
    # The director restarted: the same state from its database (and the retained messages).
    seen = {r["table"]: r["seen"] for r in d.get("/api/tables")}
    d.stop()
    d.start()
    assert d.get("/api/standings") == expected
    assert d.get("/api/event")["seating"] == d.get("/api/event")["seating"][:1]
    assert d.get("/api/event")["seating"][0]["ended"] is True
    d.wait_for(  # the retained messages arrive again (each table heard anew): duplicates
        lambda: all(
            r["seen"] != seen[r["table"]] for r in d.get("/api/tables") if r["table"] in plays
        ),
        what="the retained messages again",
    )
    assert d.get("/api/standings") == expected  # nothing changes
    assert all(r["refused"] == 0 for r in d.get("/api/tables"))


def test_a_bridged_venue_feeds_the_central_director(tmp_path: Path) -> None:
    central_logins = make_logins(EVENT_ID, 8, tmp_path / "central-logins", venues="north")
    venue_logins = make_logins(EVENT_ID, 8, tmp_path / "venue-logins")
    central = Broker(tmp_path / "central", tmp_path / "central-logins")
    central.start()
    example = (Path(__file__).parents[2] / "systemd/club/bridge.conf.example").read_text()
    bridge = "\n".join(line for line in example.splitlines() if line and line[0] != "#")
    bridge = (
        bridge.replace("central.example.org:1883", f"127.0.0.1:{central.port}")
        .replace("CHANGE-ME", central_logins["venue-north"])
        .replace("tuesday-2026-12-01", EVENT_ID)
    )
    north = Broker(tmp_path / "north", tmp_path / "venue-logins", extra=bridge)
    north.start()
    event = tmp_path / "event.toml"
    event.write_text(event_toml(PLAYERS), encoding="utf-8")
    env = {
        "KAISER_BROKER_USERNAME": "director",
        "KAISER_BROKER_PASSWORD": central_logins["director"],
    }
    director = Director(tmp_path, event, central.port, env)
    director.start()
    table = None
    try:
        status, rnd = director.post("/api/rounds/next", PIN)
        assert status == 200
        seats = rnd["tables"]["2"]
        table = TablePublisher(north.port, EVENT_ID, 2, ("table-2", venue_logins["table-2"]))
        records = play(random.Random(5), seats, 3)
        for rec in records:
            table.game(1, rec)
        games = {(2, 1): records[-1]}
        expected = rescore(PLAYERS, 3, games, director.get("/api/event")["seating"], set())
        director.wait_for(lambda: director.get("/api/standings") == expected, what="bridged")
    finally:
        if table:
            table.close()
        director.stop()
        north.stop()
        central.stop()


def sse_events(
    port: int, count: int, kind: str, timeout: float = 10, first: threading.Event | None = None
) -> list[dict]:
    """``count`` events of ``kind`` from the director's stream; ``first`` is set once the
    first arrived (the stream starts with the standings: the reader is subscribed)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", "/events")
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("content-type", "").startswith("text/event-stream")
    events: list[dict] = []
    name = ""
    while len(events) < count:
        line = response.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: ") and name == kind:
            events.append(json.loads(line[6:]))
            if first is not None:
                first.set()
    conn.close()
    return events


def test_server_sent_events_deliver_a_change(venue: Venue) -> None:
    rnd = start_round(venue)
    seats = rnd["tables"]["1"]
    got: list[list[dict]] = []
    subscribed = threading.Event()
    reader = threading.Thread(
        target=lambda: got.append(sse_events(venue.director.port, 2, "standings", first=subscribed))
    )
    reader.start()
    assert subscribed.wait(30), "the stream sent no standings"
    records = play(random.Random(3), seats, 1)
    venue.table(1).game(1, records[0])
    reader.join(10)
    assert got, "no standings event arrived"
    first, second = got[0]
    assert first != second
    name = seats[0]
    after = next(r for r in second["rows"] if r["name"] == name)
    assert after == next(
        r for r in venue.director.get("/api/standings")["rows"] if r["name"] == name
    )
    tables = sse_events(venue.director.port, 1, "table")
    assert {"table", "online", "round", "hands", "totals", "finished", "refused", "seen"} <= set(
        tables[0]
    )


def test_the_pin_403_then_429_after_five_wrong(venue: Venue) -> None:
    d = venue.director
    assert d.post("/api/rounds/next", None)[0] == 400  # no PIN: not a wrong one (CLUB.md)
    assert d.get("/api/event")["round"] == 0
    for _ in range(5):
        assert d.post("/api/rounds/end", "0000")[0] == 403
    assert d.post("/api/rounds/next", PIN)[0] == 429  # 5 wrong in a minute: locked
    assert d.get("/api/event")["round"] == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[event]\nid = "Bad Id"\n', "event.id"),
        ("not toml [", "invalid TOML"),
        ('[event]\nid = "x"\nname = "n"\nrounds = 3\nplayers = ["a", "a"]\npin = "1"\n', "twice"),
    ],
)
def test_a_bad_event_file_is_one_line_and_exit_2(tmp_path: Path, text: str, message: str) -> None:
    import subprocess
    import sys

    event = tmp_path / "event.toml"
    event.write_text(text)
    args = [
        "--event",
        str(event),
        "--db",
        str(tmp_path / "d.db"),
        "--broker",
        "127.0.0.1:1",
        "--listen",
        "127.0.0.1:0",
    ]
    result = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "director", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1 and message in result.stderr
