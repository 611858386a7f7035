"""The views of the screens a first frame does not show (``kaiser_core.views`` hands them out).

They are here so that a start-up creates only the classes of its first frame; the rules of
``kaiser_core.views`` hold for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from kaiser_core.base_views import ContractLabel, ListView, LiveContract, NewGameView, TeamScore
from kaiser_core.cards import Card, Seat, Suit


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


@dataclass(frozen=True)
class BidderView:
    """CONTRACT step 1: push toward the bidder; A redeal, B back."""

    dealer: Seat
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now


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


@dataclass(frozen=True)
class TricksView:
    """Per-trick entry: trick k of n, tricks per team, the specials, the marks."""

    contract: ContractLabel
    trick: int
    of: int
    tricks_ns: int
    tricks_ew: int
    five_with: Seat | None
    three_with: Seat | None
    mark_five: bool
    mark_three: bool
    live: LiveContract
    message: str = ""
    progress: str = ""  # under max_hands: "hand 7 of 10"
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class CardsView:
    """Card-reader entry: the cards of the trick so far and whose turn it is."""

    contract: ContractLabel
    trick: int
    of: int
    tricks_ns: int
    tricks_ew: int
    cards: tuple[tuple[Seat, Card], ...]  # (seat, card) in play order this trick
    next_seat: Seat
    last_trick: tuple[tuple[Seat, Card], ...]  # the previous trick, shown after it is scored
    last_winner: Seat | None
    live: LiveContract
    reader_online: bool
    revokes: tuple[str, ...] = ()
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class AskSpecialView:
    """After the last trick: who took 5♥ (or 3♠)? Push toward the seat."""

    card: Card  # 5♥ or 3♠
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class QuickView:
    """Per-hand entry: bidders' tricks and where the specials went."""

    contract: ContractLabel
    bidders_tricks: int
    of: int
    five: str  # "", "bidders" or "defenders"
    three: str
    message: str = ""
    progress: str = ""  # under max_hands: "hand 7 of 10"
    hint: tuple[str, ...] = ()  # what the keys do now
    live: LiveContract | None = None  # the count's points and MADE/SET, as on TRICKS


@dataclass(frozen=True)
class SummaryView:
    """The hand scored: raw points, made or set, changes and why, new totals."""

    contract: ContractLabel
    raw_ns: int
    raw_ew: int
    made: bool
    delta_ns: int
    delta_ew: int
    notes: tuple[str, ...]
    ns: TeamScore
    ew: TeamScore
    message: str = ""
    scroll: int = 0  # 0: the scores and the notes that fit; k: the notes from the k-th on
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class GameOverView:
    """The winner, final totals, skunk, series standings."""

    winner: TeamScore
    loser: TeamScore
    skunk: bool
    reason: str
    series: tuple[int, int] | None = None
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class MenuView:
    """The menu: items, the highlighted one."""

    items: tuple[str, ...]
    index: int
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class ClubWaitView:
    """Club mode, before a round: the event, the round awaited, the broker."""

    event: str
    waiting: str
    broker: str
    online: bool
    message: str = ""


@dataclass(frozen=True)
class ClubRoundView:
    """Club mode: the round's four players on their seats; push toward the first dealer."""

    title: str
    seats: Mapping[Seat, str]
    message: str = ""


@dataclass(frozen=True)
class RoundOverView:
    """Club mode: the round's result and its round scores (high first)."""

    title: str
    result: str
    rows: tuple[TeamScore, ...]
    hint: str
    message: str = ""


@dataclass(frozen=True)
class QuestionView:
    """A yes-or-no question ("New game?"): its lines, and what answers it."""

    title: str
    lines: tuple[str, ...]
    message: str = ""
    hint: tuple[str, ...] = ()  # the two answers: OK yes, B no


View = (
    NewGameView
    | ScoreView
    | BidderView
    | BidView
    | TricksView
    | CardsView
    | AskSpecialView
    | QuickView
    | SummaryView
    | GameOverView
    | MenuView
    | ListView
    | QuestionView
    | ClubWaitView
    | ClubRoundView
    | RoundOverView
)
