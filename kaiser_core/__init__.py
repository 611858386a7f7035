"""Kaiser, the Canadian prairie trick-taking game: a pure rules and scoring core.

No I/O, no hardware, no clock, no threads: everything here is a value or a fold over values.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # eager for type checkers; at run time each name loads on first use
    from kaiser_core.bidding import Bid, Contract, auction
    from kaiser_core.cards import DECK, FIVE_HEARTS, SKAT_PACK, THREE_SPADES, Card, Seat, Suit, Team
    from kaiser_core.errors import KaiserError, RecordError
    from kaiser_core.game import Game
    from kaiser_core.hand import ByCard, ByTeam, ByTrick, Hand, Redeal
    from kaiser_core.record import parse_record, record_json, score_record
    from kaiser_core.rules import PROFILES, Rules, find_profile

_WHERE = {
    "Bid": "kaiser_core.bidding",
    "ByCard": "kaiser_core.hand",
    "ByTeam": "kaiser_core.hand",
    "ByTrick": "kaiser_core.hand",
    "Card": "kaiser_core.cards",
    "Contract": "kaiser_core.bidding",
    "DECK": "kaiser_core.cards",
    "FIVE_HEARTS": "kaiser_core.cards",
    "Game": "kaiser_core.game",
    "Hand": "kaiser_core.hand",
    "KaiserError": "kaiser_core.errors",
    "PROFILES": "kaiser_core.rules",
    "RecordError": "kaiser_core.errors",
    "Redeal": "kaiser_core.hand",
    "Rules": "kaiser_core.rules",
    "SKAT_PACK": "kaiser_core.cards",
    "Seat": "kaiser_core.cards",
    "Suit": "kaiser_core.cards",
    "THREE_SPADES": "kaiser_core.cards",
    "Team": "kaiser_core.cards",
    "auction": "kaiser_core.bidding",
    "find_profile": "kaiser_core.rules",
    "parse_record": "kaiser_core.record",
    "record_json": "kaiser_core.record",
    "score_record": "kaiser_core.record",
}


def __getattr__(name: str) -> object:
    """Load a public name's module on first use (start-up stays short on a Pi); each module
    named in an import statement of its own (no loading by name in the core)."""
    where = _WHERE.get(name)
    if where == "kaiser_core.bidding":
        from kaiser_core import bidding

        return getattr(bidding, name)
    if where == "kaiser_core.cards":
        from kaiser_core import cards

        return getattr(cards, name)
    if where == "kaiser_core.errors":
        from kaiser_core import errors

        return getattr(errors, name)
    if where == "kaiser_core.game":
        from kaiser_core import game

        return getattr(game, name)
    if where == "kaiser_core.hand":
        from kaiser_core import hand

        return getattr(hand, name)
    if where == "kaiser_core.record":
        from kaiser_core import record

        return getattr(record, name)
    if where == "kaiser_core.rules":
        from kaiser_core import rules

        return getattr(rules, name)
    raise AttributeError(f"module 'kaiser_core' has no attribute {name!r}")


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
