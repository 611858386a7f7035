"""The web pages' benchmark: statistics of 1,000 games, page rendering, first render, weight.

Run from the repository root: ``python bench/web.py [--quick] [--json] [--no-browser]``.

- stats_1000_games_s: ``player_stats`` over 1,000 whole games (12 players, seat names).
                                                                            goal < 1 s
  stats_1000_games_cpu_s: the same in CPU seconds of the process (the machine may be busy).
  stats_vs_replay_ratio: that CPU time over the same statistics when every record is scored
  twice (parse_record's game thrown away, GameRecord.game() replaying it: the old way), in
  the same run.
- stats_1000_played_games_s: ``stats_of_games`` of the same games already played (parsed
  once), the part that is the statistics' own.
- sheet_1000_games_s: ``build_sheet`` of the same 1,000 games (the home history's work).
- standings_render_ms: ``live_page`` for 40 players x 6 rounds and 10 tables, median.
- first_render_ms: headless chromium, navigation start to first contentful paint of the
  standings page served by uvicorn (h11) on 127.0.0.1, median of 5 loads. goal < 300 ms
- standings_page_bytes: the page with its CSS and JavaScript.               goal < 100 KB
- home_...: ``kaiser-scorer web``'s pages on journals of 10 and 1,000 games, each page
  within 5x on 1,000 of the same on 10, a static file during three ``/stats`` within 5x of
  it alone (bench/web_home.py says how).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import statistics
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hardware.web.club import live_page  # noqa: E402
from kaiser_core.bidding import Bid, Contract  # noqa: E402
from kaiser_core.cards import SEATS, Suit, Team  # noqa: E402
from kaiser_core.game import Game  # noqa: E402
from kaiser_core.hand import ByTeam, Hand  # noqa: E402
from kaiser_core.record import parse_record, record_json  # noqa: E402
from kaiser_core.rules import Rules  # noqa: E402
from kaiser_core.sheet import build_sheet  # noqa: E402
from kaiser_core.stats import GameInput, player_stats, stats_of_games  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from web_home import home_figures  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "<b>Zed</b>"]


def random_game(rng: random.Random) -> dict[str, Any]:
    """A whole game under the standard rules, with four seat names, as a game record.

    Like real play, the bidding team usually takes about what it bid (5 to 7 tricks and
    the 5 of hearts more often than not), so a game lasts about a dozen hands.
    """
    game = Game(Rules(), rng.choice(SEATS))
    while not game.over and game.hands_played < 40:
        bidder = rng.choice(SEATS)
        nt = rng.random() < 0.15
        bid = Bid(rng.choice([6, 7, 7, 8, 8, 9]), nt)
        took = rng.choice([3, 4, 5, 5, 6, 6, 6, 7, 7, 8])
        team = bidder.team
        other = team.other
        five = team if rng.random() < 0.65 else other
        three = other if rng.random() < 0.6 else team
        if took == 8:
            five = three = team
        ns, ew = (took, 8 - took) if team is Team.NS else (8 - took, took)
        trump = None if nt else rng.choice(list(Suit))
        game.push(Hand(Contract(bidder, bid), ByTeam(ns, ew, five, three), trump))
    names = dict(zip("NESW", rng.sample(PLAYERS, 4), strict=True))
    return record_json(game.rules, game.first_dealer, game.entries, names)


def timed(fn: Any, *args: Any) -> float:
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def cpu_timed(fn: Any, *args: Any) -> float:
    """CPU seconds of this process (the machine may be busy with other work)."""
    start = time.process_time()
    fn(*args)
    return time.process_time() - start


def stats_replaying_twice(games: list[dict[str, Any]]) -> float:
    """CPU seconds of ``player_stats`` with GameRecord.game() replaying every hand."""
    import kaiser_core.record as record

    parse = record._parse_played

    def forget(data: object) -> Any:
        parsed, game = parse(data)
        parsed.played = None
        return parsed, game

    record._parse_played = forget  # type: ignore[assignment]
    try:
        return cpu_timed(player_stats, [GameInput(g) for g in games])
    finally:
        record._parse_played = parse


def standings_data() -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
    rng = random.Random(7)
    names = [f"Player {i}" for i in range(40)]
    rows = [
        {
            "rank": i + 1,
            "name": n,
            "total": 200 - i,
            "rounds": [rng.randint(-20, 60) for _ in range(6)],
            "won": rng.randint(0, 6),
        }
        for i, n in enumerate(names)
    ]
    tables = [
        {
            "table": t,
            "online": True,
            "round": 6,
            "hands": 7,
            "totals": {"NS": 31, "EW": 12},
            "finished": False,
            "refused": 0,
            "seen": "2026-12-01T19:00:00Z",
        }
        for t in range(1, 11)
    ]
    seating = {
        "round": 6,
        "ended": False,
        "hands_per_round": 10,
        "rules": "standard",
        "tables": {str(t): names[4 * t - 4 : 4 * t] for t in range(1, 11)},
        "sitting_out": [],
    }
    event = {
        "id": "bench",
        "name": "Bench night",
        "format": "individual",
        "rounds": 6,
        "round": 6,
        "players": names,
        "seating": [seating],
    }
    return {"round": 6, "rows": rows}, tables, event


def browser_figures(loads: int) -> dict[str, float]:
    """First contentful paint and page weight through a real server and chromium."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    sys.path.insert(0, str(ROOT / "tests" / "web"))
    from conftest import close_browser, free_port, make_browser

    from hardware.web.assets import html, static_routes

    standings, tables, event = standings_data()

    async def home(request: Request) -> Response:
        return html(live_page(standings, tables, event))

    app = Starlette(routes=[Route("/", home), *static_routes()])
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=port,
            http="h11",
            ws="none",
            lifespan="off",
            log_level="warning",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    url = f"http://127.0.0.1:{port}/"
    with urllib.request.urlopen(url) as r:
        page = r.read()
    weight = len(page)
    for asset in re.findall(rb'(?:href|src)="(/static/[^"]+)"', page):
        with urllib.request.urlopen(url.rstrip("/") + asset.decode()) as r:
            weight += len(r.read())
    driver = make_browser()
    paints = []
    try:
        driver.get(url)  # warm the browser itself
        for _ in range(loads):
            driver.get(url + f"?n={len(paints)}")
            fcp = driver.execute_script(
                "var e = performance.getEntriesByName('first-contentful-paint');"
                "return e.length ? e[0].startTime : performance.timing.domContentLoadedEventEnd"
                " - performance.timing.navigationStart;"
            )
            paints.append(float(fcp))
    finally:
        close_browser(driver)
        server.should_exit = True
        thread.join(timeout=5)
    return {"first_render_ms": round(statistics.median(paints), 1), "standings_page_bytes": weight}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 games and fewer loads")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--no-browser", action="store_true", help="skip the chromium figures")
    parser.add_argument("--no-home", action="store_true", help="skip the home pages' figures")
    args = parser.parse_args()
    count = 100 if args.quick else 1000
    rng = random.Random(2026)
    games = [random_game(rng) for _ in range(count)]
    scale = 1000 / count
    report: dict[str, Any] = {
        "games": count,
        "hands": sum(len(g["hands"]) for g in games),
        "stats_1000_games_s": round(timed(player_stats, [GameInput(g) for g in games]) * scale, 3),
        "stats_1000_games_cpu_s": round(
            cpu_timed(player_stats, [GameInput(g) for g in games]) * scale, 3
        ),
        "sheet_1000_games_s": round(timed(lambda: [build_sheet(g) for g in games]) * scale, 3),
    }
    report["stats_vs_replay_ratio"] = round(
        report["stats_1000_games_cpu_s"] / (stats_replaying_twice(games) * scale), 2
    )
    played = [(parse_record(g).game(), g["names"], False) for g in games]
    report["stats_1000_played_games_s"] = round(timed(stats_of_games, played) * scale, 3)
    data = standings_data()
    renders = [timed(live_page, *data) * 1000 for _ in range(20 if args.quick else 200)]
    report["standings_render_ms"] = round(statistics.median(renders), 3)
    if not args.no_home:
        report.update(home_figures(games))
    if not args.no_browser:
        report.update(browser_figures(3 if args.quick else 5))
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:24} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
