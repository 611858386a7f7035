"""The director's actions against another origin and PINs in any script (issue 26, H23, H28;
CLUB.md: a state change from another origin is 403 before its PIN is looked at, a missing
PIN is 400, neither counts as a wrong PIN; PINs are compared as UTF-8 text)."""

from __future__ import annotations

import http.client
import json
import unicodedata
import urllib.parse
from pathlib import Path

import pytest
from club_venue import PIN, Venue

pytestmark = pytest.mark.slow


def post(venue: Venue, path: str, headers: dict[str, bytes]) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", venue.director.port, timeout=10)
    try:
        conn.putrequest("POST", path)
        for name, value in headers.items():
            conn.putheader(name, value)
        conn.putheader("Content-Length", "0")
        conn.endheaders()
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
