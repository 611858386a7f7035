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
