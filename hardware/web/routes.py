"""The director's pages as Starlette routes, fed by plain functions returning CLUB.md's JSON.

The director mounts them next to its ``/api/...`` and ``/events`` routes::

    routes = [*club_page_routes(ClubSource(standings=..., tables=..., event=...,
                                           record=..., games=...)), *api_routes]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from hardware.web.assets import html, static_routes
from hardware.web.club import live_page, tables_page
from hardware.web.layout import esc, page
from hardware.web.pages import sheet_html, stats_html
from hardware.web.texts import T
from kaiser_core.errors import KaiserError
from kaiser_core.sheet import build_sheet, team_label
from kaiser_core.stats import GameInput, player_stats

NAV = ((T.nav_standings, "/"), (T.nav_tables, "/tables"), (T.statistics, "/stats"))


@dataclass(frozen=True)
class ClubSource:
    """Where the pages get their data: each function returns the JSON of CLUB.md."""

    standings: Callable[[], Mapping[str, Any]]  # the /api/standings body
    tables: Callable[[], Sequence[Mapping[str, Any]]]  # the /api/tables list
    event: Callable[[], Mapping[str, Any]]  # the /api/event body
    record: Callable[[int, int], Mapping[str, Any] | None]  # table n, round r: a game record
    games: Callable[[], Iterable[GameInput]]  # this event's games, for the statistics
    all_games: Callable[[], Iterable[GameInput]] | None = None  # every event's, when kept
    events_count: Callable[[], int] | None = None  # how many events ``all_games`` spans


def club_page_routes(source: ClubSource, events_url: str = "/events") -> list[BaseRoute]:
    """``/``, ``/tables``, ``/tables/{n}/rounds/{r}``, ``/stats`` and ``/static/...``."""

    async def home(request: Request) -> Response:
        q = request.query_params
        body = live_page(
            source.standings(),
            source.tables(),
            source.event(),
            tv="tv" in q,
            find=q.get("find", ""),
            events_url=events_url,
            nav=NAV,
        )
        return html(body)

    async def tables(request: Request) -> Response:
        find = request.query_params.get("find", "")
        body = tables_page(
            source.tables(), source.event(), find=find, events_url=events_url, nav=NAV
        )
        return html(body)

    async def sheet(request: Request) -> Response:
        n, r = int(request.path_params["n"]), int(request.path_params["r"])
        record = source.record(n, r)
        if record is None:
            missing = T.no_game.format(table=n, round=r)
            return html(page(T.score_sheet, f"<p>{esc(missing)}</p>", nav=NAV), 404)
        try:
            data = build_sheet(record)
        except KaiserError as err:
            return html(page(T.score_sheet, f"<p>{esc(err)}</p>", nav=NAV), 500)
        names = data["names"]
        ns, ew = team_label(names, "NS"), team_label(names, "EW")
        title = T.sheet_title.format(table=n, round=r, ns=ns, ew=ew)
        return html(page(title, sheet_html(data), nav=NAV, tv="tv" in request.query_params))

    async def stats(request: Request) -> Response:
        try:
            body = f"<h2>{esc(T.stats_event)}</h2>" + stats_html(player_stats(source.games()))
            if source.all_games is not None:
                count = source.events_count() if source.events_count else 0
                body += f"<h2>{esc(T.stats_all.format(count=count))}</h2>" + stats_html(
                    player_stats(source.all_games()), ident="stats-all", cycle=False
                )
        except KaiserError as err:
            return html(page(T.statistics, f"<p>{esc(err)}</p>", nav=NAV), 500)
        return html(page(T.statistics, body, nav=NAV, tv="tv" in request.query_params))

    return [
        Route("/", home, methods=["GET", "HEAD"]),
        Route("/tables", tables, methods=["GET", "HEAD"]),
        Route("/tables/{n:int}/rounds/{r:int}", sheet, methods=["GET", "HEAD"]),
        Route("/stats", stats, methods=["GET", "HEAD"]),
        *static_routes(),
    ]


__all__ = ["NAV", "ClubSource", "club_page_routes"]
