"""Values from the journal about other games, and the rules chosen for the next one.

``PastGame`` is a finished game as the journal keeps it (the core has no clock: its date
is the journal's text). ``chosen_rules`` reads the rules a new game gets from the UI state
(the menu's choice is one of its settings, journaled, so a restart keeps it).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass, field

from kaiser_core.cards import Seat, Team
from kaiser_core.entries import TableEntry
from kaiser_core.errors import KaiserError
from kaiser_core.messages import Message, profile_name
from kaiser_core.rules import Rules, find_profile
from kaiser_core.table.ui import Scene


@dataclass(frozen=True)
class PastGame:
    """A finished game: its journal number, date, rules, names (by seat or team code) and
    entries, final totals (NS, EW) and winner."""

    number: int
    date: str
    rules: Rules
    names: Mapping[str, str] = field(default_factory=dict)
    entries: tuple[TableEntry, ...] = ()
    totals: tuple[int, int] = (0, 0)
    winner: Team | None = None

    def team_name(self, team: Team) -> str:
        """A team's name: its own, its two players' ("Ann & Cy"), or its code."""
        if team.code in self.names:
            return self.names[team.code]
        seats = [self.names.get(s.code) for s in Seat if s.team is team]
        return " & ".join(n for n in seats if n) if all(seats) else team.code


def chosen_rules(ui: Scene, base: Rules) -> Rules:
    """The rules a new game gets: the menu's choice in ``ui``, else ``base`` (the config's)."""
    spec = ui.settings.rules
    if spec is not None:
        with contextlib.suppress(KaiserError, TypeError, ValueError):
            return Rules.from_spec(spec)
    return base


def house_rules(rules: Rules) -> int:
    """How many options differ from the rules' profile."""
    base = find_profile(rules.profile).options()
    return sum(1 for k, v in rules.options().items() if base.get(k) != v)


def rules_label(rules: Rules) -> str:
    """``standard``, ``standard + 1 house rule`` or ``standard + 2 house rules``."""
    count = house_rules(rules)
    name = profile_name(rules.profile)
    if count == 0:
        return name
    if count == 1:
        return Message("rules.title_one_house", profile=name)
    return Message("rules.title_house", profile=name, count=count)
