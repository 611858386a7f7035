"""The director's HTTP interface (CLUB.md, contract), with Starlette."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from hardware.director.events import EventStream
from hardware.director.export import records, standings_csv
from hardware.director.league import League
from hardware.director.league_web import league_routes
from hardware.director.pin import PinGuard
from hardware.director.service import Service
from hardware.director.state import END, NEXT, ActionError, Director
from hardware.web.guard import connection_limit
from hardware.web.paths import num
from hardware.web.routes import ClubSource, club_page_routes, nav
from kaiser_core.club.season import Season
from kaiser_core.stats import GameInput


def _json(data: object, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def build_app(
    service: Service,
    guard: PinGuard,
    seasons: Mapping[str, Season] | None = None,
) -> Starlette:
    """The Starlette app of one director (``seasons``: the season files it serves)."""
    director = service.director
    league = League(service.store, seasons or {}, director.event.id, lambda: service.version)

    async def event(request: Request) -> Response:
        return _json(director.event_body())

    async def standings(request: Request) -> Response:
        return _json(director.standings())

    async def tables(request: Request) -> Response:
        return _json([director.table_row(t) for t in director.table_numbers()])

    async def game(request: Request) -> Response:
        table, number = request.path_params["table"], request.path_params["round"]
        body = director.game(table, number)
        if body is None:
            return _json({"error": f"no game of table {table} in round {number}"}, 404)
        return _json(body)

    def check(request: Request) -> Response | None:
        """The refusal of an action (origin, PIN), or None to go on."""
        if not same_origin(request):  # another site's page: before the PIN (CLUB.md)
            return _json({"error": "not sent by this director's page (Origin)"}, 403)
        given = next((v for k, v in request.headers.raw if k == b"x-pin"), b"")
        if not given.strip():
            return _json({"error": "no PIN given (X-Pin): nothing changed"}, 400)
        status = guard.check(given)
        if status == 429:
            return _json({"error": "too many wrong PINs: wait a minute"}, 429)
        if status == 403:
            return _json({"error": "wrong PIN (X-Pin): nothing changed"}, 403)
        return None

    async def action(request: Request, topic: str) -> Response:
        refused = check(request)
        if refused is not None:
            return refused
        try:
            return _json(service.act(topic))
        except ActionError as err:
            return _json({"error": str(err)}, 409)

    async def pin(request: Request) -> Response:
        refused = check(request)
        if refused is not None:
            return refused
        try:
            body = json.loads(await request.body())
            journal = body["journal"] if isinstance(body, dict) else None
        except (ValueError, KeyError):
            journal = None
        if not isinstance(journal, str) or not journal:
            return _json({"error": 'give the journal as JSON: {"journal": "..."}'}, 400)
        table, number = request.path_params["table"], request.path_params["round"]
        try:
            return _json(service.pin(table, number, journal))
        except ActionError as err:
            return _json({"error": str(err)}, 409)

    async def next_round(request: Request) -> Response:
        return await action(request, NEXT)

    async def end_round(request: Request) -> Response:
        return await action(request, END)

    async def csv_export(request: Request) -> Response:
        return Response(standings_csv(director), media_type="text/csv; charset=utf-8")

    async def records_export(request: Request) -> Response:
        return _json(records(director))

    async def director_state(request: Request) -> Response:
        return _json(service.director_body())

    return Starlette(
        routes=[
            *page_routes(service),
            Route("/api/event", event),
            Route("/api/standings", standings),
            Route("/api/tables", tables),
            Route(f"/api/tables/{num('table')}/rounds/{num('round')}", game),
            Route(f"/api/tables/{num('table')}/rounds/{num('round')}/pin", pin, methods=["POST"]),
            Route("/api/rounds/next", next_round, methods=["POST"]),
            Route("/api/rounds/end", end_round, methods=["POST"]),
            Route("/api/export/standings.csv", csv_export),
            Route("/api/export/records", records_export),
            Route("/api/director", director_state),
            Route(
                "/events",
                EventStream(
                    service.listen,
                    service.forget,
                    count=lambda: len(service.listeners),
                    most=connection_limit() // 2,
                ),
            ),
            *league_routes(league, nav),
        ]
    )


def same_origin(request: Request) -> bool:
    """CLUB.md: a state change comes from the page's own origin (scheme, host and port),
    or, without an ``Origin``, has a ``Sec-Fetch-Site`` of ``same-origin`` or ``none``
    (or none at all: curl)."""
    origin = request.headers.get("origin")
    if origin is not None:
        own = f"{request.url.scheme}://{request.headers.get('host', '')}"
        return origin.strip().lower() == own.lower()
    return request.headers.get("sec-fetch-site", "none") in ("same-origin", "none")


def event_games(director: Director) -> Iterator[GameInput]:
    """This event's kept games (a round the director ended counts its higher total)."""
    for (_, number), (_, message) in sorted(director.kept.items()):
        yield GameInput(message.record, ended=director.ended.get(number, False))


def page_routes(service: Service) -> list[BaseRoute]:
    """The live page and its companions (hardware.web), fed by the director's state."""
    director = service.director

    def record(table: int, number: int) -> dict[str, Any] | None:
        kept = director.kept.get((table, number))
        return kept[1].record if kept else None

    def all_games() -> Iterator[GameInput]:
        for _, _, _, rec, ended in service.store.games():
            yield GameInput(rec, ended=ended)

    source = ClubSource(
        standings=director.standings,
        tables=lambda: [director.table_row(t) for t in director.table_numbers()],
        event=director.event_body,
        record=record,
        games=lambda: event_games(director),
        all_games=all_games,
        events_count=lambda: len(service.store.event_ids()),
        director=service.director_body,
        game=director.game,
    )
    return club_page_routes(source)
