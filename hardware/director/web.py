"""The director's HTTP interface (CLUB.md, contract), with Starlette."""

from __future__ import annotations

import asyncio
import html
from collections.abc import AsyncIterator

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from hardware.director.export import records, standings_csv
from hardware.director.pin import PinGuard
from hardware.director.service import Service
from hardware.director.state import END, NEXT, ActionError

HEARTBEAT = 15.0


def _json(data: object, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status)


def build_app(service: Service, guard: PinGuard) -> Starlette:
    """The Starlette app of one director."""
    director = service.director

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

    async def action(request: Request, topic: str) -> Response:
        status = guard.check(request.headers.get("x-pin"))
        if status == 429:
            return _json({"error": "too many wrong PINs: wait a minute"}, 429)
        if status == 403:
            return _json({"error": "wrong or missing PIN (X-Pin)"}, 403)
        try:
            return _json(service.act(topic))
        except ActionError as err:
            return _json({"error": str(err)}, 409)

    async def next_round(request: Request) -> Response:
        return await action(request, NEXT)

    async def end_round(request: Request) -> Response:
        return await action(request, END)

    async def events(request: Request) -> Response:
        queue = service.listen()

        async def stream() -> AsyncIterator[bytes]:
            try:
                while True:
                    try:
                        yield await asyncio.wait_for(queue.get(), HEARTBEAT)
                    except TimeoutError:
                        yield b": still here\n\n"
            finally:
                service.listeners.discard(queue)

        headers = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def csv_export(request: Request) -> Response:
        return Response(standings_csv(director), media_type="text/csv; charset=utf-8")

    async def records_export(request: Request) -> Response:
        return _json(records(director))

    async def page(request: Request) -> Response:
        return HTMLResponse(standings_page(service))

    return Starlette(
        routes=[
            Route("/", page),
            Route("/api/event", event),
            Route("/api/standings", standings),
            Route("/api/tables", tables),
            Route("/api/tables/{table:int}/rounds/{round:int}", game),
            Route("/api/rounds/next", next_round, methods=["POST"]),
            Route("/api/rounds/end", end_round, methods=["POST"]),
            Route("/api/export/standings.csv", csv_export),
            Route("/api/export/records", records_export),
            Route("/events", events),
        ]
    )


def standings_page(service: Service) -> str:
    """A plain HTML page of the standings; every name is escaped."""
    director = service.director
    body = director.standings()
    e = html.escape
    head = "".join(f"<th>R{r}</th>" for r in range(1, director.event.rounds + 1))
    rows = []
    for row in body["rows"]:
        cells = "".join(f"<td>{'' if s is None else e(str(s))}</td>" for s in row["rounds"])
        rows.append(
            f"<tr><td>{row['rank']}</td><td>{e(row['name'])}</td>"
            f"<td>{e(str(row['total']))}</td>{cells}<td>{row['won']}</td></tr>"
        )
    tables = []
    for t in director.table_numbers():
        r = director.table_row(t)
        why = e(r["last_refused"] or "")
        tables.append(
            f"<tr><td>{t}</td><td>{'online' if r['online'] else 'offline'}</td>"
            f"<td>{r['hands']}</td><td>{r['refused']}</td><td>{why}</td></tr>"
        )
    title = e(director.event.name)
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{title}</title>'
        '<meta http-equiv="refresh" content="10"></head><body>'
        f"<h1>{title}</h1><p>Round {body['round']} of {director.event.rounds}</p>"
        f"<table><tr><th>#</th><th>Name</th><th>Total</th>{head}<th>Won</th></tr>"
        f"{''.join(rows)}</table><h2>Tables</h2><table><tr><th>Table</th><th>Broker</th>"
        f"<th>Hands</th><th>Refused</th><th>Last refused</th></tr>{''.join(tables)}</table>"
        "</body></html>"
    )
