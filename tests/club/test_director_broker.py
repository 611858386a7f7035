"""The director and the broker's round (issue 26): a table login with the director's
client id, a director on a new database, someone else's retained round on an anonymous
broker, a refused broker login. Real mosquitto, real director processes."""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from club_games import play
from club_helpers import Broker, Director
from club_venue import EVENT_ID, PIN, PLAYERS, Venue, event_toml
from paho.mqtt.enums import CallbackAPIVersion

pytestmark = pytest.mark.slow
ROUND = f"kaiser/{EVENT_ID}/round"


def retained_round(port: int, login: tuple[str, str] | None) -> dict[str, Any]:
    """What a table connecting now gets as the retained round."""
    got: list[bytes] = []
    done = threading.Event()
    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    if login:
        client.username_pw_set(*login)
    client.on_connect = lambda c, u, f, rc, p: c.subscribe(ROUND, 1)
    client.on_message = lambda c, u, m: (got.append(bytes(m.payload)), done.set())
    client.connect("127.0.0.1", port)
    client.loop_start()
    try:
        assert done.wait(10), "no retained round"
    finally:
        client.loop_stop()
        client.disconnect()
    return dict(json.loads(got[0]))


def start_round(director: Director) -> dict[str, Any]:
    status, body = director.post("/api/rounds/next", PIN)
    assert status == 200, body
    return dict(body)


def test_a_table_login_with_the_directors_old_client_id_leaves_it_connected(
    venue: Venue,
) -> None:
    d = venue.director
    d.wait_for(lambda: "connected to the broker" in d.log(), what="the director's connection")
    for _ in range(6):  # a table login taking the director's (guessable) client id
        intruder = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=f"kaiser-director-{EVENT_ID}",
            clean_session=False,
            protocol=mqtt.MQTTv311,
        )
        intruder.username_pw_set("table-2", venue.logins["table-2"])
        intruder.connect("127.0.0.1", venue.broker.port)
        intruder.loop_start()
        intruder.subscribe("kaiser/#", 1)
        time.sleep(0.3)  # held a moment, as the attack did
        intruder.loop_stop()
        intruder.disconnect()
    table = venue.table(1)
    table.status(0, 2, {"NS": 0, "EW": 0}, False)
    d.wait_for(lambda: d.get("/api/tables")[0].get("hands") == 2, what="the next status")
    assert "lost the broker" not in d.log(), d.log()[-2000:]
    assert d.get("/api/director")["broker"]["state"] == "connected"


def test_a_director_on_a_new_database_takes_the_brokers_round(venue: Venue) -> None:
    rnd = start_round(venue.director)
    t, seats = next(iter(rnd["tables"].items()))
    records = play(random.Random(4), seats, 2)
    venue.table(int(t)).game(1, records[-1])
    d = venue.director
    d.wait_for(lambda: t in {str(g["table"]) for g in d.get("/api/export/records")}, what="game")
    d.stop()
    second = Director(venue.folder / "second", venue.event, venue.broker.port, {})
    second.folder.mkdir()
    second.start()
    try:
        second.wait_for(
            lambda: second.get("/api/event")["round"] == 1, what="round 1 taken from the broker"
        )
        second.wait_for(
            lambda: t in {str(g["table"]) for g in second.get("/api/export/records")}, what="game"
        )
        assert all(r["refused"] == 0 for r in second.get("/api/tables"))
        login = ("table-1", venue.logins["table-1"])
        assert retained_round(venue.broker.port, login)["round"] == 1
        notes = [n["text"] for n in second.get("/api/director")["notes"]]
        assert any("took round 1 from the broker" in n for n in notes), notes
    finally:
        second.stop()
    # the league's rounds (issue 30) hold the round taken, with when it was taken
    with sqlite3.connect(second.db) as db:
        rounds = db.execute("SELECT round, at, ended FROM rounds").fetchall()
    assert [(n, bool(at), ended) for n, at, ended in rounds] == [(1, True, 0)], rounds


def test_someone_elses_retained_round_on_an_anonymous_broker_is_replaced(
    tmp_path: Path,
) -> None:
    broker = Broker(tmp_path / "broker", None)  # anonymous: anyone may publish anything
    broker.start()
    event = tmp_path / "event.toml"
    event.write_text(event_toml(PLAYERS), encoding="utf-8")
    d = Director(tmp_path, event, broker.port, {})
    try:
        d.start()
        start_round(d)
        assert retained_round(broker.port, None)["ended"] is False
        forged = {**retained_round(broker.port, None), "ended": True}
        prankster = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        prankster.connect("127.0.0.1", broker.port)
        prankster.loop_start()
        prankster.publish(ROUND, json.dumps(forged), qos=1, retain=True).wait_for_publish(10)
        prankster.loop_stop()
        prankster.disconnect()
        d.wait_for(
            lambda: (
                retained_round(broker.port, None)["ended"] is False
                and any("did not send" in n["text"] for n in d.get("/api/director")["notes"])
            ),
            what="the director's round back on the broker",
        )
        assert d.get("/api/event")["seating"][0]["ended"] is False
    finally:
        d.stop()
        broker.stop()


def test_a_refused_broker_login_shows_in_the_api_and_the_actions(tmp_path: Path) -> None:
    venue = Venue(tmp_path, start=False)
    venue.director.env = {"KAISER_BROKER_PASSWORD": "not-the-password"}
    try:
        venue.director.start()
        d = venue.director
        d.wait_for(lambda: d.get("/api/director")["broker"]["state"] == "refused", what="refused")
        body = start_round(d)
        assert body["broker"]["state"] == "refused" and "authori" in body["broker"]["detail"]
    finally:
        venue.close()


def test_two_directors_of_one_event_on_two_databases_do_not_race(tmp_path: Path) -> None:
    broker = Broker(tmp_path / "broker", None)
    broker.start()
    event = tmp_path / "event.toml"
    event.write_text(event_toml(PLAYERS), encoding="utf-8")
    first = Director(tmp_path / "a", event, broker.port, {})
    second = Director(tmp_path / "b", event, broker.port, {})
    for d in (first, second):
        d.folder.mkdir()
    seen: list[bytes] = []
    watch = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    watch.on_connect = lambda c, u, f, rc, p: c.subscribe(ROUND, 1)
    watch.on_message = lambda c, u, m: seen.append(bytes(m.payload))
    try:
        first.start()
        start_round(first)  # round 1 on the broker
        second.start()  # a new database: it takes round 1 (M22)
        second.wait_for(lambda: second.get("/api/event")["round"] == 1, what="round 1 taken")
        assert first.post("/api/rounds/end", PIN)[0] == 200  # now each sees the other's
        watch.connect("127.0.0.1", broker.port)
        watch.loop_start()
        time.sleep(6)  # a race publishes thousands a second; each answers once per 10 s
        assert len(seen) <= 6, len(seen)
        notes = [n["text"] for n in second.get("/api/director")["notes"]]
        assert any("did not send" in n for n in notes), notes
    finally:
        watch.loop_stop()
        first.stop()
        second.stop()
        broker.stop()
