"""The director's live page in a real headless chromium, against the real director process,
a real mosquitto (the project's config, logins and ACL) and a table publisher."""

from __future__ import annotations

import importlib.util
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from club_games import play
from club_helpers import Director
from club_venue import EVENT_ID, PIN, Venue, event_toml
from selenium.webdriver.common.by import By

from hardware.web.layout import num
from kaiser_core.record import score_record
from kaiser_core.stats import GameInput, player_stats

pytestmark = pytest.mark.slow

# tests/web/conftest.py has the browser helpers; loaded by path (both folders have a
# conftest module).
_SPEC = importlib.util.spec_from_file_location(
    "web_browser", Path(__file__).resolve().parents[1] / "web" / "conftest.py"
)
assert _SPEC is not None and _SPEC.loader is not None
web = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(web)

ZED = "<b>Zed</b>"
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", ZED]  # 2 tables, 1 sits out
SIZES = ("phone", "tv")


class Night:
    """The venue, round 1 started through the API, a few hands played at both tables."""

    def __init__(self, folder: Path) -> None:
        self.venue = Venue(folder, players=PLAYERS, rounds=3)
        self.d = self.venue.director
        status, body = self.d.post("/api/rounds/next", PIN)
        assert status == 200, body
        self.seating = body
        self.rng = random.Random(16)
        self.records: dict[tuple[int, int], list[dict[str, Any]]] = {}
        for t, seats in body["tables"].items():
            records = play(self.rng, seats, 3)[:3]
            self.records[(int(t), 1)] = records
            self.publish(int(t), records[-2] if len(records) > 1 else records[-1])
        self.d.wait_for(
            lambda: all(r["online"] and r["hands"] for r in self.d.get("/api/tables")),
            what="tables",
        )

    def publish(self, table: int, record: dict[str, Any]) -> None:
        """What a table sends after a stored change: its game, then its status."""
        scored = score_record(record)
        self.venue.table(table).game(1, record)
        self.venue.table(table).status(1, len(scored["hands"]), scored["totals"], False)

    def last(self, table: int, rnd: int = 1) -> dict[str, Any]:
        """The record the director keeps for a table and round."""
        kept = self.d.get(f"/api/tables/{table}/rounds/{rnd}")
        return next(r for r in self.records[(table, rnd)] if len(r["hands"]) == len(kept["hands"]))


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    n = Night(tmp_path_factory.mktemp("live-page"))
    yield n
    n.venue.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = web.make_browser()
    yield driver
    web.close_browser(driver)


def shown_standings(browser: Any) -> list[list[str]]:
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#standings tbody tr'))"
        ".map(tr => Array.from(tr.cells).map(td => td.textContent));"
    )


def expected(standings: dict[str, Any]) -> list[list[str]]:
    return [
        [str(r["rank"]), r["name"], num(r["total"]), *[num(v) for v in r["rounds"]], str(r["won"])]
        for r in standings["rows"]
    ]


def wait(check: Any, what: str) -> float:
    """Poll ``check`` until it holds (web.wait_until: a deadline, never a delay)."""
    return float(web.wait_until(check, what))


def fits(browser: Any) -> None:
    wide, inner = web.no_horizontal_scroll(browser)
    assert wide <= inner, f"horizontal scroll: {wide} > {inner}"


def no_bold_zed(browser: Any) -> None:
    assert browser.find_elements(By.XPATH, "//b[normalize-space()='Zed']") == []


def test_the_events_stream_starts_with_retry(night: Night) -> None:
    import urllib.request

    with urllib.request.urlopen(night.d.url + "/events", timeout=5) as r:
        assert r.headers["Content-Type"].startswith("text/event-stream")
        assert r.read(13) == b"retry: 1000\n\n"  # the first thing sent
        assert r.readline() == b"event: standings\n"


@pytest.mark.parametrize("size", SIZES)
def test_the_standings_shown_equal_the_api_and_zed_is_text(night: Night, browser, size) -> None:
    web.use_size(browser, size)
    browser.get(night.d.url + "/")
    api = night.d.get("/api/standings")
    assert shown_standings(browser) == expected(api)
    assert len(api["rows"]) == len(PLAYERS)
    names = web.settled(  # live.js swaps the rows when its stream opens: read afresh
        lambda: [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#standings .name")]
    )
    assert ZED in names
    no_bold_zed(browser)
    assert "Tuesday <Kaiser>" in browser.title
    fits(browser)
    web.screenshot(browser, f"director-standings-{size}")


def test_a_stored_change_shows_without_a_reload(night: Night, browser) -> None:
    web.use_size(browser, "tv")
    browser.get(night.d.url + "/")
    wait(lambda: browser.find_element(By.ID, "live").text == "live", "the stream")
    browser.execute_script("window.kaiserMark = 'same page';")
    table = 1
    kept = night.d.get(f"/api/tables/{table}/rounds/1")
    record = night.records[(table, 1)][len(kept["hands"])]  # one hand more
    card = f'#tables [data-table="{table}"] [data-k="hands"]'
    night.publish(table, record)
    wait(
        lambda: browser.find_element(By.CSS_SELECTOR, card).text == str(len(record["hands"])),
        "the table's hands",
    )
    api = night.d.get("/api/standings")
    wait(lambda: shown_standings(browser) == expected(api), "the standings")
    assert browser.execute_script("return window.kaiserMark;") == "same page"


def test_a_refused_message_is_marked_on_its_table(night: Night, browser) -> None:
    web.use_size(browser, "phone")
    browser.get(night.d.url + "/tables")
    wait(lambda: browser.find_element(By.ID, "live").text == "live", "the stream")
    before = night.d.get("/api/standings")
    night.venue.table(2).raw(f"kaiser/{EVENT_ID}/table/2/round/1/game", b"not json")
    card = browser.find_element(By.CSS_SELECTOR, '#tables [data-table="2"]')
    wait(lambda: "refused" in card.get_attribute("class").split(), "the refusal")
    assert card.find_element(By.CSS_SELECTOR, '[data-k="refused"]').text == "1"
    assert "not UTF-8 JSON" in card.find_element(By.CSS_SELECTOR, '[data-k="last_refused"]').text
    assert night.d.get("/api/standings") == before
    browser.refresh()
    assert (
        "not UTF-8 JSON"
        in browser.find_element(By.CSS_SELECTOR, '#tables [data-table="2"] .why').text
    )
    fits(browser)
    web.screenshot(browser, "director-tables-phone")
    web.use_size(browser, "tv")
    browser.get(night.d.url + "/tables")
    fits(browser)
    web.screenshot(browser, "director-tables-tv")


def test_where_do_i_sit_finds_zed(night: Night, browser) -> None:
    web.use_size(browser, "phone")
    browser.get(night.d.url + "/")
    browser.find_element(By.ID, "find").send_keys("zed")
    shown = [
        li.text for li in browser.find_elements(By.CSS_SELECTOR, "#seats li") if li.is_displayed()
    ]
    table = next(t for t, seats in night.seating["tables"].items() if ZED in seats)
    seats = night.seating["tables"][table]
    seat = "NESW"[seats.index(ZED)]
    partner = seats[(seats.index(ZED) + 2) % 4]
    assert shown == [f"{ZED}: table {table}, seat {seat}, partner {partner}"]
    no_bold_zed(browser)


@pytest.mark.parametrize("size", SIZES)
def test_a_score_sheet_has_one_chart_point_per_hand(night: Night, browser, size) -> None:
    web.use_size(browser, size)
    for table in (1, 2):
        kept = night.d.get(f"/api/tables/{table}/rounds/1")
        browser.get(night.d.url + f"/tables/{table}/rounds/1")
        played = sum(not h["redeal"] for h in kept["hands"])
        assert len(browser.find_elements(By.CSS_SELECTOR, "#sheet tbody tr")) == len(kept["hands"])
        for team in ("ns", "ew"):
            points = browser.find_elements(By.CSS_SELECTOR, f"svg.chart circle.pt.{team}")
            assert len(points) == played
        why = browser.find_elements(By.CSS_SELECTOR, "#sheet tbody td:last-child")
        assert all(w.text for w in why)  # every hand says why
        totals = browser.find_elements(By.CSS_SELECTOR, "#sheet tbody tr td:nth-child(9)")
        assert totals[-1].text == str(kept["totals"]["NS"])
        no_bold_zed(browser)
        fits(browser)
    web.screenshot(browser, f"director-sheet-{size}")
    browser.get(night.d.url + "/tables/7/rounds/1")
    assert "No game at table 7, round 1" in browser.find_element(By.TAG_NAME, "main").text


@pytest.mark.parametrize("size", SIZES)
def test_the_statistics_are_the_cores_of_the_kept_records(night: Night, browser, size) -> None:
    web.use_size(browser, size)
    browser.get(night.d.url + "/stats")
    records = [night.last(t) for t in (1, 2)]
    want = {r["name"]: r for r in player_stats([GameInput(rec) for rec in records])}
    rows = browser.execute_script(
        "return Array.from(document.querySelectorAll('#stats tbody tr'))"
        ".map(tr => Array.from(tr.cells).map(td => td.textContent));"
    )
    assert {r[0] for r in rows} == set(want)
    for name, _games, _won, hands, bids, *_ in rows:
        assert hands == str(want[name]["hands"])
        assert bids == f"{want[name]['bids_made']} / {want[name]['bids_taken']}"
    assert len(browser.find_elements(By.CSS_SELECTOR, "#stats-all tbody tr")) == len(want)
    no_bold_zed(browser)
    fits(browser)
    web.screenshot(browser, f"director-stats-{size}")


def test_the_tv_view_cycles_in_large_type(night: Night, browser) -> None:
    web.use_size(browser, "tv")
    browser.get(night.d.url + "/?tv")
    parts = browser.find_elements(By.CSS_SELECTOR, "[data-cycle]")
    assert [p.get_attribute("id") for p in parts] == ["standings-section", "tables-section"]
    assert [p.is_displayed() for p in parts] == [True, False]
    size = browser.execute_script("return parseFloat(getComputedStyle(document.body).fontSize);")
    assert size >= 32
    assert browser.find_elements(By.ID, "actions") == []
    fits(browser)
    web.screenshot(browser, "director-tv-1920")


def test_print_shows_standings_and_seating_without_the_actions(night: Night, browser) -> None:
    browser.get(night.d.url + "/")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        assert not browser.find_element(By.ID, "actions").is_displayed()
        assert not browser.find_element(By.TAG_NAME, "nav").is_displayed()
        assert browser.find_element(By.ID, "standings").is_displayed()
        assert browser.find_element(By.ID, "seats").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_standings_page_weighs_under_100_kb(night: Night) -> None:
    page = night.d.get("/")
    assets = re.findall(rb'(?:href|src)="(/static/[^"]+)"', page)
    assert len(assets) >= 2
    total = len(page) + sum(len(night.d.get(a.decode())) for a in assets)
    assert total < 100_000
    assert re.search(rb"(?:href|src)=\"(?:https?:)?//", page) is None


def test_the_pin_in_the_page_acts_and_a_wrong_one_changes_nothing(night: Night, browser) -> None:
    web.use_size(browser, "phone")
    browser.get(night.d.url + "/")
    status = browser.find_element(By.ID, "action-status")
    pin = browser.find_element(By.ID, "pin")

    def press(action: str, given: str) -> None:
        pin.clear()
        pin.send_keys(given)
        browser.find_element(By.CSS_SELECTOR, f'[data-action="/api/rounds/{action}"]').click()

    browser.execute_script("window.confirm = function () { return true; };")  # "End it?" yes
    press("end", PIN)
    wait(lambda: status.text == "Done.", "ended")
    assert night.d.get("/api/event")["seating"][-1]["ended"] is True
    event = night.d.get("/api/event")
    standings = night.d.get("/api/standings")
    for _ in range(5):
        browser.execute_script("document.getElementById('action-status').textContent = '';")
        press("next", "0000")
        wait(lambda: status.text == "Wrong PIN: nothing changed.", "403")
    assert night.d.get("/api/event") == event
    assert night.d.get("/api/standings") == standings
    press("next", PIN)  # the right PIN, but locked for a minute after 5 wrong ones
    wait(lambda: status.text == "Too many wrong PINs: wait a minute.", "429")
    assert night.d.post("/api/rounds/next", PIN)[0] == 429
    assert night.d.get("/api/event") == event


def test_statistics_span_every_event_of_the_database(night: Night, browser) -> None:
    """Another event run later on the same database: its page counts the first one's games."""
    first = [night.last(t) for t in (1, 2)]
    want = {r["name"]: r for r in player_stats([GameInput(rec, ended=True) for rec in first])}
    night.d.stop()
    other = night.venue.folder / "other.toml"
    other.write_text(
        event_toml(["Ann", "Bob", "Cy", "Di"], rounds=1).replace(EVENT_ID, "wednesday-test"),
        encoding="utf-8",
    )
    second = Director(night.venue.folder, other, night.venue.broker.port, {})
    second.db = night.d.db
    second.start()
    try:
        assert second.get("/api/event")["id"] == "wednesday-test"
        web.use_size(browser, "tv")
        browser.get(second.url + "/stats")
        assert browser.find_elements(By.CSS_SELECTOR, "#stats tbody tr") == []
        rows = browser.execute_script(
            "return Array.from(document.querySelectorAll('#stats-all tbody tr'))"
            ".map(tr => Array.from(tr.cells).map(td => td.textContent));"
        )
        assert {r[0]: (r[1], r[2]) for r in rows} == {
            n: (str(r["games"]), str(r["won"])) for n, r in want.items()
        }
        assert "Every event in this database (1)" in browser.find_element(By.TAG_NAME, "main").text
    finally:
        second.stop()
        night.d.start()
