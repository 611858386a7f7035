"""Kaiser, the Canadian prairie trick-taking game: a pure rules and scoring core.

No I/O, no hardware, no clock, no threads: everything here is a value or a fold over values.
"""

from kaiser_core.bidding import Bid, Contract, auction
from kaiser_core.cards import DECK, FIVE_HEARTS, SKAT_PACK, THREE_SPADES, Card, Seat, Suit, Team
from kaiser_core.errors import KaiserError, RecordError
from kaiser_core.game import Game
from kaiser_core.hand import ByCard, ByTeam, ByTrick, Hand, Redeal
from kaiser_core.record import parse_record, record_json, score_record
from kaiser_core.rules import PROFILES, Rules, find_profile

__all__ = [
    "DECK",
    "FIVE_HEARTS",
    "PROFILES",
    "SKAT_PACK",
    "THREE_SPADES",
    "Bid",
    "ByCard",
    "ByTeam",
    "ByTrick",
    "Card",
    "Contract",
    "Game",
    "Hand",
    "KaiserError",
    "RecordError",
    "Redeal",
    "Rules",
    "Seat",
    "Suit",
    "Team",
    "auction",
    "find_profile",
    "parse_record",
    "record_json",
    "score_record",
]
