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

from hardware.web.assets import static_routes
from hardware.web.club import journals_html, live_data, live_page, tables_page
from hardware.web.language import speaker
from hardware.web.layout import esc, page
from hardware.web.pages import sheet_html, stats_html, team_name
from hardware.web.paths import num
from hardware.web.qr import qr_figure
from hardware.web.texts import T, Texts
from kaiser_core.errors import KaiserError
from kaiser_core.sheet import build_sheet
from kaiser_core.stats import GameInput, player_stats


def nav(t: Texts = T) -> tuple[tuple[str, str], ...]:
    """The director's pages, named in ``t``'s language."""
    return (
        (t.nav_standings, "/"),
        (t.nav_tables, "/tables"),
        (t.statistics, "/stats"),
        (t.nav_league, "/league/"),
    )


NAV = nav()


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
    director: Callable[[], Mapping[str, Any]] | None = None  # the /api/director body
    game: Callable[[int, int], Mapping[str, Any] | None] | None = None  # /api/tables/n/rounds/r


def club_page_routes(source: ClubSource, events_url: str = "/events") -> list[BaseRoute]:
    """``/``, ``/tables``, ``/tables/{n}/rounds/{r}``, ``/stats`` and ``/static/...``."""

    async def home(request: Request) -> Response:
        q = request.query_params
        s = speaker(request)
        here = str(request.url.remove_query_params(["tv", "lang"]))
        body = live_page(
            source.standings(),
            source.tables(),
            source.event(),
            tv="tv" in q,
            find=q.get("find", ""),
            events_url=events_url,
            director=source.director() if source.director else None,
            qr=qr_figure(here, s.t) if "tv" in q else "",
            nav=nav(s.t),
            t=s.t,
            **s.page_args(),
        )
        return s.respond(body)

    async def tables(request: Request) -> Response:
        find = request.query_params.get("find", "")
        s = speaker(request)
        body = tables_page(
            source.tables(),
            source.event(),
            find=find,
            events_url=events_url,
            director=source.director() if source.director else None,
            nav=nav(s.t),
            t=s.t,
            **s.page_args(),
        )
        return s.respond(body)

    async def sheet(request: Request) -> Response:
        n, r = int(request.path_params["n"]), int(request.path_params["r"])
        s = speaker(request)
        t, menu, tv = s.t, nav(s.t), "tv" in request.query_params
        record = source.record(n, r)
        if record is None:
            missing = t.no_game.format(table=n, round=r)
            return s.respond(
                page(t.score_sheet, f"<p>{esc(missing)}</p>", nav=menu, **s.page_args()), 404
            )
        try:
            data = build_sheet(record)
        except KaiserError as err:
            return s.respond(
                page(t.score_sheet, f"<p>{esc(err)}</p>", nav=menu, **s.page_args()), 500
            )
        names = data["names"]
        ns, ew = team_name(names, "NS", t), team_name(names, "EW", t)
        title = t.sheet_title.format(table=n, round=r, ns=ns, ew=ew)
        body = sheet_html(data, t)
        if source.game is not None and not tv:
            body += journals_html(source.game(n, r), n, r, t)
        texts = live_data("", t)  # the PIN button's words (live.js), no stream
        return s.respond(
            page(title, body, nav=menu, tv=tv, scripts=["live.js"], data=texts, **s.page_args())
        )

    async def stats(request: Request) -> Response:
        s = speaker(request)
        t, menu, tv = s.t, nav(s.t), "tv" in request.query_params
        try:
            body = f"<h2>{esc(t.stats_event)}</h2>" + stats_html(player_stats(source.games()), t=t)
            if source.all_games is not None:
                count = source.events_count() if source.events_count else 0
                body += f"<h2>{esc(t.stats_all.format(count=count))}</h2>" + stats_html(
                    player_stats(source.all_games()), ident="stats-all", cycle=False, t=t
                )
        except KaiserError as err:
            return s.respond(
                page(t.statistics, f"<p>{esc(err)}</p>", nav=menu, **s.page_args()), 500
            )
        return s.respond(page(t.statistics, body, nav=menu, tv=tv, **s.page_args()))

    return [
        Route("/", home, methods=["GET", "HEAD"]),
        Route("/tables", tables, methods=["GET", "HEAD"]),
        Route(f"/tables/{num('n')}/rounds/{num('r')}", sheet, methods=["GET", "HEAD"]),
        Route("/stats", stats, methods=["GET", "HEAD"]),
        *static_routes(),
    ]


__all__ = ["NAV", "ClubSource", "club_page_routes", "nav"]
