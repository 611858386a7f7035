"""The page's own CSS and JavaScript (nothing fetched from outside) and an SSE helper."""

from __future__ import annotations

import json
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

HERE = Path(__file__).resolve().parent / "static"
TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8"}
FILES = {p.name: p.read_bytes() for p in sorted(HERE.iterdir()) if p.suffix in TYPES}
HEADERS = {"Cache-Control": "max-age=300", "X-Content-Type-Options": "nosniff"}
PAGE_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
    "style-src 'self'; script-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


async def static_file(request: Request) -> Response:
    """One file of the page's static folder, from memory."""
    name = request.path_params["name"]
    body = FILES.get(name)
    if body is None:
        return Response("not found\n", status_code=404, media_type="text/plain")
    return Response(body, media_type=TYPES[Path(name).suffix], headers=HEADERS)


def static_routes(prefix: str = "/static") -> list[Route]:
    """Routes serving site.css, live.js and tv.js under ``prefix``."""
    return [Route(prefix + "/{name}", static_file, methods=["GET", "HEAD"])]


def html(body: str, status: int = 200) -> HTMLResponse:
    """A page with a strict Content-Security-Policy (only the page's own files)."""
    return HTMLResponse(body, status_code=status, headers=PAGE_HEADERS)


def sse_message(event: str, data: object) -> str:
    """One Server-Sent Event: ``event: NAME`` and the JSON on one ``data:`` line."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


__all__ = ["html", "sse_message", "static_file", "static_routes"]
