"""``kaiser-scorer web``: one table's journal at home, read-only: sheets, charts, statistics."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from hardware.journal import Journal, JournalError
from hardware.reading import read_stored
from hardware.web.assets import static_routes
from hardware.web.language import Speaker, speaker
from hardware.web.layout import esc, page
from hardware.web.pages import history_html, sheet_html, stats_html, team_name
from hardware.web.paths import num
from hardware.web.texts import T, Texts
from hardware.web.why import core_words
from kaiser_core.errors import KaiserError
from kaiser_core.record import score_record
from kaiser_core.sheet import build_sheet
from kaiser_core.stats import GameInput, player_stats

if TYPE_CHECKING:
    from hardware.app import GameDamaged


def nav(t: Texts = T) -> tuple[tuple[str, str], ...]:
    """The home site's pages, named in ``t``'s language."""
    return ((t.nav_games, "/"), (t.statistics, "/stats"))


NAV = nav()


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
    """The home site of one journal: ``/``, ``/games/{id}``, ``/stats`` and the static files."""

    def games() -> tuple[Games, dict[int, GameDamaged], str | None]:
        return read_games(db_path)

    def shown(t: Texts, body: str, behind: str | None) -> str:
        """The page's body, after one line when what it shows may be behind the table."""
        if behind is None:
            return body
        return f'<p class="error" role="status">{esc(t.behind)}</p>{body}'

    def damaged_row(game_id: int, err: GameDamaged, t: Texts) -> dict[str, Any]:
        return {
            "href": f"/games/{game_id}",
            "number": game_id,
            "names": {},
            "rules": t.unscorable.format(error=core_words(err.args[0], t)),
            "hands": 0,
            "totals": {"NS": 0, "EW": 0},
            "winner": None,
        }

    def failed(s: Speaker, message: str, status: int = 503) -> Response:
        body = f'<p class="error">{esc(message)}</p>'
        return s.respond(page(s.t.site_title, body, nav=nav(s.t), **s.page_args()), status)

    async def history(request: Request) -> Response:
        tv = "tv" in request.query_params
        s = speaker(request)
        try:
            found, damaged, behind = games()
            rows = [damaged_row(game_id, err, s.t) for game_id, err in damaged.items()]
            for game_id, record in found:
                try:
                    result = score_record(record)
                except KaiserError as err:
                    result = {"hands": [], "totals": {"NS": 0, "EW": 0}, "winner": None}
                    record = {**record, "rules": s.t.unscorable.format(error=err)}
                rules = record.get("rules", "standard")
                rows.append(
                    {
                        "href": f"/games/{game_id}",
                        "number": game_id,
                        "names": record.get("names", {}),
                        "rules": rules if isinstance(rules, str) else rules.get("profile", ""),
                        "hands": sum(1 for h in result["hands"] if not h["redeal"]),
                        "totals": result["totals"],
                        "winner": result["winner"],
                    }
                )
        except JournalError as err:
            return failed(s, str(err))
        rows.sort(key=lambda row: int(row["number"]), reverse=True)
        body = shown(s.t, history_html(rows, s.t), behind)
        return s.respond(page(s.t.home_title, body, nav=nav(s.t), tv=tv, **s.page_args()))

    async def game(request: Request) -> Response:
        tv = "tv" in request.query_params
        s = speaker(request)
        t = s.t
        try:
            wanted = int(request.path_params["game_id"])
            stored, damaged, behind = games()
            found = dict(stored).get(wanted)
        except JournalError as err:
            return failed(s, str(err))
        if wanted in damaged:
            return failed(s, core_words(damaged[wanted].args[0], t), 500)
        if found is None:
            return failed(s, t.no_such_game.format(number=wanted), 404)
        try:
            sheet = build_sheet(found)
        except KaiserError as err:
            return failed(s, t.cannot_score.format(number=wanted, error=err), 500)
        names = sheet["names"]
        ns, ew = team_name(names, "NS", t), team_name(names, "EW", t)
        title = t.game_title.format(number=wanted, ns=ns, ew=ew)
        body = shown(t, sheet_html(sheet, t), behind)
        return s.respond(page(title, body, nav=nav(t), tv=tv, **s.page_args()))

    async def stats(request: Request) -> Response:
        tv = "tv" in request.query_params
        s = speaker(request)
        try:
            found, _, behind = games()
            inputs = [GameInput(record) for _, record in found]
            rows = player_stats(inputs)
        except (JournalError, KaiserError) as err:
            return failed(s, str(err))
        body = shown(s.t, stats_html(rows, t=s.t), behind)
        return s.respond(page(s.t.statistics, body, nav=nav(s.t), tv=tv, **s.page_args()))

    routes = [
        Route("/", history, methods=["GET", "HEAD"]),
        Route(f"/games/{num('game_id')}", game, methods=["GET", "HEAD"]),
        Route("/stats", stats, methods=["GET", "HEAD"]),
        *static_routes(),
    ]
    return Starlette(routes=routes)


__all__ = ["NAV", "create_home_app", "journal_games", "nav", "open_read_only", "read_games"]
