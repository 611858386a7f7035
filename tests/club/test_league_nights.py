"""Three club nights through a real mosquitto and the real director, one database: the
season API equals a plain computation from each night's standings, for every ``points``
method with ``best`` and ``min_events``; the league's pages escape names and carry their
QR code on the TV and print views."""

from __future__ import annotations

import random
import urllib.error
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from club_games import play
from club_helpers import Broker, Director
from club_publisher import TablePublisher
from season_plain import plainly

from kaiser_core.club.season import Night

pytestmark = pytest.mark.slow

PIN = "2580"
POOL = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Zoë <b>", "Kai"]
NIGHTS: list[tuple[str, str, list[str], int, bool]] = [
    # id, format, players, rounds, end the last round early
    ("league-n1", "individual", [*POOL[:8], "Lou"], 3, False),  # Lou plays one night only
    ("league-n2", "pairs", ["Ann", "Cy", "Bob", "Ed", "Flo", "Zoë <b>", "Gus", "Kai", "Ida", "Jo"],
     3, False),
    ("league-n3", "individual", ["Ann", "Bob", "Di", "Flo", "Hal", "Jo", "Kai", "Zoë <b>"], 2,
     True),
]  # fmt: skip
SEASON_EVENTS = ["league-n1", "league-n2", "league-n3", "league-n4"]  # n4 is not played yet


def event_toml(ident: str, fmt: str, players: list[str], rounds: int) -> str:
    if fmt == "pairs":
        two = zip(players[::2], players[1::2], strict=True)
        pairs = ", ".join(f'["{a}", "{b}"]' for a, b in two)
        who = f"pairs = [{pairs}]"
    else:
        who = "players = [" + ", ".join(f'"{p}"' for p in players) + "]"
    return (
        f'[event]\nid = "{ident}"\nname = "Night <{ident}>"\nformat = "{fmt}"\n'
        f'rounds = {rounds}\nhands_per_round = 4\nrules = "standard"\n{who}\npin = "{PIN}"\n'
    )


def season_toml(points: str) -> str:
    events = ", ".join(f'"{e}"' for e in SEASON_EVENTS)
    return (
        f'[season]\nid = "s-{points}"\nname = "Season <{points}>"\nevents = [{events}]\n'
        f'best = 2\nmin_events = 2\npoints = "{points}"\n'
    )


def hands_kept(director: Director, path: str) -> int:
    """The hands of the game the director keeps at ``path`` (0 before any)."""
    try:
        return len(director.get(path)["hands"])
    except OSError:  # 404 before the first message
        return 0


def run_night(
    folder: Path, port: int, night: tuple[str, str, list[str], int, bool], seasons: list[Path],
    rng: random.Random,
) -> tuple[Director, Night]:  # fmt: skip
    """One night: the director started, every round played (the last perhaps ended early);
    returns the director (still running) and the night as its own API showed it."""
    ident, fmt, players, rounds, end_early = night
    event = folder / f"{ident}.toml"
    event.write_text(event_toml(ident, fmt, players, rounds), encoding="utf-8")
    director = Director(folder, event, port, {})
    director.db = folder / "club.db"  # one database for every night
    for s in seasons:
        director.args += ["--season", str(s)]
    director.start()
    tables: dict[int, TablePublisher] = {}
    try:
        for number in range(1, rounds + 1):
            status, body = director.post("/api/rounds/next", PIN)
            assert status == 200, body
            last = end_early and number == rounds
            for t, seats in body["tables"].items():
                table = tables.setdefault(int(t), TablePublisher(port, ident, int(t), None))
                records = play(rng, seats, 4)
                if last:
                    records = records[:1]  # one hand, then the director ends the round
                for i, rec in enumerate(records):
                    table.game(number, rec, finished=not last and i == len(records) - 1)
                path = f"/api/tables/{t}/rounds/{number}"
                want = len(records[-1]["hands"])
                director.wait_for(
                    lambda path=path, want=want: hands_kept(director, path) == want,
                    what=f"{ident} table {t} round {number}",
                )
            if last:
                assert director.post("/api/rounds/end", PIN)[0] == 200
            director.wait_for(
                lambda: director.get("/api/event")["seating"][-1]["ended"], what="round ended"
            )
    finally:
        for table in tables.values():
            table.close()
    seating = director.get("/api/event")["seating"]
    played = {n for r in seating for names in r["tables"].values() for n in names}
    if fmt == "pairs":
        members = {f"{a} & {b}": (a, b) for a, b in zip(players[::2], players[1::2], strict=True)}
    else:
        members = {p: (p,) for p in players}
    rows = director.get("/api/standings")["rows"]
    return director, Night(ident, rows, members, played)


def test_three_nights_make_each_season_table_and_the_league_pages(tmp_path: Path) -> None:
    broker = Broker(tmp_path / "broker", None)
    broker.start()
    seasons = []
    for points in ("total", "rank", "percent"):
        path = tmp_path / f"season-{points}.toml"
        path.write_text(season_toml(points), encoding="utf-8")
        seasons.append(path)
    rng = random.Random(30)
    nights: dict[str, Night] = {}
    director: Director | None = None
    try:
        for i, night in enumerate(NIGHTS):
            # The first night is given the season files; later ones find them kept.
            director, nights[night[0]] = run_night(
                tmp_path, broker.port, night, seasons if i == 0 else [], rng
            )
            if i < len(NIGHTS) - 1:
                director.stop()
        assert director is not None
        d = director
        sit_outs = {p for n in nights.values() for p in n.members} - set().union(
            *(n.played for n in nights.values())
        )
        for points in ("total", "rank", "percent"):
            body = d.get(f"/api/seasons/s-{points}")
            ordered = [nights.get(e) for e in SEASON_EVENTS]
            expected = plainly(ordered, points, 2, 2)
            assert body["rows"] == expected, points
            assert body["events"] == SEASON_EVENTS and body["name"] == f"Season <{points}>"
            print(points, [(r["name"], r["total"], r["events"]) for r in body["rows"][:3]])
        # Someone qualified and someone did not; the pairs' night gave both partners points.
        rows = d.get("/api/seasons/s-total")["rows"]
        assert {r["qualified"] for r in rows} == {True, False}, rows
        n2 = {r["name"]: r["events"][1] for r in rows}
        assert n2["Ann"] == n2["Cy"] is not None and n2["Bob"] == n2["Ed"] is not None
        assert not sit_outs or all(n not in n2 for n in sit_outs)
        # The nights, as the league sees them, are the standings the nights showed.
        for ident, night in nights.items():
            assert d.get(f"/api/nights/{ident}")["rows"] == list(night.rows), ident
        check_pages(d)
    finally:
        if director is not None:
            director.stop()
        broker.stop()


def check_pages(d: Director) -> None:
    """The league's pages: escaped names, marks, a player's page, QR on TV and print."""
    page = d.get("/league/seasons/s-percent").decode()
    assert "Season &lt;percent&gt;" in page and "Zoë &lt;b&gt;" in page and "<b>Zoë" not in page
    assert 'class="counted"' in page and 'class="qualified"' in page
    assert 'class="unqualified"' in page
    assert 'id="awards"' in page and 'class="qr' not in page  # the QR is for TV and print
    for view in ("tv", "print"):
        shown = d.get(f"/league/seasons/s-percent?{view}").decode()
        assert '<svg viewBox="0 0' in shown and 'class="qr"' in shown, view
        assert f"{d.url}/league/seasons/s-percent</span>" in shown, view
    assert "<nav></nav>" in d.get("/league/seasons/s-rank?print").decode()
    live = d.get("/?tv").decode()
    assert 'class="qr"><path' in live and f"{d.url}/</span>" in live
    player = d.get("/league/player?name=" + quote("Zoë <b>")).decode()
    assert "<svg" in player and 'class="chart rating"' in player and "Zoë &lt;b&gt;" in player
    body: dict[str, Any] = d.get("/api/players?name=" + quote("Zoë <b>"))
    nights = sum("Zoë <b>" in n[2] for n in NIGHTS)
    assert len(body["nights"]) == nights and body["partners"] and body["rating_history"]
    ratings = d.get("/api/ratings")
    assert ratings["method"].startswith("openskill") and all(
        r["provisional"] == (r["rounds"] < 10) for r in ratings["rows"]
    )
    assert "provisional" in d.get("/league/ratings").decode()
    for path, code in [
        ("/league/seasons/nope", 404),
        ("/league/seasons/UPPER%2F..", 404),
        ("/league/nights/nope", 404),
        ("/league/player?name=Nobody", 404),
        ("/league/nights/league-n1/tables/99/rounds/1", 404),
        ("/api/seasons/nope", 404),
        ("/api/nights/" + "x" * 5000, 404),
        ("/api/players?name=" + quote("é" * 3000), 404),
        ("/api/ratings?method=elo", 400),
        ("/api/ratings/check?method=" + quote("<b>"), 400),
    ]:
        assert status(d, path) == code, path
    assert status(d, "/league/nights/league-n1/tables/1/rounds/1") == 200


def status(d: Director, path: str) -> int:
    """The HTTP status of GET ``path`` (a mistake in the address is a 4xx, never a 500)."""
    try:
        d.get(path)
    except urllib.error.HTTPError as err:
        return err.code
    return 200
