"""Ratings (CLUB.md "Seasons and ratings", contract) with a published library made for teams.

The method is openskill's Thurstone-Mosteller "full pairing" model (Weng and Lin 2011,
algorithm 3: Gaussian performances as in TrueSkill, a closed-form Bayesian update) with its
published defaults. TrueSkill itself (the ``trueskill`` package) is the other choice
measured: ``GET /api/ratings/check?method=trueskill``, when that package is installed,
rates the same games with it. On 9,000 simulated games of 60 players of hidden strengths
(bench/league.py's history) the log-loss was 0.511 here, 0.494 with trueskill and 0.612
with openskill's default Plackett-Luce model (over-confident on two-player teams), for
0.6 s of CPU here against 3.2 s with trueskill, whose last release is of 2018.

Each started round is rated from the ratings before it, rounds in the order they started.
A round's result is kept (``Fold``) with what it was rated from, so the next request rates
only the rounds from the first one that changed: during a night, the last round or two.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import version
from typing import Any, Protocol

from kaiser_core.club.league import Match, RoundRow
from kaiser_core.errors import KaiserInputError

PROVISIONAL = 10  # rated rounds before a player's rating is no longer provisional
DEFAULT = "openskill"


class Engine(Protocol):
    """One rating library: new ratings, one rated match, a win probability."""

    method: str

    def new(self) -> Any: ...

    def rate(self, ahead: list[Any], behind: list[Any], draw: bool) -> tuple[list[Any], ...]: ...

    def win(self, first: list[Any], second: list[Any]) -> float: ...

    def mu_sigma(self, rating: Any) -> tuple[float, float]: ...


class OpenSkill:
    """openskill's ThurstoneMostellerFull with its defaults (mu 25, sigma 25/3, beta 25/6,
    tau 25/300, kappa 0.0001, epsilon 0.1)."""

    def __init__(self) -> None:
        from openskill.models import ThurstoneMostellerFull

        self.model = ThurstoneMostellerFull()
        m = self.model
        self.method = (
            f"openskill {version('openskill')} ThurstoneMostellerFull (mu={m.mu:g}, "
            f"sigma={m.sigma:.4g}, beta={m.beta:.4g}, tau={m.tau:.4g}, kappa={m.kappa:g}, "
            f"epsilon={m.epsilon:g})"
        )

    def new(self) -> Any:
        return self.model.rating()

    def rate(self, ahead: list[Any], behind: list[Any], draw: bool) -> tuple[list[Any], ...]:
        ranks = [1.0, 1.0] if draw else [1.0, 2.0]
        return tuple(self.model.rate([ahead, behind], ranks=ranks))

    def win(self, first: list[Any], second: list[Any]) -> float:
        return float(self.model.predict_win([first, second])[0])

    def mu_sigma(self, rating: Any) -> tuple[float, float]:
        return float(rating.mu), float(rating.sigma)


class TrueSkill:
    """The ``trueskill`` package with its defaults but a draw probability of 2 % (a round
    game is a draw only when ended early with equal totals)."""

    def __init__(self) -> None:
        import trueskill

        self.env = trueskill.TrueSkill(draw_probability=0.02)
        e = self.env
        self.method = (
            f"trueskill {version('trueskill')} (mu={e.mu:g}, sigma={e.sigma:.4g}, "
            f"beta={e.beta:.4g}, tau={e.tau:.4g}, draw_probability={e.draw_probability:g})"
        )

    def new(self) -> Any:
        return self.env.create_rating()

    def rate(self, ahead: list[Any], behind: list[Any], draw: bool) -> tuple[list[Any], ...]:
        ranks = [0, 0] if draw else [0, 1]
        return tuple(list(team) for team in self.env.rate([ahead, behind], ranks=ranks))

    def win(self, first: list[Any], second: list[Any]) -> float:
        # trueskill's documented win probability of two teams (its "win_probability" recipe).
        delta = sum(r.mu for r in first) - sum(r.mu for r in second)
        spread = sum(r.sigma**2 for r in (*first, *second))
        denom = math.sqrt(len(first + second) * self.env.beta**2 + spread)
        return float(self.env.cdf(delta / denom))

    def mu_sigma(self, rating: Any) -> tuple[float, float]:
        return float(rating.mu), float(rating.sigma)


ENGINES: dict[str, type[OpenSkill] | type[TrueSkill]] = {
    "openskill": OpenSkill,
    "trueskill": TrueSkill,
}


class MethodError(KaiserInputError):
    """An unknown or uninstalled rating method."""


def engine(name: str = DEFAULT) -> Engine:
    """The engine called ``name``; MethodError when unknown or not installed."""
    make = ENGINES.get(name)
    if make is None:
        raise MethodError(f"unknown rating method {name!r} (openskill, trueskill)")
    try:
        return make()
    except ImportError:
        raise MethodError(f"the rating method {name!r} is not installed") from None


@dataclass
class Player:
    """A player's rating and the number of rated games."""

    rating: Any
    rounds: int = 0


@dataclass
class Step:
    """A rated round: what it was (its matches), each of its players' rating after it, the
    predictions made before it, and (for the last ``KEEP`` rounds) everyone's ratings."""

    key: tuple[str, int]
    matches: tuple[Match, ...]
    played: dict[str, float]  # the round's players: rating (mu - 3 sigma) after it
    after: dict[str, Player] | None
    predicted: list[float] = field(default_factory=list)  # P(winner), draws left out


#: The rounds whose whole state is kept: a change in one of them re-rates from there; a
#: change further back (a restored night) re-rates everything.
KEEP = 64


class Fold:
    """The ratings folded over the rounds, each round's step kept for the next request."""

    def __init__(self, eng: Engine) -> None:
        self.engine = eng
        self.steps: list[Step] = []
        self.rated = 0  # rounds rated, over this fold's life (the tests see the reuse)

    def update(self, rounds: Iterable[tuple[RoundRow, Sequence[Match]]]) -> None:
        """Rate ``rounds`` (all of them, in order), reusing the steps that did not change."""
        todo = [((row.event, row.round), tuple(matches)) for row, matches in rounds]
        same = 0
        for step, (key, matches) in zip(self.steps, todo, strict=False):
            if step.key != key or step.matches != matches:
                break
            same += 1
        if same == len(todo) == len(self.steps):
            return
        if same and self.steps[same - 1].after is None:
            same = 0
        state = self.steps[same - 1].after or {} if same else {}
        del self.steps[same:]
        for key, matches in todo[same:]:
            self.steps.append(self._rate(key, matches, state))
            state = self.steps[-1].after or {}
            self.rated += 1
            if len(self.steps) > KEEP:  # as it goes: the older states are freed at once
                self.steps[-KEEP - 1].after = None

    def _rate(
        self, key: tuple[str, int], matches: tuple[Match, ...], before: dict[str, Player]
    ) -> Step:
        eng = self.engine
        after = dict(before)
        predicted = []
        played: dict[str, float] = {}
        for m in matches:
            ahead = [before[n].rating if n in before else eng.new() for n in m.ahead]
            behind = [before[n].rating if n in before else eng.new() for n in m.behind]
            if not m.draw:
                predicted.append(eng.win(ahead, behind))
            new = eng.rate(ahead, behind, m.draw)
            for names, ratings in zip((m.ahead, m.behind), new, strict=True):
                for n, r in zip(names, ratings, strict=True):
                    old = before.get(n)
                    after[n] = Player(r, (old.rounds if old else 0) + 1)
                    mu, sigma = eng.mu_sigma(r)
                    played[n] = round(mu - 3 * sigma, 2)
        return Step(key, matches, played, after, predicted)

    @property
    def players(self) -> dict[str, Player]:
        """Every rated player now."""
        return (self.steps[-1].after or {}) if self.steps else {}

    def rows(self) -> list[dict[str, Any]]:
        """The rows of ``GET /api/ratings``, by rating (``mu - 3 sigma``), then name."""
        out = []
        for name, p in self.players.items():
            mu, sigma = self.engine.mu_sigma(p.rating)
            out.append((mu - 3 * sigma, mu, sigma, name, p.rounds))
        out.sort(key=lambda r: (-r[0], r[3].casefold()))
        return [
            {
                "rank": i,
                "name": name,
                "rating": round(rating, 2),
                "mu": round(mu, 2),
                "sigma": round(sigma, 2),
                "rounds": rounds,
                "provisional": rounds < PROVISIONAL,
            }
            for i, (rating, mu, sigma, name, rounds) in enumerate(out, 1)
        ]

    def history(self, name: str) -> list[tuple[str, int, float]]:
        """``name``'s rating after each round they played: (event, round, rating)."""
        return [(s.key[0], s.key[1], s.played[name]) for s in self.steps if name in s.played]

    def check(self) -> dict[str, Any]:
        """``GET /api/ratings/check``: how well the ratings before each round predicted it."""
        probabilities = [p for step in self.steps for p in step.predicted]
        n = len(probabilities)
        right = sum(1.0 if p > 0.5 else 0.5 if p == 0.5 else 0.0 for p in probabilities)
        loss = sum(-math.log(max(p, 1e-15)) for p in probabilities)
        return {
            "rounds": n,
            "accuracy": round(right / n, 4) if n else None,
            "log_loss": round(loss / n, 4) if n else None,
            "baseline_log_loss": round(math.log(2), 3),
            "method": self.engine.method,
        }


__all__ = ["DEFAULT", "ENGINES", "Fold", "MethodError", "OpenSkill", "TrueSkill", "engine"]
