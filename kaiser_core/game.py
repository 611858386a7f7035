"""The game: hands in order, dealer rotation, totals, the end of the game.

State is a fold over the list of entries; ``pop()`` takes the last one back.

>>> from kaiser_core.bidding import Bid, Contract
>>> from kaiser_core.cards import Seat, Team
>>> from kaiser_core.hand import ByTeam, Hand
>>> g = Game(Rules(), first_dealer=Seat.N)
>>> _ = g.push(Hand(Contract(Seat.E, Bid(8)), ByTeam(2, 6, Team.EW, Team.NS)))
>>> g.totals[Team.NS], g.totals[Team.EW], g.dealer
(-1, 11, Seat.E)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kaiser_core.cards import TEAMS, Seat, Team
from kaiser_core.errors import IllegalBidError, KaiserInputError
from kaiser_core.hand import Entry, Hand, Redeal
from kaiser_core.messages import Message
from kaiser_core.rules import BothReach, Rules
from kaiser_core.scoring import HandScore, is_kaiser_bid, score_hand
from kaiser_core.tricks import Revoke


class GameOverError(KaiserInputError):
    """An entry after the game was won."""


@dataclass(frozen=True)
class EntryResult:
    """One entry scored: the dealer, the hand's score (None for a redeal), totals after."""

    dealer: Seat
    entry: Entry
    score: HandScore | None
    totals: Mapping[Team, int]
    target: int
    winner: Team | None
    revokes: tuple[Revoke, ...] = ()
    reason: str = ""
    end_rule: str | None = None  # the rule that ended the game: "target", "max_hands", ...
    played: int = 0  # played hands up to and including this entry (redeals not counted)


class Game:
    """One game of Kaiser under fixed rules, from a first dealer."""

    def __init__(self, rules: Rules, first_dealer: Seat = Seat.N) -> None:
        self.rules = rules
        self.first_dealer = first_dealer
        self.results: list[EntryResult] = []

    # -- state ----------------------------------------------------------------------------
    @property
    def entries(self) -> list[Entry]:
        """Every entry so far, in order."""
        return [r.entry for r in self.results]

    @property
    def totals(self) -> Mapping[Team, int]:
        """Each team's total."""
        return self.results[-1].totals if self.results else {Team.NS: 0, Team.EW: 0}

    @property
    def target(self) -> int:
        """The score that wins now (62 once a no-trump was made, with ``target_after_nt``)."""
        return self.results[-1].target if self.results else self.rules.target

    @property
    def winner(self) -> Team | None:
        """The winning team, or None while the game goes on."""
        return self.results[-1].winner if self.results else None

    @property
    def over(self) -> bool:
        """True once a team has won."""
        return self.winner is not None

    @property
    def dealer(self) -> Seat:
        """The seat that deals the next hand (a redeal keeps the dealer)."""
        if not self.results:
            return self.first_dealer
        last = self.results[-1]
        return last.dealer if isinstance(last.entry, Redeal) else last.dealer.next

    @property
    def skunk(self) -> bool:
        """A game won while the losers are at 0 or below."""
        return self.winner is not None and self.totals[self.winner.other] <= 0

    @property
    def hands_played(self) -> int:
        """Played hands so far (redeals not counted): kept by each result, never recounted."""
        return self.results[-1].played if self.results else 0

    @property
    def max_hands(self) -> int | None:
        """The number of played hands the game lasts (``max_hands``), or None."""
        return self.rules.max_hands

    @property
    def playing_on(self) -> bool:
        """True once ``max_hands`` hands are played with equal totals: one more hand each time."""
        limit = self.rules.max_hands
        return limit is not None and not self.over and self.hands_played >= limit

    @property
    def cap(self) -> int | None:
        """The defender cap now (raised with the target under ``cap_follows_target``)."""
        return self.rules.cap_for(self.target)

    def at_cap(self, team: Team) -> bool:
        """True when ``team`` would defend at the cap (cannot add positive points)."""
        cap = self.cap
        return cap is not None and self.totals[team] >= cap

    def preview(self, hand: Hand) -> HandScore:
        """The hand scored against the current totals and target, without adding it."""
        hand.check(self.rules)
        return score_hand(
            self.rules, hand.contract, hand.outcome(self.rules), self.totals, self.target
        )

    # -- entries --------------------------------------------------------------------------
    def push(self, entry: Entry) -> EntryResult:
        """Add an entry and score it; raises KaiserError (nothing changes) when it is invalid."""
        if self.over:
            raise GameOverError(f"the game is over: {self.winner.code if self.winner else ''} won")
        dealer = self.dealer
        if isinstance(entry, Redeal) and entry.passed and self.rules.dealer_must_bid:
            raise IllegalBidError(
                f"{dealer.code} deals and the others passed: the dealer must bid at least "
                f"{self.rules.min_bid}"
            )
        if isinstance(entry, Redeal):
            result = EntryResult(
                dealer, entry, None, self.totals, self.target, None, played=self.hands_played
            )
        else:
            result = self._score(dealer, entry)
        self.results.append(result)
        return result

    def pop(self) -> Entry:
        """Take back the last entry; raises IndexError when there is none."""
        return self.results.pop().entry

    def _score(self, dealer: Seat, hand: Hand) -> EntryResult:
        rules = self.rules
        hand.check(rules)
        outcome = hand.outcome(rules)
        revokes = tuple(hand.revokes(rules))
        before = self.totals
        score = score_hand(rules, hand.contract, outcome, before, self.target)
        totals = {t: before[t] + score.delta[t] for t in TEAMS}
        target = score.target
        played = self.hands_played + 1
        winner, rule, reason = self._end(hand, score, totals, played)
        return EntryResult(
            dealer,
            hand,
            score,
            totals,
            target,
            winner,
            revokes,
            reason,
            rule if winner else None,
            played,
        )

    def _end(
        self, hand: Hand, score: HandScore, totals: Mapping[Team, int], played: int
    ) -> tuple[Team | None, str, str]:
        """The end checks of RULES.md in order: (winner or None, the rule, a line)."""
        rules = self.rules
        bidders = hand.contract.team
        target = score.target
        if rules.kaiser_bid_wins and is_kaiser_bid(hand.contract):
            if score.made:
                return bidders, "kaiser_bid_wins", Message("end.kaiser_bid")
            if rules.kaiser_bid_loses:
                return (
                    bidders.other,
                    "kaiser_bid_loses",
                    Message("end.kaiser_bid_failed", team=bidders),
                )
        if score.five_wins is not None:
            return score.five_wins, "capped_five_wins", Message("end.capped_five")
        reached = [t for t in TEAMS if totals[t] >= target]
        if rules.bidder_must_go_out:
            reached = [t for t in reached if t is bidders and score.made]
        if rules.defenders_cannot_go_out:
            reached = [t for t in reached if t is bidders]
        if len(reached) == 2:
            high = max(TEAMS, key=lambda t: totals[t])
            if (
                rules.both_reach_target is BothReach.HIGHER_TOTAL
                and totals[high] > totals[high.other]
            ):
                return high, "both_reach_target", Message("end.both_reached_higher", target=target)
            return bidders, "target", Message("end.both_reached", target=target)
        if reached:
            return reached[0], "target", Message("end.reached", target=target)
        if rules.losing_total is not None:
            fallen = [t for t in TEAMS if totals[t] <= rules.losing_total]
            lose = rules.losing_total
            if len(fallen) == 2:
                return bidders.other, "losing_total", Message("end.both_fell", total=lose)
            if fallen:
                return (
                    fallen[0].other,
                    "losing_total",
                    Message("end.fell", team=fallen[0], total=lose),
                )
        limit = rules.max_hands
        if limit is not None and played >= limit and totals[Team.NS] != totals[Team.EW]:
            high = max(TEAMS, key=lambda t: totals[t])
            return high, "max_hands", Message("end.max_hands", played=played)
        return None, "", ""
