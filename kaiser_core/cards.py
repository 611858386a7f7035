"""Seats, teams, suits, ranks and cards of the Kaiser pack.

>>> Card.from_code("5H")
Card.from_code('5H')
>>> Card.from_code("10H").code
'TH'
>>> Seat.N.next, Seat.N.team
(Seat.E, Team.NS)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from kaiser_core.errors import KaiserInputError


class Team(enum.Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def code(self) -> str:
        """The team's code, ``NS`` or ``EW``."""
        return self.value

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team.EW if self is Team.NS else Team.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the team."""
        return (Seat.N, Seat.S) if self is Team.NS else (Seat.E, Seat.W)

    @classmethod
    def from_code(cls, code: str) -> Team:
        """The team for ``NS`` or ``EW``; raises KaiserError otherwise."""
        try:
            return cls(code)
        except ValueError:
            raise KaiserInputError(f"{code!r} is not a team (NS or EW)") from None

    def __repr__(self) -> str:
        return f"Team.{self.value}"


class Seat(enum.Enum):
    """A seat at the table, clockwise N, E, S, W; partners sit opposite."""

    N = "N"
    E = "E"
    S = "S"
    W = "W"

    @property
    def code(self) -> str:
        """The seat's letter."""
        return self.value

    @property
    def index(self) -> int:
        """0 to 3, clockwise from North."""
        return _SEAT_ORDER.index(self)

    @property
    def next(self) -> Seat:
        """The seat to the left, next clockwise: the next dealer, the next to play."""
        return _SEAT_ORDER[(self.index + 1) % 4]

    def after(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEAT_ORDER[(self.index + steps) % 4]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return self.after(2)

    @property
    def team(self) -> Team:
        """The seat's partnership."""
        return Team.NS if self in (Seat.N, Seat.S) else Team.EW

    @classmethod
    def from_code(cls, code: str) -> Seat:
        """The seat for ``N``, ``E``, ``S`` or ``W``; raises KaiserError otherwise."""
        try:
            return cls(code)
        except ValueError:
            raise KaiserInputError(f"{code!r} is not a seat (N, E, S or W)") from None

    def __repr__(self) -> str:
        return f"Seat.{self.value}"


_SEAT_ORDER: tuple[Seat, ...] = (Seat.N, Seat.E, Seat.S, Seat.W)
SEATS = _SEAT_ORDER
TEAMS: tuple[Team, ...] = (Team.NS, Team.EW)


class Suit(enum.Enum):
    """A suit; ``symbol`` is its card symbol."""

    S = "S"
    H = "H"
    D = "D"
    C = "C"

    @property
    def code(self) -> str:
        """The suit's letter."""
        return self.value

    @property
    def symbol(self) -> str:
        """The suit's symbol, e.g. ``♠``."""
        return _SUIT_SYMBOLS[self]

    @classmethod
    def from_code(cls, code: str) -> Suit:
        """The suit for ``S``, ``H``, ``D`` or ``C``; raises KaiserError otherwise."""
        try:
            return cls(code)
        except ValueError:
            raise KaiserInputError(f"{code!r} is not a suit (S, H, D or C)") from None

    def __repr__(self) -> str:
        return f"Suit.{self.value}"


_SUIT_SYMBOLS = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}
SUITS: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)

#: Rank letters, highest first; the strength of a rank is its face value (A=14 ... 3=3).
RANKS = "AKQJT98753"
_RANK_VALUE = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9, "8": 8, "7": 7, "5": 5, "3": 3}


@dataclass(frozen=True, order=False)
class Card:
    """One card: a rank letter (``A K Q J T 9 8 7 5 3``) and a suit."""

    rank: str
    suit: Suit
    # Hashed once: a hand given card by card looks its 32 cards up in sets several times,
    # and the generated hash (a tuple of the rank and the enum) was most of scoring it.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rank not in _RANK_VALUE:
            raise KaiserInputError(f"{self.rank!r} is not a rank (A K Q J T 9 8 7 5 3)")
        object.__setattr__(self, "_hash", hash((self.rank, self.suit.value)))

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def from_code(cls, code: str) -> Card:
        """Parse ``AS``, ``TH`` or ``10H``; raises KaiserError for anything else.

        Whether the card is in the pack in use is the pack's question, not this one's.
        """
        if not isinstance(code, str) or len(code) not in (2, 3):
            raise KaiserInputError(f"{code!r} is not a card (rank then suit, like AS or 5H)")
        rank, suit = code[:-1], code[-1]
        if rank == "10":
            rank = "T"
        if rank not in _RANK_VALUE or suit not in "SHDC":
            raise KaiserInputError(f"{code!r} is not a card (rank then suit, like AS or 5H)")
        known = _CARDS.get(rank + suit)
        if known is None:
            known = _CARDS[rank + suit] = cls(rank, Suit(suit))
        return known

    @property
    def code(self) -> str:
        """The two-letter code, e.g. ``TH``."""
        return self.rank + self.suit.value

    @property
    def strength(self) -> int:
        """Rank strength in the normal order, higher wins (A=14 ... 3=3)."""
        return _RANK_VALUE[self.rank]

    @property
    def points(self) -> int:
        """The card's own points: +5 for 5♥, -3 for 3♠, 0 otherwise."""
        if self == FIVE_HEARTS:
            return 5
        if self == THREE_SPADES:
            return -3
        return 0

    @property
    def label(self) -> str:
        """A human label, e.g. ``10♥``."""
        return ("10" if self.rank == "T" else self.rank) + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.from_code({self.code!r})"

    def __str__(self) -> str:
        return self.code


#: Cards made by ``from_code``, one per code: equal cards are the same object, found at once.
_CARDS: dict[str, Card] = {}
FIVE_HEARTS = Card("5", Suit.H)
THREE_SPADES = Card("3", Suit.S)


def _pack(low_cards: dict[Suit, tuple[str, ...]]) -> tuple[Card, ...]:
    return tuple(
        Card(rank, suit) for suit in SUITS for rank in ("A", "K", "Q", "J", "T", "9", "8")
    ) + tuple(Card(rank, suit) for suit in SUITS for rank in low_cards[suit])


#: The 32-card Kaiser deck: 8 to A in each suit, plus 7♦, 7♣, 5♥ and 3♠.
DECK: tuple[Card, ...] = _pack({Suit.S: ("3",), Suit.H: ("5",), Suit.D: ("7",), Suit.C: ("7",)})
#: The 34-card pack of the skat deal: the deck plus 7♥ and 7♠.
SKAT_PACK: tuple[Card, ...] = _pack(
    {Suit.S: ("7", "3"), Suit.H: ("7", "5"), Suit.D: ("7",), Suit.C: ("7",)}
)

_DECK_SET = frozenset(DECK)
_SKAT_SET = frozenset(SKAT_PACK)


def pack_set(pack: tuple[Card, ...]) -> frozenset[Card]:
    """``pack`` as a set, made once for the two packs (every hand given by card asks)."""
    if pack is DECK:
        return _DECK_SET
    return _SKAT_SET if pack is SKAT_PACK else frozenset(pack)
