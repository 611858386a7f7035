"""Two hands played card by card, worked out by hand from RULES.md.

Each trick lists its cards in play order, the first from the leader: the bidder leads
trick 1 and each trick's winner leads the next. The highest trump wins a trick; with no
trump in it, the highest card of the suit led.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayedHand:
    """A hand as the table plays it: the contract's keys, the cards, and what they make."""

    contract_keys: tuple[str, ...]  # from SCORE: OK, the bidder, the bid
    contract: dict[str, object]  # the record's contract
    trump: str | None
    tricks: tuple[tuple[str, str, str, str], ...]
    leaders: str  # the seat that leads each trick
    winners: str  # the seat that wins each trick
    raw: dict[str, int]
    delta: dict[str, int]
    totals: dict[str, int]
    revokes: tuple[dict[str, object], ...] = ()

    @property
    def cards(self) -> list[str]:
        """Every card in the order it is laid on the reader."""
        return [card for trick in self.tricks for card in trick]

    @property
    def plays(self) -> list[list[str]]:
        """The record's ``plays`` form."""
        return [list(trick) for trick in self.tricks]


# Hand 1. N deals; E wins the bidding with 7 hearts and leads.
#   E holds AS QS AH KH 9D 8D 8C JC    S holds 3S JS 9H TH AD KD KC 9C
#   W holds 8S TS 5H JH 7D QD AC TC    N holds KS 9S 8H QH TD JD 7C QC
# Every seat follows suit every time: no revoke.
HAND_1 = PlayedHand(
    contract_keys=("OK", "RIGHT", "UP", "RIGHT", "OK"),  # bid won by E; 6 -> 7; spades -> hearts
    contract={"bidder": "E", "bid": 7, "no_trump": False},
    trump="H",
    tricks=(
        ("AS", "3S", "8S", "KS"),  # E leads the ace: E wins, and takes 3♠ from S
        ("9D", "AD", "7D", "TD"),  # S's ace of diamonds wins
        ("KC", "AC", "7C", "8C"),  # S leads K♣, W's ace wins
        ("5H", "8H", "AH", "9H"),  # W leads 5♥ into trumps: E's A♥ wins it (+5 for EW)
        ("QS", "JS", "TS", "9S"),  # E's Q♠ is the best spade left
        ("8D", "KD", "QD", "JD"),  # S's K♦ wins
        ("9C", "TC", "QC", "JC"),  # S leads 9♣, N's Q♣ wins
        ("QH", "KH", "TH", "JH"),  # N leads Q♥, E's K♥ wins the last trick
    ),
    leaders="EESWEESN",
    winners="ESWEESNE",
    # EW: 5 tricks (E 4, W 1) + 5♥ - 3♠ = 7, the bid: made. NS: 3 tricks = 3.
    raw={"NS": 3, "EW": 7},
    delta={"NS": 3, "EW": 7},
    totals={"NS": 3, "EW": 7},
)

# Hand 2. E deals; W wins the bidding with 8 spades and leads.
#   W holds AS KS AH QH AD 8D TC 8C    N holds 9S TS 8H 5H KD TD 9D JC
#   E holds JS 3S KH JH 7D AC 9C 7C    S holds QS 8S TH 9H QD JD KC QC
# In trick 3 E plays 7♦ on a spade lead while holding J♠, which E trumps with in trick 5:
# E revoked in trick 3. The revoke is listed; the score is not changed.
HAND_2 = PlayedHand(
    contract_keys=("OK", "LEFT", "UP", "UP", "OK"),  # bid won by W; 6 -> 8; spades
    contract={"bidder": "W", "bid": 8, "no_trump": False},
    trump="S",
    tricks=(
        ("AS", "9S", "3S", "8S"),  # W's A♠ wins, with 3♠ from E (-3 for EW)
        ("AH", "8H", "KH", "9H"),  # W's A♥ wins
        ("KS", "TS", "7D", "QS"),  # W's K♠ wins; E does not follow spades: the revoke
        ("QH", "5H", "JH", "TH"),  # W's Q♥ is the best heart left, and takes 5♥ from N
        ("AD", "KD", "JS", "QD"),  # E trumps the ace of diamonds with J♠: E wins
        ("9C", "KC", "8C", "JC"),  # E leads 9♣, S's K♣ wins
        ("JD", "8D", "TD", "7C"),  # S's J♦ wins; E, out of diamonds, throws 7♣
        ("QC", "TC", "9D", "AC"),  # S leads Q♣, E's A♣ wins the last trick
    ),
    leaders="WWWWWESS",
    winners="WWWWESSE",
    # EW: 6 tricks + 5♥ - 3♠ = 8, the bid: made. NS: 2 tricks = 2.
    raw={"NS": 2, "EW": 8},
    delta={"NS": 2, "EW": 8},
    totals={"NS": 5, "EW": 15},
    revokes=({"seat": "E", "trick": 3},),
)

#: The card whose reading shows E's revoke in hand 2 (trick 5, third card), by index.
REVOKE_SHOWN_AT = 18
