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
from kaiser_core.errors import KaiserError
from kaiser_core.hand import Entry, Hand, Redeal
from kaiser_core.messages import Message
from kaiser_core.rules import MAX_BID, Rules
from kaiser_core.scoring import HandScore, score_hand
from kaiser_core.tricks import Revoke


class GameOverError(KaiserError):
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
        """Played hands so far (redeals not counted)."""
        return sum(1 for r in self.results if isinstance(r.entry, Hand))

    def at_cap(self, team: Team) -> bool:
        """True when ``team`` would defend at the cap (cannot add positive points)."""
        cap = self.rules.defender_cap_at
        return cap is not None and self.totals[team] >= cap

    # -- entries --------------------------------------------------------------------------
    def push(self, entry: Entry) -> EntryResult:
        """Add an entry and score it; raises KaiserError (nothing changes) when it is invalid."""
        if self.over:
            raise GameOverError(f"the game is over: {self.winner.code if self.winner else ''} won")
        dealer = self.dealer
        if isinstance(entry, Redeal):
            result = EntryResult(dealer, entry, None, self.totals, self.target, None)
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
        score = score_hand(rules, hand.contract, outcome, before)
        totals = {t: before[t] + score.delta[t] for t in TEAMS}
        target = self.target
        if rules.target_after_nt is not None and hand.contract.bid.no_trump and score.made:
            target = max(target, rules.target_after_nt)
        winner, reason = self._end(hand, score, totals, target)
        return EntryResult(dealer, hand, score, totals, target, winner, revokes, reason)

    def _end(
        self, hand: Hand, score: HandScore, totals: Mapping[Team, int], target: int
    ) -> tuple[Team | None, str]:
        rules = self.rules
        bidders = hand.contract.team
        bid = hand.contract.bid
        if rules.kaiser_bid_wins and score.made and bid.no_trump and bid.number == MAX_BID:
            return bidders, Message("end.kaiser_bid")
        reached = [t for t in TEAMS if totals[t] >= target]
        if rules.bidder_must_go_out:
            reached = [t for t in reached if t is bidders and score.made]
        if len(reached) == 2:
            return bidders, Message("end.both_reached", target=target)
        if reached:
            return reached[0], Message("end.reached", target=target)
        if rules.losing_total is not None:
            fallen = [t for t in TEAMS if totals[t] <= rules.losing_total]
            if len(fallen) == 2:
                return bidders.other, Message("end.both_fell", total=rules.losing_total)
            if fallen:
                return fallen[0].other, Message(
                    "end.fell", team=fallen[0], total=rules.losing_total
                )
        return None, ""
