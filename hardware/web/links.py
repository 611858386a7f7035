"""Where the league's pages link: the director's addresses, or a static site's files.

A static site's links are relative (``../players/ann-1a2b3c4d.html``), so the folder can be
put anywhere, and opened from files; a player's file name is made from the name (any
script, any character) and a hash of it, so it is stable across exports.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from urllib.parse import quote


def slug(name: str) -> str:
    """A file name for ``name``: its ASCII letters and digits, and a hash of the whole."""
    plain = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:24]
    digest = hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]
    return f"{plain}-{digest}" if plain else digest


@dataclass(frozen=True)
class Links:
    """The director's addresses (``site`` False) or a static site's relative files."""

    root: str = "/league"
    site: bool = False
    static: str = "/static"

    def index(self) -> str:
        return f"{self.root}/index.html" if self.site else f"{self.root}/"

    def season(self, ident: str) -> str:
        return f"{self.root}/seasons/{quote(ident)}" + (".html" if self.site else "")

    def night(self, ident: str) -> str:
        return f"{self.root}/nights/{quote(ident)}" + (".html" if self.site else "")

    def sheet(self, event: str, table: int, number: int) -> str:
        if self.site:
            return f"{self.root}/nights/{quote(event)}/table-{table}-round-{number}.html"
        return f"{self.root}/nights/{quote(event)}/tables/{table}/rounds/{number}"

    def player(self, name: str) -> str:
        if self.site:
            return f"{self.root}/players/{slug(name)}.html"
        return f"{self.root}/player?name={quote(name, safe='')}"

    def ratings(self) -> str:
        return f"{self.root}/ratings" + (".html" if self.site else "")


def site_links(depth: int) -> Links:
    """The links of a static page ``depth`` folders below the site's root."""
    root = "/".join([".."] * depth) or "."
    return Links(root, True, f"{root}/static")


__all__ = ["Links", "site_links", "slug"]
