"""The league's pages as (title, body HTML), for the director's routes and the static site
alike: the same HTML, only the links (``Links``) differ."""

from __future__ import annotations

from collections.abc import Mapping

from hardware.director.league import League
from hardware.director.ratings import MethodError
from hardware.web.layout import esc
from hardware.web.league import (
    awards_html,
    index_html,
    night_html,
    ratings_html,
    records_html,
    season_html,
)
from hardware.web.links import Links
from hardware.web.pages import sheet_html, team_name
from hardware.web.player import player_html
from hardware.web.texts import T, Texts
from kaiser_core.errors import KaiserError
from kaiser_core.sheet import build_sheet

Page = tuple[str, str]


def night_names(league: League) -> dict[str, str]:
    """Each night's name by its event id."""
    return {e: n.name or e for e, n in league.nights().items()}


def index_page(league: League, links: Links, t: Texts = T) -> Page:
    """The seasons, the nights, the ratings' link and every player's records."""
    extra = records_html(league.records(), night_names(league), links, t)
    return t.league, index_html(league.index(), links, t, extra)


def season_page(league: League, ident: str, links: Links, t: Texts = T) -> Page | None:
    """A season's table and its awards."""
    body = league.season(ident)
    season = league.seasons.get(ident)
    found = league.season_awards(ident)
    if body is None or season is None or found is None:
        return None
    names = night_names(league)
    html = season_html(body, season, names, links, t) + awards_html(found, names, links, t)
    return season.name, html


def night_page(league: League, ident: str, links: Links, t: Texts = T) -> Page | None:
    """A night's standings, awards and score sheets."""
    body = league.night_body(ident)
    if body is None:
        return None
    games = league.history().night_games(ident)
    return body["name"], night_html(body, [(g.table, g.round) for g in games], links, t)


def ratings_page(league: League, links: Links, t: Texts = T, method: str = "") -> Page:
    """The ratings, provisional players marked, with how well they predicted."""
    try:
        body = league.ratings(method or "openskill")
        check = league.check(method or "openskill")
    except MethodError as err:
        return t.ratings, f"<p>{esc(err)}</p>"
    return t.ratings, ratings_html(body, check, links, t)


def player_page(league: League, name: str, links: Links, t: Texts = T) -> Page | None:
    """A player's nights, partners, rating over time and records."""
    body = league.player(name)
    if body is None:
        return None
    return name, player_html(body, night_names(league), links, t)


def sheet_page(
    record: Mapping[str, object] | None, event: str, table: int, number: int, t: Texts = T
) -> Page | None:
    """A kept game's score sheet (None: no such game; the error's text: unscorable)."""
    if record is None:
        return None
    try:
        data = build_sheet(record)
    except KaiserError as err:
        return t.score_sheet, f"<p>{esc(err)}</p>"
    names = data["names"]
    ns, ew = team_name(names, "NS", t), team_name(names, "EW", t)
    title = t.sheet_title.format(table=table, round=number, ns=ns, ew=ew)
    return f"{event}: {title}", sheet_html(data, t)


__all__ = [
    "index_page",
    "night_names",
    "night_page",
    "player_page",
    "ratings_page",
    "season_page",
    "sheet_page",
]
