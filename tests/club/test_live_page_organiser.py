"""The organiser's page in a real headless chromium (issue 26: A4, A5, A7, A8, A9, A10, A11,
A13, and the journal decisions of A3b on the table's card), against a real director, a
real mosquitto and table publishers."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from club_games import play
from club_venue import PIN, Venue
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from test_live_page import ZED, Night, fits, wait, web
from test_live_page import browser as browser

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Night]:
    n = Night(tmp_path_factory.mktemp("organiser"))
    yield n
    n.venue.close()


def text(browser: Any, css: str) -> str:
    for _ in range(50):  # the page may be reloading (a new round)
        try:
            return str(browser.find_element(By.CSS_SELECTOR, css).text)
        except (NoSuchElementException, StaleElementReferenceException):
            time.sleep(0.1)
    return str(browser.find_element(By.CSS_SELECTOR, css).text)


def act(browser: Any, action: str, confirm: bool = True) -> str:
    """Type the PIN, press an action's button (the confirmation answered), its answer."""
    browser.execute_script(f"window.confirm = function () {{ return {str(confirm).lower()}; }};")
    pin = browser.find_element(By.ID, "pin")
    pin.clear()
    pin.send_keys(PIN)
    before = text(browser, "#action-status")
    browser.find_element(By.CSS_SELECTOR, f'[data-action="/api/rounds/{action}"]').click()
    if not confirm:
        time.sleep(0.5)  # nothing is sent: nothing to wait for but a mistaken POST
        return text(browser, "#action-status")

    def answered() -> bool:
        try:  # the page may reload meanwhile (a new round: its seating)
            return text(browser, "#action-status") not in ("", before)
        except (NoSuchElementException, StaleElementReferenceException):
            return False

    wait(answered, "the answer")
    return text(browser, "#action-status")


def test_the_card_says_which_journal_counts_and_what_the_director_decided(
    night: Night, browser: Any
) -> None:
    web.use_size(browser, "phone")
    browser.get(night.d.url + "/tables")
    wait(lambda: text(browser, "#live") == "live", "the stream")
    seats = night.seating["tables"]["1"]
    spare = play(random.Random(8), seats, 1)[0]
    night.venue.table(1).game(1, spare, rev=1, journal="spare-journal")  # a spare Pi
    card = '#tables [data-table="1"]'
    wait(lambda: "replaced by journal spare-jo" in text(browser, f"{card} .notes"), "note")
    assert text(browser, f'{card} [data-k="journal"]') == "journal spare-jo"
    note = text(browser, f"{card} .notes li")
    assert note[:2].isdigit() and note[2] == ":"  # its time, HH:MM
    browser.refresh()  # the server draws the same
    assert "replaced by journal spare-jo" in text(browser, f"{card} .notes")
    fits(browser)


def test_the_director_pins_a_table_round_to_a_journal_on_its_score_sheet(
    night: Night, browser: Any
) -> None:
    web.use_size(browser, "phone")
    d = night.d
    seats = night.seating["tables"]["2"]
    stray = play(random.Random(9), seats, 1)[0]
    night.venue.table(2).game(1, stray, rev=1, journal="stray-journal")  # one stray message
    d.wait_for(lambda: d.get("/api/tables/2/rounds/1")["journal"] == "stray-journal")
    browser.get(d.url + "/tables/2/rounds/1")
    items = browser.find_elements(By.CSS_SELECTOR, "#journals li")
    assert len(items) == 2
    counting = next(li.text for li in items if "stray-jo" in li.text)
    assert counting.endswith("(counts)")
    browser.find_element(By.ID, "pin").send_keys(PIN)
    browser.find_element(By.CSS_SELECTOR, "#journals button[data-action]").click()
    d.wait_for(lambda: d.get("/api/tables/2/rounds/1")["pinned"] == "journal-a", what="pin")
    wait(lambda: "(pinned)" in text(browser, "#journals"), "the page after the pin")
    fits(browser)


def test_the_broker_line_the_playing_round_and_the_sit_out_marks(
    night: Night, browser: Any
) -> None:
    web.use_size(browser, "phone")
    browser.get(night.d.url + "/")
    assert text(browser, "#broker") == "Broker: connected."
    wait(lambda: text(browser, "#standings-round") == "round 1 being played", "A9's label")
    out = night.seating["sitting_out"]
    assert out, "the night has a player sitting out"
    marked = browser.execute_script(
        "return Array.from(document.querySelectorAll('#standings tbody tr')).filter(tr =>"
        " tr.querySelector('.sitout')).map(tr => tr.cells[1].textContent);"
    )
    assert marked == out, marked


def test_an_action_refused_says_why_and_ending_asks_first(night: Night, browser: Any) -> None:
    web.use_size(browser, "phone")
    browser.get(night.d.url + "/")
    assert act(browser, "next") == "Refused: round 1 is still on: end it first"  # A5
    end = browser.find_element(By.CSS_SELECTOR, '[data-action="/api/rounds/end"]')
    next_ = browser.find_element(By.CSS_SELECTOR, '[data-action="/api/rounds/next"]')
    gap = end.rect["y"] - (next_.rect["y"] + next_.rect["height"])
    assert gap >= 12, gap  # A11: not beside "Start the next round"
    act(browser, "end", confirm=False)  # A11: asked, and "no" sends nothing
    assert night.d.get("/api/event")["seating"][-1]["ended"] is False
    assert act(browser, "end") == "Done."
    browser.get(night.d.url + "/tables")
    for n in (1, 2):  # A10: the card says the round ended, not "Finished: no"
        assert text(browser, f'#tables [data-table="{n}"] [data-k="finished"]') == "round ended"
    browser.get(night.d.url + "/")
    wait(lambda: text(browser, "#standings-round") == "after round 1", "the label")
    assert act(browser, "next") == "Done."
    # A4: "Where do I sit?" shows round 2 without a reload by hand.
    wait(lambda: text(browser, "#seating small") == "round 2", "round 2's seating")
    seating = night.d.get("/api/event")["seating"][-1]
    table = (
        next(t for t, names in seating["tables"].items() if ZED in names)
        if any(ZED in names for names in seating["tables"].values())
        else None
    )
    shown = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#seats li")]
    if table is not None:
        assert any(s.startswith(f"{ZED}: table {table},") for s in shown), shown
    else:
        assert f"{ZED}: sits out" in shown


def test_a_refused_broker_login_shows_on_the_page(tmp_path: Path, browser: Any) -> None:
    venue = Venue(tmp_path, start=False)
    venue.director.env = {"KAISER_BROKER_PASSWORD": "wrong"}
    try:
        venue.director.start()
        web.use_size(browser, "phone")
        browser.get(venue.director.url + "/")
        wait(lambda: "refused the director's login" in text(browser, "#broker"), "A13")
        answer = act(browser, "next")
        assert answer.startswith("Done.") and "refused the director's login" in answer
    finally:
        venue.close()


def test_the_tv_view_pages_through_44_players(tmp_path: Path, browser: Any) -> None:
    players = [f"Player {i:02d}" for i in range(1, 45)]
    venue = Venue(tmp_path, players=players, rounds=2)
    try:
        assert venue.director.post("/api/rounds/next", PIN)[0] == 200
        web.use_size(browser, "tv")
        browser.get(venue.director.url + "/?tv")
        shown = (
            "return Array.from(document.querySelectorAll('#standings tbody tr'))"
            ".filter(tr => tr.offsetParent !== null).map(tr => tr.cells[1].textContent);"
        )
        first = browser.execute_script(shown)
        assert 5 <= len(first) < 44, first
        bottom = browser.execute_script(
            "var v = Array.from(document.querySelectorAll('#standings tbody tr'))"
            ".filter(tr => tr.offsetParent !== null);"
            "return v[v.length - 1].getBoundingClientRect().bottom;"
        )
        assert bottom <= 1080
        pages = -(-44 // len(first))
        assert text(browser, "#standings-section .page-n") == f"1/{pages}"
        wait(lambda: browser.execute_script(shown)[:1] != first[:1], "the next page")
        second = browser.execute_script(shown)
        assert not set(second) & set(first)
        assert text(browser, "#standings-section .page-n") == f"2/{pages}"
        fits(browser)
    finally:
        venue.close()


def test_at_360_px_the_sheet_and_statistics_fit_and_the_chart_is_readable(
    night: Night, browser: Any
) -> None:
    web.use_size(browser, "phone")
    inner = (
        "return Array.from(document.querySelectorAll('.scroll')).map(s =>"
        " [s.scrollWidth, s.clientWidth]);"
    )
    for path in ("/tables/1/rounds/1", "/stats"):
        browser.get(night.d.url + path)
        fits(browser)
        for wide, room in browser.execute_script(inner):
            assert wide <= room, (path, wide, room)  # no sideways scroll inside either
    browser.get(night.d.url + "/tables/1/rounds/1")
    heights = browser.execute_script(
        "return Array.from(document.querySelectorAll('svg .tick'))"
        ".map(t => t.getBoundingClientRect().height);"
    )
    assert heights and min(heights) >= 10, heights
