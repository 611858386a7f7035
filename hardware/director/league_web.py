"""The league's routes on the director: the JSON of CLUB.md "Seasons and ratings" and the
pages (``/league/...``), each page also as ``?tv`` and ``?print`` (with its QR code)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from hardware.director.league import League
from hardware.director.league_pages import (
    Page,
    index_page,
    night_page,
    player_page,
    ratings_page,
    season_page,
    sheet_page,
)
from hardware.director.ratings import DEFAULT, MethodError
from hardware.web.language import speaker
from hardware.web.layout import esc
from hardware.web.league import league_page
from hardware.web.links import Links
from hardware.web.paths import num
from hardware.web.texts import Texts
from kaiser_core.club.event import ID

LINKS = Links()


def _json(data: object, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def _ident(request: Request) -> str | None:
    ident = str(request.path_params["ident"])
    return ident if ID.match(ident) else None


def page_url(request: Request) -> str:
    """The page's own address, without the view (``tv``, ``print``) nor the language."""
    return str(request.url.remove_query_params(["tv", "print", "lang"]))


def league_routes(
    league: League, nav: Callable[[Texts], Sequence[tuple[str, str]]]
) -> list[BaseRoute]:
    """``/api/seasons...``, ``/api/ratings...``, ``/api/nights/<id>``, ``/api/players``,
    ``/api/records`` and the pages under ``/league``."""

    def method(request: Request) -> str:
        return request.query_params.get("method", DEFAULT)

    async def seasons(request: Request) -> Response:
        return _json(league.index())

    async def season(request: Request) -> Response:
        ident = _ident(request)
        body = league.season(ident) if ident else None
        return _json(body) if body else _json({"error": f"no season {ident!r}"}, 404)

    async def season_awards(request: Request) -> Response:
        ident = _ident(request)
        body = league.season_awards(ident) if ident else None
        return _json(body) if body is not None else _json({"error": "no such season"}, 404)

    async def ratings(request: Request) -> Response:
        try:
            return _json(league.ratings(method(request)))
        except MethodError as err:
            return _json({"error": str(err)}, 400)

    async def check(request: Request) -> Response:
        try:
            return _json(league.check(method(request)))
        except MethodError as err:
            return _json({"error": str(err)}, 400)

    async def night(request: Request) -> Response:
        ident = _ident(request)
        body = league.night_body(ident) if ident else None
        return _json(body) if body else _json({"error": f"no night {ident!r}"}, 404)

    async def player(request: Request) -> Response:
        name = request.query_params.get("name", "")
        body = league.player(name)
        return _json(body) if body else _json({"error": "no such player"}, 404)

    async def records(request: Request) -> Response:
        return _json(league.records())

    def render(request: Request, made: Page | None, missing: str) -> Response:
        s = speaker(request)
        q = request.query_params
        view = "tv" if "tv" in q else "print" if "print" in q else ""
        url = page_url(request)
        args: dict[str, Any] = {"url": url, "nav": nav(s.t), "t": s.t, **s.page_args()}
        if made is None:
            html = league_page(missing, f"<p>{esc(missing)}</p>", LINKS, **args)
            return s.respond(html, 404)
        sep = "&" if "?" in url else "?"
        path = url.split("://", 1)[-1]
        href = "/" + path.split("/", 1)[1] if "/" in path else "/"
        html = league_page(*made, LINKS, view=view, print_href=f"{href}{sep}print", **args)
        return s.respond(html)

    async def index_view(request: Request) -> Response:
        return render(request, index_page(league, LINKS, speaker(request).t), "")

    async def season_view(request: Request) -> Response:
        t = speaker(request).t
        ident = _ident(request) or ""
        made = season_page(league, ident, LINKS, t) if ident else None
        return render(request, made, t.no_season.format(id=ident[:40]))

    async def night_view(request: Request) -> Response:
        t = speaker(request).t
        ident = _ident(request) or ""
        made = night_page(league, ident, LINKS, t) if ident else None
        return render(request, made, t.no_night.format(id=ident[:40]))

    async def sheet_view(request: Request) -> Response:
        t = speaker(request).t
        ident = _ident(request) or ""
        table, number = request.path_params["n"], request.path_params["r"]
        record = league.store.record(ident, table, number) if ident else None
        made = sheet_page(record, ident, table, number, t)
        return render(request, made, t.no_game.format(table=table, round=number))

    async def ratings_view(request: Request) -> Response:
        t = speaker(request).t
        return render(request, ratings_page(league, LINKS, t, method(request)), "")

    async def player_view(request: Request) -> Response:
        t = speaker(request).t
        name = request.query_params.get("name", "")
        made = player_page(league, name, LINKS, t)
        return render(request, made, t.no_player.format(name=name[:40]))

    get = ["GET", "HEAD"]
    return [
        Route("/api/seasons", seasons),
        Route("/api/seasons/{ident}", season),
        Route("/api/seasons/{ident}/awards", season_awards),
        Route("/api/ratings", ratings),
        Route("/api/ratings/check", check),
        Route("/api/nights/{ident}", night),
        Route("/api/players", player),
        Route("/api/records", records),
        Route("/league/", index_view, methods=get),
        Route("/league/seasons/{ident}", season_view, methods=get),
        Route("/league/nights/{ident}", night_view, methods=get),
        Route(
            f"/league/nights/{{ident}}/tables/{num('n')}/rounds/{num('r')}", sheet_view, methods=get
        ),
        Route("/league/ratings", ratings_view, methods=get),
        Route("/league/player", player_view, methods=get),
    ]


__all__ = ["league_routes", "page_url"]
