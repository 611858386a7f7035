"""Garbage on the club link never stops it: a deeply nested JSON ``round`` sent to a running
scorer's datagram socket, or published on the broker's ``round`` topic to a running
publisher, is one log line; the next proper round is still read and journaled."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from club_tables import ClubTable
from club_venue import EVENT_ID, PIN, Venue
from paho.mqtt.enums import CallbackAPIVersion

from hardware.club.link import scorer_socket

#: Nested 30,000 deep (60 KB, one datagram): json.loads recurses past the interpreter's limit.
DEEP = b"[" * 30_000 + b"]" * 30_000
ROUND_1 = {
    "round": 1,
    "ended": False,
    "rules": "standard",
    "tables": {"3": ["Ann", "Bob", "Cy", "Di"]},
    "sitting_out": [],
}
GARBAGE = [
    b"round " + DEEP,
    b'round {"round": ' + DEEP + b"}",
    b"round " + b"9" * 5000,  # an integer past int()'s 4,300 digits
    b'round {"round": 1e999999}',
    b"round \xff\xfe not utf-8",
    b"round [1, 2]",
    b"broker " + DEEP,
    DEEP,
]


def wait_until(
    check: Callable[[], bool],
    timeout: float,
    what: str,
    proc: subprocess.Popen[bytes] | None = None,
) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert proc is None or proc.poll() is None, "the scorer stopped"
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


@pytest.mark.slow
def test_garbage_datagrams_leave_the_scorers_link_reading(tmp_path: Path) -> None:
    table = ClubTable(tmp_path / "t3", 3, 1, "tue-1", "pw")  # no broker, no publisher
    proc = table.run()
    try:
        path = scorer_socket(table.db)
        wait_until(path.exists, 20, "the scorer did not listen", proc)
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.settimeout(5)  # a link that stopped reading fills its queue: no hang
            for datagram in GARBAGE:
                sock.sendto(datagram, str(path))
            sock.sendto(b"round " + json.dumps(ROUND_1).encode(), str(path))

            def journaled() -> bool:
                latest = (table.meta("club") or {}).get("latest") or {}
                return latest.get("round") == 1 and latest.get("seats") == ROUND_1["tables"]["3"]

            wait_until(journaled, 20, "the proper round was not read after the garbage", proc)
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
    log = (table.folder / "scorer.log").read_text(errors="replace")
    assert "Traceback" not in log and "Exception in thread" not in log, log
    ignored = [line for line in log.splitlines() if "club:" in line and "ignored" in line]
    assert 1 <= len(ignored) <= len(GARBAGE), log


@pytest.mark.slow
def test_a_deeply_nested_round_on_the_broker_leaves_the_publisher_reading(
    tmp_path: Path,
) -> None:
    venue = Venue(tmp_path / "venue")
    table = ClubTable(tmp_path / "t1", 1, venue.broker.port, EVENT_ID, venue.logins["table-1"])
    director = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="test-garbage")
    try:
        table.start_publisher()
        # The director's login may publish the round topic: the garbage comes from there.
        director.username_pw_set("director", venue.logins["director"])
        director.connect("127.0.0.1", venue.broker.port)
        director.loop_start()
        wait_until(lambda: "connected" in table.publisher_log(), 20, "no publisher")
        topic = f"kaiser/{EVENT_ID}/round"
        for payload in (DEEP, b'{"round": ' + DEEP + b"}"):  # retained: no race with its SUB
            director.publish(topic, payload, qos=1, retain=True).wait_for_publish(10)
        wait_until(lambda: "not JSON" in table.publisher_log(), 20, "the publisher never saw it")
        status, body = venue.director.post("/api/rounds/next", PIN)
        assert status == 200, body
        table.wait_for_round(1)  # the publisher handed the director's round on
        assert table.publisher is not None and table.publisher.poll() is None
        log = table.publisher_log()
        assert "Traceback" not in log and "Exception in thread" not in log, log
    finally:
        director.loop_stop()
        director.disconnect()
        table.stop_publisher()
        table.close()
        venue.close()
