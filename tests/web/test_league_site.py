"""``kaiser-scorer director export-site``: the static site opens from its files in a real
headless chromium, every page it links is in the folder, and no page asks for anything
outside it (every request chromium makes is seen in its DevTools log)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest
from conftest import close_browser, make_browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "club"))
from league_sim import play_night  # noqa: E402

pytestmark = pytest.mark.slow

PLAYERS = ["Ann", "Bob", "Zoë <b>", "../etc", "a/b?c#d", "Пётр", "李", "Cy", "Di", "Ed",
           "Flo", "Gus"]  # fmt: skip


def export(tmp_path: Path) -> Path:
    db = tmp_path / "club.db"
    rng = random.Random(5)
    for night in range(3):
        play_night(db, f"night-{night}", PLAYERS, 4, lambda s: rng.random() < 0.5, rng)
    season = tmp_path / "season.toml"
    season.write_text(
        '[season]\nid = "winter"\nname = "Winter <league>"\n'
        'events = ["night-0", "night-1", "night-2"]\nbest = 2\nmin_events = 2\n',
        encoding="utf-8",
    )
    out = tmp_path / "site"
    args = ["export-site", "--db", str(db), "--out", str(out), "--season", str(season)]
    result = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "director", *args,
         "--url", "https://club.example/kaiser/"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return out


def requests_of(driver) -> list[str]:
    """Every URL a page opened from a file asked for since the log was last read (the
    browser's own start page, ``chrome://``, makes requests of its own: not the site's)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            params = message["params"]
            if not params.get("documentURL", "").startswith("chrome:"):
                urls.append(params["request"]["url"])
    return urls


def test_the_static_site_opens_from_files_and_asks_for_nothing_outside(tmp_path: Path) -> None:
    out = export(tmp_path)
    pages = sorted(p for p in out.rglob("*.html"))
    assert (out / "index.html") in pages and (out / "seasons" / "winter.html") in pages
    assert len(list((out / "players").glob("*.html"))) == len(PLAYERS)
    assert len(list((out / "nights").glob("*.html"))) == 3
    folder = out.resolve().as_uri() + "/"
    driver = make_browser(javascript=False, network_log=True)
    try:
        visit = [out / "index.html", out / "ratings.html", out / "seasons" / "winter.html",
                 out / "nights" / "night-1.html", *sorted((out / "players").glob("*.html"))[:4],
                 next((out / "nights" / "night-2").glob("*.html"))]  # fmt: skip
        for path in visit:
            requests_of(driver)  # the log so far is the previous page's
            driver.get(path.resolve().as_uri())
            asked = requests_of(driver)
            assert asked and all(u.startswith(folder) for u in asked), (path, asked)
            assert any(u.endswith("/static/site.css") for u in asked), path
            # The style sheet applied (its background colour), so it was found.
            colour = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
            assert colour == "rgb(251, 250, 247)", (path, colour)
            links = driver.execute_script(
                "return [...document.querySelectorAll('a[href]')].map(a => a.href)"
            )
            for link in links:
                target = urlparse(urljoin(driver.current_url, link))
                assert target.scheme == "file", (path, link)
                file = Path(unquote(target.path))
                assert file.is_file() and out.resolve() in file.resolve().parents, (path, link)
        # Names are text: the season's page shows them escaped, and the player's page of a
        # name that looks like a path stays in the players' folder.
        driver.get((out / "seasons" / "winter.html").resolve().as_uri())
        text = driver.find_element("css selector", "#season").text
        assert "Zoë <b>" in text and "../etc" in text and "Пётр" in text
        assert not driver.find_elements("css selector", "#season a.name *")  # no markup
        # With --url, each page carries its address as a QR code, shown when printed.
        svg = driver.find_elements("css selector", "figure.qr.printonly svg.qr")
        assert len(svg) == 1
        assert "https://club.example/kaiser/seasons/winter.html" in driver.page_source
    finally:
        close_browser(driver)


def test_export_site_mistakes_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "season.toml"
    bad.write_text('[season]\nid = "Winter"\nevents = ["a"]\n', encoding="utf-8")
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    db = tmp_path / "club.db"
    play_night(db, "n", PLAYERS[:4], 1, lambda s: True, random.Random(1))
    cases = [
        (["--db", str(tmp_path / "none.db"), "--out", str(tmp_path / "o")], "no such"),
        (["--db", str(db), "--out", str(tmp_path / "o"), "--season", str(bad)], "season.id"),
        (["--db", str(db), "--out", str(blocker / "site")], str(blocker)),
    ]
    for args, words in cases:
        result = subprocess.run(
            [sys.executable, "-m", "hardware.cli", "director", "export-site", *args],
            capture_output=True, text=True, cwd=ROOT, check=False,
        )  # fmt: skip
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(lines) == 1 and words in lines[0], result.stderr
        assert "Traceback" not in result.stderr
