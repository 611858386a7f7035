"""The league across a club's nights: seasons, ratings, awards, records and players' pages.

Everything is worked out from the director's database when asked (never on a table's
message: a night's path does not read the history). Nights other than the director's own
event do not change while it runs: they are read once; the own event's rows are read again
after each change (``version``), and the ratings re-rate only the rounds that changed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

from hardware.director.league_store import load_history, stored_seasons
from hardware.director.ratings import DEFAULT, Fold, engine
from hardware.director.store import Store
from kaiser_core.club.awards import awards, records, won_team
from kaiser_core.club.errors import EventError
from kaiser_core.club.league import History, night, rated_rounds
from kaiser_core.club.season import Night, Season, parse_season, season_rows


class League:
    """The league bodies of the API, from one director's database."""

    def __init__(
        self,
        store: Store,
        seasons: Mapping[str, Season] = {},
        current: str | None = None,
        version: Callable[[], int] = lambda: 0,
    ) -> None:
        self.store = store
        self.current = current
        self.version = version
        self.seasons = dict(seasons)
        for ident, body in stored_seasons(store).items():
            if ident not in self.seasons:
                try:
                    self.seasons[ident] = parse_season({"season": body})
                except EventError:
                    continue
        self._past: History | None = None
        self._seen = -1
        self._history = History()
        self._nights: dict[str, Night] = {}
        self._folds: dict[str, Fold] = {}
        self._rated: dict[str, int] = {}  # method -> the version its fold was updated at

    # -- the data -----------------------------------------------------------------------
    def history(self) -> History:
        """Every night's rounds and games as they stand."""
        now = self.version()
        if now == self._seen:
            return self._history
        if self._past is None:
            self._past = load_history(self.store, without=self.current)
            self._nights = {}
        if self.current is None:
            self._history = self._past
        else:
            own = load_history(self.store, only=self.current)
            past = self._past
            self._history = History(
                {**past.events, **own.events},
                sorted(past.rounds + own.rounds, key=lambda r: (r.at, r.event, r.round)),
                {**past.games, **own.games},
            )
            self._nights.pop(self.current, None)
        self._seen = now
        return self._history

    def night(self, event: str) -> Night | None:
        """A night's standings (kept until its rows change)."""
        history = self.history()
        if event not in history.events:
            return None
        if event not in self._nights:
            self._nights[event] = night(history, event)
        return self._nights[event]

    def nights(self) -> dict[str, Night]:
        """Every night, in the order their first rounds started (nights without a round last)."""
        history = self.history()
        order = list(dict.fromkeys(r.event for r in history.rounds))
        order += sorted(e for e in history.events if e not in order)
        return {e: n for e in order if (n := self.night(e)) is not None}

    def fold(self, method: str = DEFAULT) -> Fold:
        """The ratings by ``method`` over every round (MethodError: unknown, not installed)."""
        if method not in self._folds:
            self._folds[method] = Fold(engine(method))
        fold = self._folds[method]
        history = self.history()
        if self._rated.get(method) != self._seen:  # else nothing changed since
            fold.update(rated_rounds(history))
            self._rated[method] = self._seen
        return fold

    # -- the API bodies -------------------------------------------------------------------
    def season(self, ident: str) -> dict[str, Any] | None:
        """``GET /api/seasons/<id>``."""
        season = self.seasons.get(ident)
        if season is None:
            return None
        nights = {e: n for e in season.events if (n := self.night(e)) is not None}
        return {
            "id": season.id,
            "name": season.name,
            "events": list(season.events),
            "rows": season_rows(season, nights),
        }

    def season_awards(self, ident: str) -> dict[str, Any] | None:
        """The awards of a season's nights together."""
        season = self.seasons.get(ident)
        if season is None:
            return None
        history = self.history()
        games = [g for e in season.events for g in history.night_games(e)]
        return awards(games)

    def night_body(self, event: str) -> dict[str, Any] | None:
        """A night: its name, standings and awards."""
        found = self.night(event)
        if found is None:
            return None
        info = self.history().events[event]
        return {
            "id": event,
            "name": info.name,
            "format": info.format,
            "rounds": info.rounds,
            "rows": list(found.rows),
            "awards": awards(self.history().night_games(event)),
        }

    def ratings(self, method: str = DEFAULT) -> dict[str, Any]:
        """``GET /api/ratings``."""
        fold = self.fold(method)
        return {"method": fold.engine.method, "rows": fold.rows()}

    def check(self, method: str = DEFAULT) -> dict[str, Any]:
        """``GET /api/ratings/check``."""
        return self.fold(method).check()

    def records(self) -> list[dict[str, Any]]:
        """Every player's lifetime records, by name."""
        history = self.history()
        games = [g for rows in history.games.values() for g in rows]
        found = records(games, self.nights())
        return [found[n] for n in sorted(found, key=str.casefold)]

    def player(self, name: str) -> dict[str, Any] | None:
        """A player's page: every night, partners, rating over time and records."""
        history = self.history()
        nights = []
        for event, n in self.nights().items():
            if name not in n.played:
                continue
            for row in n.rows:
                if name in n.members.get(str(row["name"]), ()):
                    nights.append({**row, "event": event, "night": n.name})
        if not nights:
            return None
        games = [g for rows in history.games.values() for g in rows if name in g.seats]
        partners: dict[str, Counter[str]] = {}
        for g in games:
            count = partners.setdefault(g.partner(name), Counter())
            count["games"] += 1
            count["won"] += won_team(g) == g.team(name)
        fold = self.fold()
        rating = next((r for r in fold.rows() if r["name"] == name), None)
        return {
            "name": name,
            "nights": nights,
            "partners": [
                {"name": p, "games": c["games"], "won": c["won"]}
                for p, c in sorted(
                    partners.items(), key=lambda i: (-i[1]["games"], i[0].casefold())
                )
            ],
            "rating": rating,
            "rating_history": [
                {"event": e, "round": r, "rating": v} for e, r, v in fold.history(name)
            ],
            "records": records(games, {e: n for e, n in self.nights().items()}).get(name),
        }

    def index(self) -> dict[str, Any]:
        """What the league holds: the seasons and the nights."""
        return {
            "seasons": [{"id": s.id, "name": s.name} for s in self.seasons.values()],
            "nights": [
                {"id": e, "name": n.name, "players": len(n.played)}
                for e, n in self.nights().items()
            ],
        }


__all__ = ["League"]
