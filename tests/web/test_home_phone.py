"""The home pages read on a 360 px phone in every language (issue 27: totals, changes and
reasons ran off the right edge; Russian was cut mid-word): in a real headless chromium,
no page scrolls sideways and no element sticks out past the viewport's right edge."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import close_browser, make_browser, no_horizontal_scroll, use_size
from test_home import home  # noqa: F401  (the fixture: two scripted games, served)

from hardware.web.language import LANGUAGES

pytestmark = pytest.mark.slow

PAGES = ("/", "/games/1", "/games/2", "/stats")
PHONE = 360  # conftest.SIZES["phone"]

#: The elements that stick out past the right edge (a page may hide overflow, but a word
#: cut at the edge is still lost): tag, class and text of each, cut to 60 characters.
OUT_OF_VIEW = """
const w = window.innerWidth;
return [...document.querySelectorAll('body *')]
  .filter(e => { const r = e.getBoundingClientRect();
                 return r.width > 0 && r.right > w + 1; })
  .map(e => e.tagName + '.' + e.className + ': ' + (e.innerText || '').slice(0, 60));
"""


@pytest.fixture(scope="module")
def phone() -> Iterator:
    driver = make_browser()
    use_size(driver, "phone")
    yield driver
    close_browser(driver)


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_every_home_page_fits_a_360_px_phone(home, phone, lang: str) -> None:  # noqa: F811
    bad: dict[str, object] = {}
    for page in PAGES:
        phone.get(f"{home.url}{page}?lang={lang}")
        wide, inner = no_horizontal_scroll(phone)
        out = phone.execute_script(OUT_OF_VIEW)
        if wide > inner or inner != PHONE or out:  # a page too wide zooms the phone out
            bad[page] = (wide, inner, out[:5])
    assert not bad, bad


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_hands_why_page_reads_on_a_360_px_phone(home, phone, lang: str) -> None:  # noqa: F811
    """The sheet's "step by step" link opens the hand's why page: its steps (the bid, the
    tricks, the points counted, made or set, each team's score, the totals) read whole."""
    from selenium.webdriver.common.by import By

    bad: dict[str, object] = {}
    for hand in (1, 2, 3):  # made, no-trump made (doubled), set
        phone.get(f"{home.url}/games/1?lang={lang}")
        links = phone.find_elements(By.CSS_SELECTOR, f'a[href="/games/1/hands/{hand}"]')
        assert links, f"{lang}: no link to hand {hand}'s why page on the sheet"
        phone.get(f"{home.url}/games/1/hands/{hand}?lang={lang}")
        steps = phone.find_elements(By.CSS_SELECTOR, "ol.steps > li")
        wide, inner = no_horizontal_scroll(phone)
        out = phone.execute_script(OUT_OF_VIEW)
        if len(steps) < 6 or wide > inner or inner != PHONE or out:
            bad[f"hand {hand}"] = (len(steps), wide, inner, out[:5])
    assert not bad, bad
