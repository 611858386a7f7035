"""The director's actions against another origin and PINs in any script (issue 26, H23, H28;
CLUB.md: a state change from another origin is 403 before its PIN is looked at, a missing
PIN is 400, neither counts as a wrong PIN; PINs are compared as UTF-8 text)."""

from __future__ import annotations

import http.client
import json
import random
import unicodedata
import urllib.parse
from pathlib import Path

import pytest
from club_games import play
from club_venue import PIN, Venue

pytestmark = pytest.mark.slow


def post(venue: Venue, path: str, headers: dict[str, bytes], body: bytes = b"") -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", venue.director.port, timeout=10)
    try:
        conn.putrequest("POST", path)
        for name, value in headers.items():
            conn.putheader(name, value)
        conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        response = conn.getresponse()
        return response.status, json.loads(response.read())
    finally:
        conn.close()


def test_another_origin_and_a_missing_pin_never_lock_the_real_pin(venue: Venue) -> None:
    url = venue.director.url
    evil = f"http://127.0.0.1:{venue.director.port + 1}".encode()  # another port, same host
    for _ in range(6):  # as a page on another origin would: no PIN, then a wrong one
        assert post(venue, "/api/rounds/next", {"Origin": evil})[0] == 403
        assert post(venue, "/api/rounds/next", {"Origin": evil, "X-Pin": b"0000"})[0] == 403
        fetch_site = {"Sec-Fetch-Site": b"cross-site", "X-Pin": b"0000"}  # no Origin sent
        assert post(venue, "/api/rounds/next", fetch_site)[0] == 403
        status, body = post(venue, "/api/rounds/next", {})
        assert status == 400 and "PIN" in body["error"], body
    assert venue.director.get("/api/event")["round"] == 0  # nothing changed
    status, body = post(venue, "/api/rounds/next", {"Origin": url.encode(), "X-Pin": PIN.encode()})
    assert status == 200, body  # not locked out
    same = {"Sec-Fetch-Site": b"same-origin", "X-Pin": PIN.encode()}
    assert post(venue, "/api/rounds/end", same)[0] == 200


@pytest.mark.parametrize("pin", ["секрет", "Zoë-1"])
def test_a_pin_in_any_script_works_from_curl_and_from_the_page(tmp_path: Path, pin: str) -> None:
    venue = Venue(tmp_path, start=False)
    text = venue.event.read_text(encoding="utf-8").replace(f'pin = "{PIN}"', f'pin = "{pin}"')
    venue.event.write_text(text, encoding="utf-8")
    try:
        venue.director.start()
        raw = unicodedata.normalize("NFD", pin).encode()  # curl, typed on a Mac: decomposed
        assert post(venue, "/api/rounds/next", {"X-Pin": raw})[0] == 200
        page = urllib.parse.quote(pin).encode()  # the page's fetch: headers are Latin-1
        assert post(venue, "/api/rounds/end", {"X-Pin": page})[0] == 200
        assert post(venue, "/api/rounds/next", {"X-Pin": "секре".encode()})[0] == 403
    finally:
        venue.close()


def test_pinning_a_table_round_to_a_journal_needs_the_pin_and_survives_a_restart(
    venue: Venue,
) -> None:
    d = venue.director
    status, rnd = d.post("/api/rounds/next", PIN)
    assert status == 200
    seats = rnd["tables"]["1"]
    records = play(random.Random(5), seats, 3)
    venue.table(1).game(1, records[2], rev=9, journal="real-pi")
    venue.table(1).game(1, records[0], rev=1, journal="stray")
    d.wait_for(lambda: d.get("/api/tables")[0]["journal"] == "stray", what="stray")
    path = "/api/tables/1/rounds/1/pin"
    body = json.dumps({"journal": "real-pi"}).encode()
    assert post(venue, path, {}, body)[0] == 400
    assert post(venue, path, {"X-Pin": b"0000"}, body)[0] == 403
    assert post(venue, path, {"X-Pin": PIN.encode()}, b'{"journal": "nobody"}')[0] == 409
    status, answer = post(venue, path, {"X-Pin": PIN.encode()}, body)
    assert status == 200, answer
    d.stop()
    d.start()
    game = d.get("/api/tables/1/rounds/1")
    assert game["journal"] == "real-pi" and game["pinned"] == "real-pi" and game["rev"] == 9
    card = next(r for r in d.get("/api/tables") if r["table"] == 1)
    # The broker offered the stray journal's retained record again: ignored, and said so.
    assert [n["kind"] for n in card["notes"]][-2:] == ["pinned", "not_pinned"]
