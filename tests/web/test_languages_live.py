"""The director's pages in every language, in a real headless chromium: a browser set to
Russian is answered in Russian, the switch changes the language without JavaScript, names
stay text in every language and the longest languages fit a 360 px phone."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from conftest import (
    close_browser,
    make_browser,
    no_horizontal_scroll,
    screenshot,
    settled,
    use_size,
)
from selenium.webdriver.common.by import By
from test_live import (
    LONG,
    STANDINGS,
    ZED,
    Club,
    serve,
    shown_standings,
    wait_for,
    wait_subscribed,
)

from hardware.web.language import LANGUAGES, texts_for
from hardware.web.layout import num

pytestmark = pytest.mark.slow

SEEN: list[str] = []  # the Accept-Language of each page request, as the server got it


def recording(app):  # type: ignore[no-untyped-def]
    """The app, noting each page request's Accept-Language header."""

    async def asgi(scope, receive, send):  # type: ignore[no-untyped-def]
        if scope["type"] == "http" and not scope["path"].startswith(("/static", "/events")):
            headers = dict(scope["headers"])
            SEEN.append(headers.get(b"accept-language", b"").decode())
        await app(scope, receive, send)

    return asgi


@pytest.fixture(scope="module")
def club() -> Iterator[tuple[Club, str]]:
    c = Club()
    yield from serve(c, recording(c.app()))


@pytest.fixture(scope="module")
def russian() -> Iterator:
    driver = make_browser(languages="ru,en")
    yield driver
    close_browser(driver)


def localized(standings: dict, lang: str) -> list[list[str]]:
    t = texts_for(lang)
    return [
        [str(r["rank"]), r["name"], num(r["total"], t), *[num(v, t) for v in r["rounds"]],
         str(r["won"])]
        for r in standings["rows"]
    ]  # fmt: skip


def html_lang(driver) -> str:  # type: ignore[no-untyped-def]
    return str(driver.find_element(By.TAG_NAME, "html").get_attribute("lang"))


def test_a_browser_set_to_russian_sees_russian_and_its_numbers(club, russian):
    c, url = club
    c.standings = copy.deepcopy(STANDINGS)
    ru = texts_for("ru")
    use_size(russian, "phone")
    SEEN.clear()
    russian.get(url + "/")
    assert SEEN and SEEN[0].startswith("ru") and "en;q=" in SEEN[0], SEEN  # "ru,en;q=0.9"
    assert html_lang(russian) == "ru"
    assert russian.find_element(By.CSS_SELECTOR, "#standings-section h2").text.startswith(
        ru.standings
    )
    assert shown_standings(russian) == localized(STANDINGS, "ru")  # 44,5 and −6
    assert "44,5" in russian.find_element(By.ID, "standings").text
    head = settled(  # on a phone each row is a card: its cells carry the column's name
        lambda: [
            td.get_attribute("data-label")
            for td in russian.find_elements(By.CSS_SELECTOR, "#standings tbody tr:first-child td")
        ]
    )  # live.js replaces the head with the rows on each update: read afresh
    assert head[:3] == [ru.col_rank, ru.col_name, ru.col_total]
    current = russian.find_element(By.CSS_SELECTOR, "nav.lang [aria-current]")
    assert current.get_attribute("hreflang") == "ru"
    wide, inner = no_horizontal_scroll(russian)
    assert wide <= inner
    screenshot(russian, "live-standings-phone-ru")
    # live.js writes the stream's numbers and words in Russian too.
    wait_subscribed(c)
    c.standings["round"] = 3
    c.standings["rows"][2]["total"] = -12.5
    c.push("standings", c.standings)
    wait_for(lambda: shown_standings(russian) == localized(c.standings, "ru"), "the push")
    assert "\u221212,5" in russian.find_element(By.ID, "standings").text
    assert russian.find_element(By.ID, "standings-round").text == ru.after_round.format(round=3)


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("ru,en;q=0.5", "ru"),
        ("en;q=0.5, pt-PT;q=0.8, de", "pt"),
        ("de-CH, fr;q=0.9", "fr"),
        ("de-CH, nl;q=0.9", "en"),
    ],
)
def test_the_header_as_sent_picks_by_its_q_values(club, browser, header, lang):
    _c, url = club
    browser.delete_all_cookies()
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {"Accept-Language": header}})
    try:
        SEEN.clear()
        browser.get(url + "/stats")
        assert SEEN[0] == header
        assert html_lang(browser) == lang
        assert browser.find_element(By.TAG_NAME, "h1").text == texts_for(lang).statistics
    finally:
        browser.execute_cdp_cmd("Network.setExtraHTTPHeaders", {"headers": {}})


def test_the_sheet_writes_seats_signs_and_the_chart_in_russian(club, russian):
    _c, url = club
    ru = texts_for("ru")
    russian.get(url + "/tables/2/rounds/2")
    dealers = {td.text for td in russian.find_elements(By.CSS_SELECTOR, "#sheet td:nth-child(2)")}
    assert dealers and dealers <= set(ru.seats)
    changes = " ".join(
        td.text for td in russian.find_elements(By.CSS_SELECTOR, "#sheet td:nth-child(7)")
    )
    assert "\u2212" in changes and "-" not in changes
    assert f"{ru.seats[1]}: {ZED}" in russian.find_element(By.CSS_SELECTOR, "p.seats").text
    chart = russian.find_element(By.CSS_SELECTOR, "svg.chart title").get_attribute("textContent")
    assert chart.startswith("Счёт по раздачам")
    why = russian.find_element(By.CSS_SELECTOR, "#sheet tbody tr td:last-child").text
    assert "контракт выполнен" in why or "провал" in why, why
    assert "защит" in why and "defends" not in why


def test_the_switch_changes_the_language_without_javascript(club, browser_nojs):
    _c, url = club
    browser_nojs.delete_all_cookies()
    browser_nojs.get(url + "/tables?find=flo")
    assert html_lang(browser_nojs) == "en"
    links = browser_nojs.find_elements(By.CSS_SELECTOR, "nav.lang a")
    assert [a.text for a in links] == list(LANGUAGES.values())
    browser_nojs.find_element(By.CSS_SELECTOR, 'nav.lang a[hreflang="fi"]').click()
    fi = texts_for("fi")
    assert html_lang(browser_nojs) == "fi"
    assert browser_nojs.find_element(By.TAG_NAME, "h1").text == fi.tables
    # The other query stays: the seating is still filtered for "flo".
    seats = [li.text for li in browser_nojs.find_elements(By.CSS_SELECTOR, "#seats li")]
    assert seats == [f"Flo: {fi.sits_out}"]
    # The choice is kept (a cookie): the next page, with no ?lang=, is Finnish too.
    browser_nojs.get(url + "/")
    assert html_lang(browser_nojs) == "fi"
    assert browser_nojs.find_element(By.ID, "live").text == fi.live
    browser_nojs.find_element(By.CSS_SELECTOR, 'nav.lang a[hreflang="en"]').click()
    assert html_lang(browser_nojs) == "en"
    browser_nojs.get(url + "/stats")
    assert html_lang(browser_nojs) == "en"


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_names_stay_text_in_every_language(club, browser, lang):
    _c, url = club
    for path in ("/", "/tables", "/tables/2/rounds/2", "/stats"):
        browser.get(f"{url}{path}?lang={lang}")
        assert html_lang(browser) == lang
        assert browser.find_elements(By.XPATH, "//b[normalize-space()='Zed']") == []
        assert ZED in browser.find_element(By.TAG_NAME, "main").text


@pytest.mark.parametrize("lang", ["fi", "pt", "ru", "fr"])
def test_the_longest_languages_fit_a_phone(club, browser, lang):
    _c, url = club
    use_size(browser, "phone")
    for path in ("/", "/tables", "/tables/2/rounds/2", "/stats"):
        browser.get(f"{url}{path}?lang={lang}")
        assert LONG in browser.find_element(By.TAG_NAME, "main").text
        wide, inner = no_horizontal_scroll(browser)
        assert wide <= inner, f"{path} in {lang}: {wide} px wide at {inner} px"
    screenshot(browser, f"live-stats-phone-{lang}")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_standings_page_weighs_under_100_kb_in_every_language(club, lang):
    import re

    from conftest import get

    _c, url = club
    page = get(f"{url}/?lang={lang}")
    assert f'<html lang="{lang}">'.encode() in page
    assets = re.findall(rb'(?:href|src)="(/static/[^"]+)"', page)
    assert len(assets) >= 2
    assert len(page) + sum(len(get(url + a.decode())) for a in assets) < 100_000
