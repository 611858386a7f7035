"""Duplicate, stale, invalid and replaced messages never count; the broker's ACL holds."""

from __future__ import annotations

import json
import random
import re

import paho.mqtt.client as mqtt
import pytest
from club_games import play, random_hand, record
from club_publisher import TablePublisher
from club_venue import EVENT_ID, PIN, Venue
from paho.mqtt.enums import CallbackAPIVersion

pytestmark = pytest.mark.slow


def start_round(venue: Venue) -> dict:
    status, body = venue.director.post("/api/rounds/next", PIN)
    assert status == 200, body
    return body


def game_of(venue: Venue, table: int, r: int = 1) -> dict | None:
    try:
        return venue.director.get(f"/api/tables/{table}/rounds/{r}")
    except Exception:
        return None


def row(venue: Venue, table: int) -> dict:
    return next(t for t in venue.director.get("/api/tables") if t["table"] == table)


def test_duplicate_stale_and_invalid_messages_never_count(venue: Venue) -> None:
    rnd = start_round(venue)
    seats = rnd["tables"]["1"]
    rng = random.Random(7)
    records = play(rng, seats, 4)
    t1 = venue.table(1)
    t1.game(1, records[0], rev=1)
    t1.game(1, records[1], rev=2)
    d = venue.director
    d.wait_for(lambda: (game_of(venue, 1) or {}).get("rev") == 2, what="rev 2")
    before = d.get("/api/standings")
    other = record(seats, [random_hand(rng) for _ in range(3)])
    t1.game(1, other, rev=2)  # a duplicate rev with other content: not higher, ignored
    t1.game(1, other, rev=1)  # stale
    bad = [
        dict(record=record(seats, [{"contract": {"bidder": "N", "bid": 3}}])),  # bad record
        dict(record=record([seats[0], seats[2], seats[1], seats[3]], [])),  # partners wrong
        dict(record=record(seats, [], rules="tournament")),  # not the round's rules
        dict(record=records[2], table=2),  # table differs from the topic
    ]
    for extra in bad:
        t1.game(1, finished=False, rev=50, **extra)
    t1.game(2, records[2], rev=60)  # round 2 has not started
    t1.raw(t1.topic("round/1/game"), b"\xff not json")
    payload = {"event": EVENT_ID, "table": 1, "round": 1, "journal": "j", "rev": 9}
    t1.raw(t1.topic("round/1/game"), json.dumps(payload).encode())  # no record, no finished
    d.wait_for(lambda: row(venue, 1)["refused"] == 7, what="7 refused")
    assert d.get("/api/standings") == before
    assert game_of(venue, 1)["rev"] == 2
    assert "refused" in d.log() and "table 1" in d.log()
    assert row(venue, 2)["refused"] == 0
    page = re.sub(r"<td [^>]*>", "<td>", d.get("/").decode())  # the phone's labels aside
    assert "<td>1</td><td>online</td>" not in page  # table 1 sent no status
    assert "<td>7</td><td>" in page and "has not been started" not in page.split("Tables")[0]
    # A valid change still counts afterwards.
    t1.game(1, records[2], rev=3)
    d.wait_for(lambda: d.get("/api/standings") != before, what="the change")


def test_a_new_journal_replaces_and_the_old_one_is_ignored_after(venue: Venue) -> None:
    rnd = start_round(venue)
    seats = rnd["tables"]["3"]
    rng = random.Random(8)
    first = play(rng, seats, 3)
    t3 = venue.table(3, journal="old-pi")
    for rec in first:
        t3.game(1, rec)
    d = venue.director
    d.wait_for(lambda: (game_of(venue, 3) or {}).get("rev") == len(first), what="the old pi")
    # A spare Pi (a restored database): a new journal, rev starting again at 1.
    spare = record(seats, first[0]["hands"])
    t3.game(1, spare, rev=1, journal="spare-pi")
    d.wait_for(lambda: (game_of(venue, 3) or {}).get("journal") == "spare-pi", what="spare")
    assert len(game_of(venue, 3)["hands"]) == 1
    # The old Pi comes back with a higher rev: ignored, it was replaced.
    t3.game(1, first[-1], rev=99, journal="old-pi")
    t3.game(1, record(seats, first[1]["hands"]), rev=2, journal="spare-pi")  # a marker
    d.wait_for(lambda: (game_of(venue, 3) or {}).get("rev") == 2, what="the marker")
    assert game_of(venue, 3)["journal"] == "spare-pi"
    assert row(venue, 3)["refused"] == 0


def test_the_acl_refuses_table_2_publishing_under_table_1(venue: Venue) -> None:
    rnd = start_round(venue)
    seats = rnd["tables"]["1"]
    rng = random.Random(9)
    records = play(rng, seats, 3)
    t1 = venue.table(1)
    t1.game(1, records[0], rev=1)
    d = venue.director
    d.wait_for(lambda: game_of(venue, 1), what="table 1")
    # Table 2's login, publishing table 1's game: the broker drops it (ACL).
    login = ("table-2", venue.logins["table-2"])
    intruder = TablePublisher(venue.broker.port, EVENT_ID, 1, login, journal="intruder")
    try:
        intruder.game(1, records[2], rev=50)
        t1.game(1, records[1], rev=2)  # the marker, after the forbidden one
        d.wait_for(lambda: (game_of(venue, 1) or {}).get("rev") == 2, what="the marker")
        assert game_of(venue, 1)["journal"] == "journal-a"
        # Nor may a table publish the round.
        intruder.raw(f"kaiser/{EVENT_ID}/round", b'{"round": 9}')
    finally:
        intruder.close()
    # The retained round is still the director's.
    seen: list[bytes] = []
    sub = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    sub.username_pw_set("director", venue.logins["director"])
    sub.on_message = lambda c, u, m: seen.append(m.payload)
    sub.on_connect = lambda c, u, f, rc, p: c.subscribe(f"kaiser/{EVENT_ID}/round", 1)
    sub.connect("127.0.0.1", venue.broker.port)
    sub.loop_start()
    try:
        d.wait_for(lambda: seen, what="the retained round")
    finally:
        sub.loop_stop()
        sub.disconnect()
    assert json.loads(seen[-1])["round"] == 1


def test_an_anonymous_client_is_refused(venue: Venue) -> None:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    codes: list[object] = []
    client.on_connect = lambda c, u, f, rc, p: codes.append(rc)
    client.connect("127.0.0.1", venue.broker.port)
    client.loop_start()
    try:
        venue.director.wait_for(lambda: codes, what="CONNACK")
    finally:
        client.loop_stop()
    assert codes[0].is_failure


def test_a_turned_table_counts_each_player_on_their_seat(venue: Venue) -> None:
    from club_games import rescore

    rnd = start_round(venue)
    a, b, c, e = rnd["tables"]["1"]
    turned = [b, c, e, a]  # everyone one seat on: partners stay partners (b & e, c & a)
    records = play(random.Random(11), turned, 2)
    venue.table(1).game(1, records[-1])
    d = venue.director
    d.wait_for(
        lambda: (game_of(venue, 1) or {}).get("names") == dict(zip("NESW", turned, strict=True))
    )
    assert row(venue, 1)["refused"] == 0
    games = {(1, 1): records[-1]}
    want = rescore(venue.players, 3, games, d.get("/api/event")["seating"], set())
    d.wait_for(lambda: d.get("/api/standings") == want, what="the turned table's standings")
    ew = game_of(venue, 1)["totals"]["EW"]
    rows = {r["name"]: r for r in want["rows"]}
    assert rows[a]["rounds"][0] == rows[c]["rounds"][0] == ew  # a and c sit E and W now
