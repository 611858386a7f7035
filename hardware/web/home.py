"""``kaiser-scorer web``: one table's journal at home, read-only: sheets, charts, statistics."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from hardware import digest
from hardware.journal import Journal, JournalError
from hardware.reading import read_stored
from hardware.web.assets import static_routes
from hardware.web.home_data import PAGE, HomeData
from hardware.web.language import Speaker, speaker
from hardware.web.layout import esc, page
from hardware.web.pages import history_html, sheet_html, stats_html, team_name
from hardware.web.paths import num
from hardware.web.texts import T, Texts
from hardware.web.why import core_words
from hardware.web.why_page import hand_why_html
from kaiser_core.errors import KaiserError

if TYPE_CHECKING:
    from hardware.app import GameDamaged


def nav(t: Texts = T) -> tuple[tuple[str, str], ...]:
    """The home site's pages, named in ``t``'s language."""
    return ((t.nav_games, "/"), (t.statistics, "/stats"))


NAV = nav()
CACHED_PAGES = 256  # pages kept for the current rev (languages, page numbers, tv)


def open_read_only(path: Path) -> Journal:
    """The journal opened read-only (``hardware.reading``: SQLite's rules for a reader that
    may not write the folder, as the web unit's read-only view); raises JournalError."""
    return Journal(path, read_only=True)


Games = list[tuple[int, dict[str, Any]]]


def read_games(path: Path) -> tuple[Games, dict[int, GameDamaged], str | None]:
    """Every game of the journal as (game id, game record), as ``export --all`` gives them;
    the games whose rows do not read (each served as damaged, the others as ever); and the
    line saying they may be behind the table (or None)."""
    from hardware.app import GameDamaged, export_game  # the one call into the export code

    def read(journal: Journal) -> tuple[Games, dict[int, GameDamaged]]:
        games: Games = []
        damaged: dict[int, GameDamaged] = {}
        for game_id in journal.game_ids():
            try:
                games.append((game_id, export_game(journal, game_id)))
            except GameDamaged as err:
                damaged[game_id] = err
        return games, damaged

    (games, damaged), behind = read_stored(lambda: open_read_only(path), read)
    return games, damaged, behind


def journal_games(path: Path) -> Games:
    """Every game of the journal that reads, as (game id, game record)."""
    return read_games(path)[0]


def create_home_app(db_path: Path) -> Starlette:
    """The home site of one journal: ``/``, ``/games/{id}``, ``/stats`` and the static files.

    A page costs its own data (``HomeData``), its work runs in a thread (the event loop
    keeps serving, the static files too) and a page made for the journal's current rev is
    sent again as it is until the journal changes.
    """
    data = HomeData(db_path, open_read_only)
    cache: dict[tuple[Any, ...], tuple[str, int]] = {}

    def shown(t: Texts, body: str) -> str:
        """The page's body, after one line when what it shows may be behind the table."""
        if data.behind is None:
            return body
        return f'<p class="error" role="status">{esc(t.behind)}</p>{body}'

    def failed(s: Speaker, message: str, status: int = 503) -> tuple[str, int]:
        body = f'<p class="error">{esc(message)}</p>'
        return page(s.t.site_title, body, nav=nav(s.t), **s.page_args()), status

    def history(s: Speaker, query: Mapping[str, str]) -> tuple[str, int]:
        t = s.t
        try:
            number = max(0, int(query.get("page", "1")) - 1)
        except ValueError:
            number = 0
        rows, count = data.page_rows(number)  # refreshed by ``made``
        for row in rows:
            if "error" in row:
                error = row.pop("error")
                error = core_words(error, t) if row.pop("damaged", False) else error
                row["rules"] = t.unscorable.format(error=error)
        body = shown(t, history_html(rows, t) + pages_html(number, count))
        return page(t.home_title, body, nav=nav(t), tv="tv" in query, **s.page_args()), 200

    def game(s: Speaker, query: Mapping[str, str], wanted: int) -> tuple[str, int]:
        t = s.t
        found = data.game(wanted)
        if found is None:
            return failed(s, t.no_such_game.format(number=wanted), 404)
        if found.get("damaged"):
            return failed(s, core_words(found["error"], t), 500)
        if "error" in found:
            return failed(s, t.cannot_score.format(number=wanted, error=found["error"]), 500)
        sheet = found["sheet"]
        names = sheet["names"]
        ns, ew = team_name(names, "NS", t), team_name(names, "EW", t)
        title = t.game_title.format(number=wanted, ns=ns, ew=ew)
        body = sheet_html(sheet, t, hand_href=f"/games/{wanted}/hands/{{number}}")
        return page(title, shown(t, body), nav=nav(t), tv="tv" in query, **s.page_args()), 200

    def hand(s: Speaker, query: Mapping[str, str], wanted: int, number: int) -> tuple[str, int]:
        t = s.t
        found = data.game(wanted)
        if found is None or "error" in found:
            return game(s, query, wanted)  # the game's own page says what is wrong
        sheet = found["sheet"]
        if any("count" not in h for h in sheet["hands"] if not h["redeal"]):
            sheet = digest.sheet(found["record"])  # stored by an older version: no counts
        steps = hand_why_html(sheet, number, t)
        if steps is None:
            return failed(s, t.no_such_hand.format(number=wanted, hand=number), 404)
        back = f'<p><a href="/games/{wanted}">{esc(t.why_back.format(number=wanted))}</a></p>'
        title = t.why_title.format(number=wanted, hand=number)
        return page(
            title, shown(t, steps + back), nav=nav(t), tv="tv" in query, **s.page_args()
        ), 200

    def stats(s: Speaker, query: Mapping[str, str]) -> tuple[str, int]:
        try:
            rows = data.player_rows()  # refreshed by ``made``
        except KaiserError as err:
            return failed(s, str(err))
        body = shown(s.t, stats_html(rows, t=s.t))
        return page(s.t.statistics, body, nav=nav(s.t), tv="tv" in query, **s.page_args()), 200

    def made(
        request: Request,
        make: Callable[[Speaker, Mapping[str, str]], tuple[str, int]],
        refresh: bool = True,
    ) -> Callable[[], tuple[str, int]]:
        """The page for the journal's current rev, from the cache or made (in a thread)."""

        def work() -> tuple[str, int]:
            s = speaker(request)
            try:
                at = data.refresh() if refresh else data.current()  # one reading each
                key = (at, request.url.path, str(request.query_params), s.choice.lang)
                hit = cache.get(key)
                if hit is None:
                    hit = make(s, request.query_params)
                    if len(cache) > CACHED_PAGES:
                        cache.clear()
                    cache[key] = hit
                return hit
            except JournalError as err:
                return failed(s, str(err))

        return work

    async def respond(request: Request, make: Any, refresh: bool = True) -> Response:
        body, status = await run_in_threadpool(made(request, make, refresh))
        return speaker(request).respond(body, status)

    async def history_page(request: Request) -> Response:
        return await respond(request, history)

    async def game_page(request: Request) -> Response:
        wanted = int(request.path_params["game_id"])
        return await respond(request, lambda s, q: game(s, q, wanted), refresh=False)

    async def hand_page(request: Request) -> Response:
        wanted, number = int(request.path_params["game_id"]), int(request.path_params["hand"])
        return await respond(request, lambda s, q: hand(s, q, wanted, number), refresh=False)

    async def stats_page(request: Request) -> Response:
        return await respond(request, stats)

    routes = [
        Route("/", history_page, methods=["GET", "HEAD"]),
        Route(f"/games/{num('game_id')}", game_page, methods=["GET", "HEAD"]),
        Route(f"/games/{num('game_id')}/hands/{num('hand')}", hand_page, methods=["GET", "HEAD"]),
        Route("/stats", stats_page, methods=["GET", "HEAD"]),
        *static_routes(),
    ]

    async def not_found(request: Request, exc: Exception) -> Response:
        """A path no route knows: a page in the reader's language, as /games/99 is."""
        s = speaker(request)
        message = s.t.no_such_page.format(path=request.url.path)
        return s.respond(*failed(s, message, 404))

    return Starlette(routes=routes, exception_handlers={404: not_found})


def pages_html(number: int, count: int) -> str:
    """Links to the history's other pages (numbers only: no words to translate)."""
    if count <= PAGE:
        return ""
    last = (count - 1) // PAGE
    links = []
    for n in range(last + 1):
        first, end = n * PAGE + 1, min(count, (n + 1) * PAGE)
        label = f"{first}–{end}"
        if n == number:
            links.append(f'<b aria-current="page">{label}</b>')
        else:
            links.append(f'<a href="/?page={n + 1}">{label}</a>')
    return f'<nav class="pages">{" ".join(links)}</nav>'


__all__ = ["NAV", "create_home_app", "journal_games", "nav", "open_read_only", "read_games"]
