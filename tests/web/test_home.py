"""The home pages in a real headless chromium: a journal made by scripted play, served
read-only by the real ``kaiser-scorer web`` process."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import (
    free_port,
    get,
    no_horizontal_scroll,
    screenshot,
    use_size,
    wait_http,
)
from selenium.webdriver.common.by import By

from kaiser_core.record import score_record
from kaiser_core.stats import GameInput, player_stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))
from scripts import per_hand_hand

pytestmark = pytest.mark.slow

CMD = [sys.executable, "-m", "hardware.cli"]
ZED = "<b>Zed</b>"
#: The README's pictures come from these games: plain names (a markup name has its own).
NS_NAME = "Zed & Amy"
CONFIG = f'[game]\nentry = "per-hand"\n[names]\nNS = "{NS_NAME}"\nEW = "Ann & Bob"\n'
MARKED = f'[game]\nentry = "per-hand"\n[names]\nNS = "{ZED}"\nEW = "Ann & Bob"\n'
# Game 1 (N deals first): made, NT made x2, set, NT set x2, ..., NS capped at 49, NS wins.
GAME_1 = [
    ("E", 7, "H", 5, "bidders", "defenders"),
    ("S", 8, None, 6, "bidders", "defenders"),
    ("W", 9, "S", 3, "defenders", "bidders"),
    ("N", 7, None, 2, "defenders", "defenders"),
    ("E", 8, "C", 6, "bidders", "defenders"),
    ("N", 10, None, 8, "bidders", "bidders"),
    ("S", 9, "H", 7, "bidders", "defenders"),
    ("E", 6, "D", 5, "defenders", "bidders"),
    ("W", 7, "S", 5, "bidders", "defenders"),
    ("N", 8, "H", 6, "bidders", "defenders"),
]
GAME_2 = [("S", 7, "H", 5, "bidders", "defenders")]


def _keys() -> list[str]:
    keys = ["UP"]
    for hand in GAME_1:
        keys += per_hand_hand(*hand)
    keys += ["OK", "RIGHT"]  # GAME OVER -> NEW GAME, E deals
    for hand in GAME_2:
        keys += per_hand_hand(*hand)
    return keys


def _digest(db: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(db.parent.glob(db.name + "*")):
        h.update(p.name.encode() + p.read_bytes())
    return h.hexdigest()


class Home:
    def __init__(self, url: str, db: Path, records: list[dict]) -> None:
        self.url, self.db, self.records = url, db, records


def served(tmp: Path, config_text: str, key_list: list[str]) -> Iterator[Home]:
    """``key_list`` played under ``config_text`` into a journal, served by the real web."""
    db, keys, config = tmp / "kaiser.db", tmp / "keys.txt", tmp / "kaiser.toml"
    keys.write_text("\n".join(key_list) + "\n")
    config.write_text(config_text)
    run = [*CMD, "run", "--board", "mock", "--quiet", "--keys", str(keys), "--db", str(db)]
    played = subprocess.run(
        [*run, "--config", str(config)], capture_output=True, text=True, timeout=180, check=False
    )
    assert played.returncode == 0, played.stderr
    exported = subprocess.run(
        [*CMD, "export", "--all", "--db", str(db)], capture_output=True, text=True, check=False
    )
    assert exported.returncode == 0, exported.stderr
    records = json.loads(exported.stdout)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen(
        [*CMD, "web", "--db", str(db), "--listen", f"127.0.0.1:{port}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_http(url + "/")
        yield Home(url, db, records)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Home]:
    yield from served(tmp_path_factory.mktemp("home"), CONFIG, _keys())


@pytest.fixture(scope="module")
def marked(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Home]:
    """A game whose team is named with markup (it must show as text)."""
    keys = ["UP", *per_hand_hand(*GAME_2[0])]
    yield from served(tmp_path_factory.mktemp("marked"), MARKED, keys)


def test_the_journal_holds_the_scripted_games(home):
    assert len(home.records) == 2
    first = score_record(home.records[0])
    assert first["winner"] == "NS" and first["totals"] == {"NS": 60, "EW": 20}
    assert home.records[0]["names"] == {"NS": NS_NAME, "EW": "Ann & Bob"}


@pytest.mark.parametrize("size", ["phone", "tv"])
def test_the_sheet_shows_every_hand_and_the_chart_one_point_per_hand(home, browser, size):
    use_size(browser, size)
    browser.get(home.url + "/games/1")
    scored = score_record(home.records[0])
    rows = browser.find_elements(By.CSS_SELECTOR, "#sheet tbody tr")
    assert len(rows) == len(scored["hands"]) == 10
    for row, hand in zip(rows, scored["hands"], strict=True):
        cells = [c.get_attribute("textContent") for c in row.find_elements(By.TAG_NAME, "td")]
        assert cells[3] == ("made" if hand["made"] else "set")
        assert [int(c) for c in cells[4:10]] == [
            hand["raw"]["NS"],
            hand["raw"]["EW"],
            hand["delta"]["NS"],
            hand["delta"]["EW"],
            hand["totals"]["NS"],
            hand["totals"]["EW"],
        ]
    why = [r.find_elements(By.TAG_NAME, "td")[-1].text for r in rows]
    assert "doubled to 22" in why[1] and "doubled to -14" in why[3]
    assert "(cap 45): defenders score nothing" in why[7]  # NS at 49 defends hand 8
    assert "NS wins" in why[9]
    for team in ("ns", "ew"):
        points = browser.find_elements(By.CSS_SELECTOR, f"svg.chart circle.pt.{team}")
        assert len(points) == 10
    wide, inner = no_horizontal_scroll(browser)
    assert wide <= inner
    screenshot(browser, f"home-sheet-{size}")


def test_a_name_with_markup_shows_as_text(marked, browser):
    use_size(browser, "tv")
    for path in ("/", "/games/1", "/stats"):
        browser.get(marked.url + path)
        assert ZED in browser.find_element(By.TAG_NAME, "main").text
        assert browser.find_elements(By.XPATH, "//main//b[normalize-space()='Zed']") == []


@pytest.mark.parametrize("size", ["phone", "tv"])
@pytest.mark.parametrize("page", ["history", "stats"])
def test_history_and_statistics_fit_without_horizontal_scroll(home, browser, size, page):
    use_size(browser, size)
    browser.get(home.url + ("/" if page == "history" else "/stats"))
    if page == "history":
        links = browser.find_elements(By.CSS_SELECTOR, "#history tbody a")
        assert [a.text for a in links] == ["Game 2", "Game 1"]
    else:
        rows = player_stats([GameInput(r) for r in home.records])
        shown = browser.find_elements(By.CSS_SELECTOR, "#stats tbody tr")
        assert len(shown) == len(rows) == 2
        for tr, row in zip(shown, rows, strict=True):
            cells = [c.get_attribute("textContent") for c in tr.find_elements(By.TAG_NAME, "td")]
            assert cells[0] == row["name"]
            assert cells[1:4] == [str(row["games"]), str(row["won"]), str(row["hands"])]
            assert cells[4] == f"{row['bids_made']} / {row['bids_taken']}"
    wide, inner = no_horizontal_scroll(browser)
    assert wide <= inner
    screenshot(browser, f"home-{page}-{size}")


def test_the_pages_work_without_javascript(home, browser_nojs):
    browser_nojs.get("data:text/html,<title>a</title><script>document.title='js'</script>")
    assert browser_nojs.title == "a"  # this browser really runs no script
    browser_nojs.get(home.url + "/")
    browser_nojs.find_element(By.LINK_TEXT, "Game 1").click()
    assert len(browser_nojs.find_elements(By.CSS_SELECTOR, "#sheet tbody tr")) == 10
    assert len(browser_nojs.find_elements(By.CSS_SELECTOR, "svg.chart circle.pt.ns")) == 10
    browser_nojs.find_element(By.LINK_TEXT, "Statistics").click()
    assert len(browser_nojs.find_elements(By.CSS_SELECTOR, "#stats tbody tr")) == 2


def test_serving_writes_nothing_to_the_journal(home):
    before = _digest(home.db)
    for path in ("/", "/games/1", "/games/2", "/stats", "/static/site.css"):
        assert get(home.url + path)
    assert _digest(home.db) == before


def test_an_unknown_game_is_a_404_page(home):
    import urllib.error

    with pytest.raises(urllib.error.HTTPError) as err:
        get(home.url + "/games/99")
    assert err.value.code == 404


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
def test_an_unknown_path_is_a_404_page_in_the_pages_language(home, lang):
    """Issue 27: /nope answered Starlette's plain English "Not Found" while /games/99 was
    a page in the reader's language."""
    import urllib.error
    import urllib.request

    from hardware.web.language import texts_for

    t = texts_for(lang)
    pages = {}
    for path in ("/nope", "/games/99"):
        asked = urllib.request.Request(home.url + path, headers={"Accept-Language": lang})
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(asked, timeout=10)
        assert err.value.code == 404, path
        assert err.value.headers["Content-Language"] == lang, path
        pages[path] = err.value.read().decode()
    assert t.no_such_page.format(path="/nope") in pages["/nope"].replace("&#x27;", "'")
    assert f'<html lang="{lang}"' in pages["/nope"] and "Not Found" not in pages["/nope"]
    assert t.nav_games in pages["/nope"]  # the site's navigation, as /games/99 has it


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--db", "missing.db"], "missing.db: no such database"),
        (["--db", "x.db", "--listen", "nowhere"], "expected HOST:PORT"),
        (["--db", "x.db"], "x.db: not a Kaiser scorer database (not an SQLite file)"),
        (["--db", "other.db"], "other.db: not a Kaiser scorer database"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(tmp_path, args, says):
    import sqlite3

    (tmp_path / "x.db").write_bytes(b"not sqlite at all, just some bytes" * 100)
    other = sqlite3.connect(tmp_path / "other.db")
    other.execute("CREATE TABLE notes (text TEXT)")
    other.commit()
    other.close()
    result = subprocess.run(
        [*CMD, "web", *args], cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], result.stderr


def test_a_journal_in_a_read_only_folder_is_read(home, tmp_path):
    # As under the unit's ReadOnlyPaths: SQLite cannot make the -shm file there.
    folder = tmp_path / "ro"
    folder.mkdir()
    import sqlite3

    src = sqlite3.connect(f"file:{home.db}?mode=ro", uri=True)
    dest = sqlite3.connect(folder / "kaiser.db")
    src.backup(dest)  # a WAL-mode copy with its WAL folded in, as a stopped scorer leaves it
    src.close()
    dest.close()
    assert sorted(p.name for p in folder.iterdir()) == ["kaiser.db"]
    assert (folder / "kaiser.db").read_bytes()[18:20] == b"\x02\x02"  # WAL mode
    code = (
        "import sys; from pathlib import Path; from hardware.web.home import journal_games; "
        "print(len(journal_games(Path(sys.argv[1]))))"
    )
    script = (
        'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && ! touch "$1/x" 2>/dev/null '
        '&& exec "$2" -c "$3" "$1/kaiser.db"'
    )
    result = subprocess.run(
        ["unshare", "-m", "sh", "-c", script, "sh", str(folder), sys.executable, code],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "2"


@pytest.mark.parametrize(
    ("header", "lang"), [("fi;q=0.9, en;q=0.4", "fi"), ("es-MX,es;q=0.9", "es")]
)
def test_the_home_pages_speak_the_browsers_language(home, header, lang):
    import urllib.request

    from hardware.web.language import texts_for

    t = texts_for(lang)
    request = urllib.request.Request(home.url + "/", headers={"Accept-Language": header})
    with urllib.request.urlopen(request, timeout=10) as r:
        page = r.read().decode()
        assert r.headers["Content-Language"] == lang and "Accept-Language" in r.headers["Vary"]
    assert f'<html lang="{lang}">' in page
    assert f">{t.game_n.format(number=1)}</a>" in page and f"<h1>{t.home_title}</h1>" in page


@pytest.mark.parametrize("lang", ["fi", "ru", "pt", "fr"])
def test_a_home_sheet_in_the_longest_languages_fits_a_phone(home, browser, lang):
    from hardware.web.language import texts_for

    t = texts_for(lang)
    use_size(browser, "phone")
    browser.get(f"{home.url}/games/1?lang={lang}")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
    # on a phone each hand is a card of labelled lines: the column's name beside each value
    cell = browser.find_element(By.CSS_SELECTOR, "#sheet tbody td:nth-child(2)")
    assert cell.get_attribute("data-label") == t.sheet_head[1] and cell.is_displayed()
    assert len(browser.find_elements(By.CSS_SELECTOR, "svg.chart circle.pt.ns")) == 10
    wide, inner = no_horizontal_scroll(browser)
    assert wide <= inner
    browser.get(f"{home.url}/games/1?lang=en")  # the cookie back to English for the rest
