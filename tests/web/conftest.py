"""A real headless chromium (Debian's, through chromium-driver) and a free local port."""

from __future__ import annotations

import os
import shutil
import socket
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service

T = TypeVar("T")
#: How long a browser test waits for the page to show a state: a deadline, not a delay (a
#: quiet machine goes on at once, a loaded CI runner gets the time it needs). How fast a
#: change shows is the benches' to measure (bench/club.py: latency), not a test's.
DEADLINE = 30.0

ROOT = Path(__file__).resolve().parents[2]
# The README's pictures are written only when asked (like tests/screens): otherwise every
# run would leave the tree changed, chromium's PNGs not being byte-stable.
SHOTS = (
    ROOT / "docs" / "web"
    if os.environ.get("KAISER_UPDATE_SCREENS") == "1"
    else Path(tempfile.gettempdir()) / "kaiser-web-shots"
)
SIZES = {"phone": (360, 740), "tv": (1920, 1080)}
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)


def _binary(*names: str) -> str:
    for name in names:
        found = shutil.which(name) or (
            f"/usr/bin/{name}" if Path(f"/usr/bin/{name}").exists() else None
        )
        if found:
            return found
    raise RuntimeError(f"none of {names} is installed (apt-get install chromium chromium-driver)")


def make_browser(
    javascript: bool = True, languages: str | None = None, network_log: bool = False
) -> webdriver.Chrome:
    """A fresh headless chromium with its own profile folder.

    ``network_log``: keep the DevTools performance log (``driver.get_log("performance")``),
    where every request the page makes is seen (``Network.requestWillBeSent``).

    ``languages`` (e.g. ``"ru,en"``) is the browser's own language setting: chromium sends it
    as ``Accept-Language`` (with its q-values) as a user's browser would.
    """
    options = webdriver.ChromeOptions()
    options.binary_location = _binary("chromium", "chromium-browser")
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="kaiser-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=1920,1080")
    prefs: dict[str, object] = {}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if languages is not None:
        prefs["intl.accept_languages"] = languages
        options.add_argument(f"--lang={languages.split(',')[0]}")
    if prefs:
        options.add_experimental_option("prefs", prefs)
    if network_log:
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    service = Service(executable_path=_binary("chromedriver"))
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.profile_dir = profile  # type: ignore[attr-defined]
    return driver


def close_browser(driver: webdriver.Chrome) -> None:
    driver.quit()
    shutil.rmtree(driver.profile_dir, ignore_errors=True)  # type: ignore[attr-defined]


def use_size(driver: webdriver.Chrome, size: str) -> None:
    """Emulate the phone (360 px wide, mobile) or the TV (1920 px) viewport."""
    width, height = SIZES[size]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"},
    )


def no_horizontal_scroll(driver: webdriver.Chrome) -> tuple[int, int]:
    """(scrollWidth, innerWidth) of the page; the first must not exceed the second."""
    return tuple(
        driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth];")
    )


def screenshot(driver: webdriver.Chrome, name: str) -> Path:
    """Save the whole page as NAME.png (docs/web/ with KAISER_UPDATE_SCREENS=1)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    height = driver.execute_script("return document.documentElement.scrollHeight;")
    width = driver.execute_script("return window.innerWidth;")
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": width,
            "height": min(int(height), 4000),
            "deviceScaleFactor": 1,
            "mobile": width < 500,
        },
    )
    driver.save_screenshot(str(path))
    return path


def settled(read: Callable[[], T], timeout: float = DEADLINE) -> T:
    """``read()``, which finds its elements afresh, again while the page's script replaces
    them under it (live.js swaps the standings' rows on every update and when its stream
    opens): what the page shows once it holds still for one read."""
    end = time.monotonic() + timeout
    while True:
        try:
            return read()
        except StaleElementReferenceException:
            if time.monotonic() > end:
                raise
            time.sleep(0.01)


def wait_until(check: Callable[[], object], what: str, timeout: float = DEADLINE) -> float:
    """Poll ``check`` (finding its elements afresh; an element replaced meanwhile is "not
    yet") until it holds; the seconds it took. AssertionError naming ``what`` at the
    deadline."""
    start = time.monotonic()
    while True:
        try:
            if check():
                return time.monotonic() - start
        except StaleElementReferenceException:
            pass
        if time.monotonic() - start > timeout:
            raise AssertionError(f"{what}: not within {timeout} s")
        time.sleep(0.01)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_http(url: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                r.read()
                return
        except OSError:
            if time.monotonic() > end:
                raise
            time.sleep(0.1)


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.read()


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    driver = make_browser()
    yield driver
    close_browser(driver)


@pytest.fixture(scope="module")
def browser_nojs() -> Iterator[webdriver.Chrome]:
    driver = make_browser(javascript=False)
    yield driver
    close_browser(driver)
