"""One table login against the director (issue 26): huge messages, huge numbers.

A real mosquitto with the project's config, logins and ACL, a real director process; the
table publishes as its own login, as a stolen or broken Pi would.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from club_helpers import REPO, MemoryCgroup, free_port
from club_tables import ClubTable, keys_for
from club_venue import EVENT_ID, Venue

pytestmark = pytest.mark.slow

#: The director unit's MemoryMax=.
UNIT_MEMORY = 200 << 20
BIG = 100 << 20


def table_row(venue: Venue, n: int) -> dict:
    rows = venue.director.get("/api/tables")
    return next((r for r in rows if r["table"] == n), {})


def biggest_logged(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        return int(con.execute("SELECT max(length(payload)) FROM log").fetchone()[0] or 0)


def status(hands: int) -> bytes:
    body = {"online": True, "round": 0, "hands": hands, "totals": {"NS": 0, "EW": 0}}
    return json.dumps(body).encode()


def test_the_shipped_broker_drops_a_huge_message_before_the_director(venue: Venue) -> None:
    table = venue.table(2)
    padded = {"online": True, "hands": 1, "pad": "x" * (600 << 10)}
    table.raw(table.topic("status"), json.dumps(padded).encode())  # 600 KB
    table.raw(table.topic("status"), status(3))
    venue.director.wait_for(lambda: table_row(venue, 2).get("hands") == 3, what="status")
    assert table_row(venue, 2)["refused"] == 0  # it never reached the director
    assert biggest_logged(venue.director.db) < 4096
    assert table.connected.is_set()  # dropped, the table not thrown off


def test_a_100_mb_message_is_refused_unread_and_the_restart_fits_the_units_memory(
    tmp_path: Path,
) -> None:
    venue = Venue(tmp_path, limits=False)  # a broker without the shipped caps
    try:
        table = venue.table(2)
        # 100 MB, retained: the broker offers it at every connection of the director.
        table.raw(table.topic("round/1/game"), b'{"pad": "' + b"x" * BIG + b'"}')
        # 200 KB: under the director's packet cap, over its cap of a status.
        table.raw(table.topic("status"), b'{"online": true, "pad": "' + b"x" * 200_000 + b'"}')
        d = venue.director
        d.wait_for(lambda: table_row(venue, 2).get("refused") == 1, 60, "the refusal")
        assert "larger than 4096 bytes" in table_row(venue, 2)["last_refused"]
        assert biggest_logged(d.db) <= 1024  # not stored whole
        d.stop()
        # A database an older director wrote: the 100 MB kept whole. Its replay reads
        # only what it needs.
        with sqlite3.connect(d.db) as con:
            con.execute(
                "INSERT INTO log (at, topic, payload, verdict, reason, event)"
                " VALUES ('t', ?, zeroblob(?), 'refused', 'the payload is too large', ?)",
                (f"kaiser/{EVENT_ID}/table/2/status", BIG, EVENT_ID),
            )
        group = MemoryCgroup(f"kaiser-director-test-{tmp_path.name}", UNIT_MEMORY)
        try:
            d.preexec = group.enter
            d.start()  # under MemoryMax=200M: an OOM kill here is "the director stopped"
            assert table_row(venue, 2)["refused"] == 2  # the 100 MB one never arrived
            table.raw(table.topic("status"), status(5))
            d.wait_for(lambda: table_row(venue, 2).get("hands") == 5, what="the next status")
        finally:
            venue.close()
            group.close()
    finally:
        venue.close()


def test_numbers_of_5000_digits_in_messages_are_refused_in_one_line(venue: Venue) -> None:
    table = venue.table(3)
    huge = b"9" * 5000
    table.raw(table.topic("status"), b'{"online": true, "hands": ' + huge + b"}")
    game = b'{"event": "' + EVENT_ID.encode() + b'", "table": 3, "round": 1, "rev": ' + huge
    table.raw(f"kaiser/{EVENT_ID}/table/3/round/1/game", game + b"}")
    d = venue.director
    d.wait_for(lambda: table_row(venue, 3).get("refused") == 2, what="two refusals")
    assert "5000 digits" in table_row(venue, 3)["last_refused"]
    table.raw(table.topic("status"), status(4))
    d.wait_for(lambda: table_row(venue, 3).get("hands") == 4, what="the next status")
    log = d.log()
    assert "Traceback" not in log and "ValueError" not in log, log[-3000:]


def test_a_second_director_on_the_same_database_is_refused(venue: Venue) -> None:
    d = venue.director
    second = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "director", "--event", str(venue.event),
         "--broker", f"127.0.0.1:{venue.broker.port}", "--db", str(d.db),
         "--listen", f"127.0.0.1:{free_port()}"],
        capture_output=True, text=True, timeout=30, cwd=REPO,
    )  # fmt: skip
    assert second.returncode == 2, second.stderr[-2000:]
    lines = second.stderr.strip().splitlines()
    assert len(lines) == 1 and "another director" in lines[0] and str(d.db) in lines[0], lines
    assert d.proc is not None and d.proc.poll() is None
    assert d.get("/api/event")["id"] == EVENT_ID


def test_an_old_and_a_new_pi_of_one_table_both_stay_connected(tmp_path: Path) -> None:
    venue = Venue(tmp_path / "venue")
    old = ClubTable(tmp_path / "old", 1, venue.broker.port, EVENT_ID, venue.logins["table-1"])
    new = ClubTable(tmp_path / "new", 1, venue.broker.port, EVENT_ID, venue.logins["table-1"])
    try:
        old.play(keys_for(1))
        shutil.copy(old.db, new.db)  # a copied card: the same journal id
        for t in (old, new):
            t.start_publisher()
        for t in (old, new):
            venue.director.wait_for(lambda t=t: "connected" in t.publisher_log(), what="up")
        time.sleep(6)  # flapping showed within a second; give it a few
        for t in (old, new):
            log = t.publisher_log()
            assert log.count("connected to the broker") == 1, log
            assert "lost the broker" not in log, log
    finally:
        for t in (old, new):
            t.stop_publisher()
            t.close()
        venue.close()
