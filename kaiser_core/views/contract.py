"""The contract's views: SCORE, BIDDER, BID."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import Seat, Suit
from kaiser_core.views.base import TeamScore


@dataclass(frozen=True)
class ScoreView:
    """Both totals, large; the dealer, who bids first, warnings that matter."""

    ns: TeamScore
    ew: TeamScore
    dealer: Seat
    first_bidder: Seat
    target: int
    hand_number: int
    warnings: tuple[str, ...] = ()
    series: tuple[int, int] | None = None  # NS, EW standings over finished games
    message: str = ""
    progress: str = ""  # under max_hands: "hand 7 of 10" (or "hand 11: tie, play on")
    last: str = ""  # the last hand's result: "last: NS 8♥ made +8/-2"
    hint: tuple[str, ...] = ()  # what the keys do now
    tips: tuple[str, ...] = ()  # a game's first hands: hold B to undo, hold OK for the menu


@dataclass(frozen=True)
class BidderView:
    """CONTRACT step 1: push toward the bidder; A redeal, B back."""

    dealer: Seat
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now
    tips: tuple[str, ...] = ()  # a game's first hands: hold B to undo, hold OK for the menu


@dataclass(frozen=True)
class BidView:
    """CONTRACT step 2: the bid number and trump (None = NT), low when allowed."""

    bidder: Seat
    number: int
    trump: Suit | None
    low: bool
    low_allowed: bool
    minimum: int
    message: str = ""
    nt_low: bool = False  # NT low is a place of its own in the trump cycle
    hint: tuple[str, ...] = ()  # what the keys do now
    lead_trump: bool = False  # trump_by_first_lead: the cycle is first lead -> NT
