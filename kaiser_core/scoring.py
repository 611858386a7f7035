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
from kaiser_core.cards import TEAMS, Seat, Team
from kaiser_core.errors import IllegalPlayError
from kaiser_core.messages import TEXTS, Message
from kaiser_core.rules import HOUSE_REASONS, MAX_BID, MadeScores, Rules


@dataclass(frozen=True)
class Outcome:
    """What each team took in a hand: tricks, and who captured 5♥ and 3♠.

    A special in no trick (None: the bidder discarded it with the widow or the skat, against
    the rule) scores for no one.
    """

    tricks_ns: int
    tricks_ew: int
    five_hearts: Team | None
    three_spades: Team | None
    seats_with_tricks: frozenset[Seat] | None = None  # None when only team counts are known

    def tricks(self, team: Team) -> int:
        """Tricks taken by ``team``."""
        return self.tricks_ns if team is Team.NS else self.tricks_ew

    def raw(self, team: Team, three_value: int = -3) -> int:
        """Raw points: tricks, +5 for 5♥, -3 for 3♠ (``three_value``: -2 in some Joffre decks)."""
        return (
            self.tricks(team)
            + (5 if self.five_hearts is team else 0)
            + (three_value if self.three_spades is team else 0)
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
        for name, taker in (("5♥", self.five_hearts), ("3♠", self.three_spades)):
            if taker is None:
                if not rules.discards:
                    raise IllegalPlayError(
                        f"{name} was never played: the {rules.deal.value} deal plays all"
                    )
            elif self.tricks(taker) == 0:
                raise IllegalPlayError(f"{name} is with {taker.code}, which took no trick")


@dataclass(frozen=True)
class Reason:
    """One rule that changed a team's points for the hand, as data for the SUMMARY screen.

    ``rule`` is the option's name in RULES.md; ``amount`` is what the team has after the
    rule (its points, or its change for the hand), ``without`` what it would have had
    without it; ``tricks`` is the tricks the team took; ``limit`` the cap or target involved.

    >>> Reason("three_spades_needs_tricks", Team.EW, -3, 2, 2).text
    'EW took 3♠ with 2 tricks: -3'
    """

    rule: str
    team: Team
    amount: int
    without: int
    tricks: int
    limit: int | None = None

    @property
    def text(self) -> Message:
        """One line in words (a Message: ``EW took 3♠ with 2 tricks: -3``)."""
        key = f"reason.{self.rule}"
        if key not in TEXTS:
            return Message("reason.other", team=self.team, rule=self.rule, amount=self.amount)
        return Message(
            key,
            team=self.team,
            amount=self.amount,
            signed=f"{self.amount:+d}",
            tricks=self.tricks,
            trick_word=Message("word.trick", count=self.tricks),
            times=self.amount // self.without if self.without else 1,
            limit=self.limit if self.limit is not None else "",
        )


@dataclass(frozen=True)
class HandScore:
    """The scored hand: points after the 3♠ rule, made or set, each team's change and why.

    ``reasons`` names every rule that changed a score; ``target`` and ``cap`` are those in
    force for the hand (after its own no-trump); ``five_wins`` is the team that wins at
    once under ``capped_five_wins``.
    """

    raw: Mapping[Team, int]
    made: bool
    delta: Mapping[Team, int]
    notes: tuple[str, ...] = ()
    reasons: tuple[Reason, ...] = ()
    target: int = 52
    cap: int | None = 45
    five_wins: Team | None = None


def is_kaiser_bid(contract: Contract) -> bool:
    """True for the 12 no-trump (low or not), the Kaiser bid."""
    return contract.bid.no_trump and contract.bid.number == MAX_BID


def score_hand(
    rules: Rules,
    contract: Contract,
    outcome: Outcome,
    totals_before: Mapping[Team, int],
    target_before: int | None = None,
) -> HandScore:
    """Score a hand in RULES.md's exact order; ``totals_before`` decides the defenders' cap.

    ``target_before`` is the target in force before the hand (``rules.target`` if None).
    Raises IllegalPlayError when the outcome is impossible, or when a Kaiser bid under
    ``kaiser_bid_alone`` comes without who took each trick.
    """
    outcome.check(rules)
    bidders = contract.team
    defenders = bidders.other
    bid = contract.bid
    reasons: list[Reason] = []
    b_tricks = outcome.tricks(bidders)
    penalty = rules.three_spades_value
    raw = {team: outcome.raw(team, penalty) for team in TEAMS}
    need = rules.three_spades_needs_tricks
    three = outcome.three_spades
    if three is not None and outcome.tricks(three) < need and raw[three] != penalty:
        reasons.append(
            Reason("three_spades_needs_tricks", three, penalty, raw[three], outcome.tricks(three))
        )
        raw[three] = penalty
    made = raw[bidders] >= bid.number
    notes: list[str] = []
    if made and rules.kaiser_bid_alone and is_kaiser_bid(contract):
        took = outcome.seats_with_tricks
        if took is None:
            raise IllegalPlayError(
                "a 12 no-trump under kaiser_bid_alone needs who took each trick "
                "(the tricks or plays form)"
            )
        if contract.bidder.partner in took:
            made = False
            alone = -bid.number * rules.nt_set_multiplier
            would = raw[bidders] * rules.nt_made_multiplier
            if rules.made_scores is MadeScores.BID:
                would = bid.number * rules.nt_made_multiplier
            reasons.append(Reason("kaiser_bid_alone", bidders, alone, would, b_tricks))
    if made:
        base = bid.number if rules.made_scores is MadeScores.BID else raw[bidders]
        mult = rules.nt_made_multiplier if bid.no_trump else 1
        if rules.made_scores is MadeScores.BID:
            notes.append(Message("score.bid_scored", team=bidders))
            if base != raw[bidders]:
                reasons.append(
                    Reason("made_scores", bidders, base * mult, raw[bidders] * mult, b_tricks)
                )
        bidder_delta = base * mult
        if mult != 1:
            reasons.append(Reason("nt_made_multiplier", bidders, bidder_delta, base, b_tricks))
    else:
        mult = rules.nt_set_multiplier if bid.no_trump else 1
        bidder_delta = -bid.number * mult
        if mult != 1:
            reasons.append(
                Reason("nt_set_multiplier", bidders, bidder_delta, -bid.number, b_tricks)
            )
    if mult != 1:
        notes.append(Message("score.nt_times", team=bidders, times=mult))
    target = target_before if target_before is not None else rules.target
    if rules.target_after_nt is not None and bid.no_trump and made:
        target = max(target, rules.target_after_nt)
    cap = rules.cap_for(target)
    defender_delta = raw[defenders]
    d_tricks = outcome.tricks(defenders)
    five_wins: Team | None = None
    before = totals_before[defenders]
    if cap is not None and before >= cap:
        if rules.capped_five_wins and outcome.five_hearts is defenders:
            five_wins = defenders
            capped = min(defender_delta, 0)  # what the cap alone would have left
            reasons.append(
                Reason("capped_five_wins", defenders, defender_delta, capped, d_tricks, cap)
            )
        elif defender_delta > 0:
            notes.append(Message("score.capped", team=defenders, cap=cap))
            reasons.append(Reason("defender_cap_at", defenders, 0, defender_delta, d_tricks, cap))
            defender_delta = 0
    elif cap is not None and before >= (rules.defender_cap_at or cap) and defender_delta > 0:
        reasons.append(Reason("cap_follows_target", defenders, defender_delta, 0, d_tricks, cap))
    if rules.defenders_cannot_go_out and defender_delta > 0 and before + defender_delta >= target:
        reasons.append(
            Reason("defenders_cannot_go_out", defenders, 0, defender_delta, d_tricks, target)
        )
        defender_delta = 0
    notes += [r.text for r in reasons if r.rule in HOUSE_REASONS]
    return HandScore(
        raw=raw,
        made=made,
        delta={bidders: bidder_delta, defenders: defender_delta},
        notes=tuple(notes),
        reasons=tuple(reasons),
        target=target,
        cap=cap,
        five_wins=five_wins,
    )
