"""Scoring one hand: raw points, made or set, and each team's change.

>>> from kaiser_core.bidding import Bid, Contract
>>> from kaiser_core.cards import Seat, Team
>>> out = Outcome(tricks_ns=5, tricks_ew=3, five_hearts=Team.NS, three_spades=Team.NS)
>>> s = score_hand(Rules(), Contract(Seat.N, Bid(8)), out, {Team.NS: 0, Team.EW: 0})
>>> s.raw[Team.NS], s.made, s.delta[Team.NS], s.delta[Team.EW]
(7, False, -8, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kaiser_core.bidding import Contract
from kaiser_core.cards import TEAMS, Team
from kaiser_core.errors import IllegalPlayError
from kaiser_core.messages import Message
from kaiser_core.rules import MadeScores, Rules


@dataclass(frozen=True)
class Outcome:
    """What each team took in a hand: tricks, and who captured 5♥ and 3♠."""

    tricks_ns: int
    tricks_ew: int
    five_hearts: Team
    three_spades: Team

    def tricks(self, team: Team) -> int:
        """Tricks taken by ``team``."""
        return self.tricks_ns if team is Team.NS else self.tricks_ew

    def raw(self, team: Team) -> int:
        """Raw points: tricks, +5 for 5♥, -3 for 3♠."""
        return (
            self.tricks(team)
            + (5 if self.five_hearts is team else 0)
            - (3 if self.three_spades is team else 0)
        )

    def check(self, rules: Rules) -> None:
        """Raise IllegalPlayError when the outcome cannot happen under ``rules``."""
        total = rules.tricks_per_hand
        for team in TEAMS:
            if not 0 <= self.tricks(team) <= total:
                raise IllegalPlayError(f"{team.code} cannot take {self.tricks(team)} tricks")
        if self.tricks_ns + self.tricks_ew != total:
            raise IllegalPlayError(
                f"tricks add up to {self.tricks_ns + self.tricks_ew}, not {total}"
            )
        for name, team in (("5♥", self.five_hearts), ("3♠", self.three_spades)):
            if self.tricks(team) == 0:
                raise IllegalPlayError(f"{name} is with {team.code}, which took no trick")


@dataclass(frozen=True)
class HandScore:
    """The scored hand: raw points, made or set, each team's change and why."""

    raw: Mapping[Team, int]
    made: bool
    delta: Mapping[Team, int]
    notes: tuple[str, ...] = ()


def score_hand(
    rules: Rules, contract: Contract, outcome: Outcome, totals_before: Mapping[Team, int]
) -> HandScore:
    """Score a hand; ``totals_before`` decides the defenders' cap.

    Raises IllegalPlayError when the outcome is impossible.
    """
    outcome.check(rules)
    bidders = contract.team
    defenders = bidders.other
    raw = {team: outcome.raw(team) for team in TEAMS}
    bid = contract.bid
    made = raw[bidders] >= bid.number
    notes: list[str] = []
    if made:
        base = bid.number if rules.made_scores is MadeScores.BID else raw[bidders]
        mult = rules.nt_made_multiplier if bid.no_trump else 1
        if rules.made_scores is MadeScores.BID:
            notes.append(Message("score.bid_scored", team=bidders))
        bidder_delta = base * mult
    else:
        mult = rules.nt_set_multiplier if bid.no_trump else 1
        bidder_delta = -bid.number * mult
    if mult != 1:
        notes.append(Message("score.nt_times", team=bidders, times=mult))
    defender_delta = raw[defenders]
    cap = rules.defender_cap_at
    if cap is not None and totals_before[defenders] >= cap and defender_delta > 0:
        notes.append(Message("score.capped", team=defenders, cap=cap))
        defender_delta = 0
    return HandScore(
        raw=raw,
        made=made,
        delta={bidders: bidder_delta, defenders: defender_delta},
        notes=tuple(notes),
    )
