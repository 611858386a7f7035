"""``kaiser-scorer director export-site``: the league as plain files a club can put on any
web host: the seasons, each night's standings, awards and score sheets, every player's page
and the ratings. Links are relative and nothing is fetched from outside the folder (the
style sheet is copied in, there is no script), so the pages also open straight from disk.
With ``--url`` (the address the site will have) each page carries its QR code for print.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

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
from hardware.director.store import Store
from hardware.web.assets import FILES
from hardware.web.league import league_page
from hardware.web.links import Links, site_links
from hardware.web.texts import T
from kaiser_core.club.season import Season


class Site:
    """Writes the pages under ``out``; ``url``: the site's own address, or ""."""

    def __init__(self, out: Path, url: str) -> None:
        self.out = out
        self.url = url.rstrip("/")
        self.written: list[Path] = []

    def write(self, relative: str, made: Page | None) -> None:
        """One page, at ``relative`` (a path with ``/``) under the site's folder."""
        if made is None:
            return
        depth = relative.count("/")
        links = site_links(depth)
        url = f"{self.url}/{relative}" if self.url else ""
        html = league_page(*made, links, url=url)
        self._file(relative, html.encode("utf-8"))

    def _file(self, relative: str, body: bytes) -> None:
        path = self.out / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(body)
        self.written.append(path)


def page_path(link: str) -> str:
    """A page's path under the site's root from its link as seen from the root (``./x``)."""
    return link[2:] if link.startswith("./") else link


def write_site(store: Store, seasons: Mapping[str, Season], out: Path, url: str = "") -> list[Path]:
    """Write every page; returns the files written."""
    league = League(store, seasons)
    site = Site(out, url)
    root, below = site_links(0), site_links(1)  # the pages at the root, and one folder down
    t = T
    site._file("static/site.css", FILES["site.css"])
    site.write("index.html", index_page(league, root, t))
    site.write("ratings.html", ratings_page(league, root, t))
    for ident in league.seasons:
        site.write(page_path(root.season(ident)), season_page(league, ident, below, t))
    history = league.history()
    for ident in league.nights():
        site.write(page_path(root.night(ident)), night_page(league, ident, below, t))
        for g in history.night_games(ident):
            record = store.record(ident, g.table, g.round)
            made = sheet_page(record, ident, g.table, g.round, t)
            site.write(page_path(root.sheet(ident, g.table, g.round)), made)
    for row in league.records():
        name = str(row["name"])
        site.write(page_path(root.player(name)), player_page(league, name, below, t))
    return site.written


__all__ = ["Links", "page_path", "write_site"]
