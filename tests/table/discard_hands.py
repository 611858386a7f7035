"""Hands of the widow and skat deals in which the bidder discarded a special (against the
rule), worked out by hand from RULES.md: the special is in no trick and scores for no one.

Each trick lists its cards in play order, the first from the leader (the bidder leads trick
1, each trick's winner the next). N deals and E bids: from SCORE the keys are OK, RIGHT (E),
then the bid.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DiscardHand:
    """A hand read card by card with some cards discarded, and what it scores."""

    profile: str  # "widow" or "skat"
    bid_keys: tuple[str, ...]  # after OK RIGHT: from the bid screen's minimum to the bid
    contract: dict[str, object]  # the record's contract
    trump: str
    discards: tuple[str, ...]
    tricks: tuple[tuple[str, str, str, str], ...]
    winners: str
    raw: dict[str, int]
    made: bool
    delta: dict[str, int]

    @property
    def cards(self) -> list[str]:
        """Every card in the order it is laid on the reader."""
        return [card for trick in self.tricks for card in trick]


# Widow: E takes the widow and discards 5H 7D 7C 8D; E bids 7 spades.
#   T1 E leads AS: AS 8S 9S TS, E's ace wins.
#   T2 E leads 3S: S's KS beats W's JS and N's QS: NS take 3S.
#   T3-T7: S leads and wins each (AH, KH, AC, AD, KD are the best of the suit led; no trump).
# NS: 6 tricks - 3 = 3; EW: 1 trick. 5H scores for no one: 3 + 1 = 4, not 9.
# EW bid 7 and have 1: set, -7; NS +3.
WIDOW_5H = DiscardHand(
    "widow",
    ("UP",),
    {"bidder": "E", "bid": 7, "no_trump": False},
    "S",
    ("5H", "7D", "7C", "8D"),
    (
        ("AS", "8S", "9S", "TS"),
        ("3S", "KS", "JS", "QS"),
        ("AH", "8H", "9H", "TH"),
        ("KH", "JH", "QH", "9D"),
        ("AC", "8C", "KC", "9C"),
        ("AD", "TD", "JD", "QD"),
        ("KD", "TC", "JC", "QC"),
    ),
    "ESSSSSS",
    {"NS": 3, "EW": 1},
    False,
    {"NS": 3, "EW": -7},
)

# Widow: E discards 3S 7D 7C 8D; E bids 7 spades.
#   T1 E's AS wins. T2 E leads QS, S's KS wins; N, out of spades, throws 5H: NS take it.
#   T3-T7 as above, all to S. NS: 6 + 5 = 11; EW: 1 (3S scores for no one): 12, not 9.
# EW set: -7; NS +11.
WIDOW_3S = DiscardHand(
    "widow",
    ("UP",),
    {"bidder": "E", "bid": 7, "no_trump": False},
    "S",
    ("3S", "7D", "7C", "8D"),
    (
        ("AS", "8S", "9S", "TS"),
        ("QS", "KS", "JS", "5H"),
        ("AH", "8H", "9H", "TH"),
        ("KH", "JH", "QH", "9D"),
        ("AC", "8C", "KC", "9C"),
        ("AD", "TD", "JD", "QD"),
        ("KD", "TC", "JC", "QC"),
    ),
    "ESSSSSS",
    {"NS": 11, "EW": 1},
    False,
    {"NS": 11, "EW": -7},
)

# Skat (34 cards, min bid 7): E discards 3S and 8D; E bids 7 hearts.
#   T1 AS, T2 KS, T3 AH (S's 5H falls: EW +5), T4 KH, T5 QH (a trump), T6 AC: E.
#   T7 E leads 7D, S's JD wins; T8 S leads 9C, E's TC wins.
# EW: 7 tricks + 5 = 12; NS: 1. EW made 7: +12; NS +1.
SKAT_3S = DiscardHand(
    "skat",
    ("RIGHT",),
    {"bidder": "E", "bid": 7, "no_trump": False},
    "H",
    ("3S", "8D"),
    (
        ("AS", "7S", "8S", "9S"),
        ("KS", "TS", "JS", "QS"),
        ("AH", "5H", "7H", "8H"),
        ("KH", "9H", "TH", "JH"),
        ("QH", "AD", "KD", "QD"),
        ("AC", "KC", "QC", "JC"),
        ("7D", "JD", "TD", "9D"),
        ("9C", "8C", "7C", "TC"),
    ),
    "EEEEEESE",
    {"NS": 1, "EW": 12},
    True,
    {"NS": 1, "EW": 12},
)

# Skat: E discards both specials; E bids 7 hearts. Every trick follows suit.
#   T1-T4 (spades, hearts) E's AS, TS, AH, TH win; T5 E leads 7D, S's AD wins;
#   T6 S's JD, T7 S's AC, T8 S's TC. 4 tricks each and no special: 4 and 4 (8, not 10).
# EW set: -7; NS +4.
SKAT_BOTH = DiscardHand(
    "skat",
    ("RIGHT",),
    {"bidder": "E", "bid": 7, "no_trump": False},
    "H",
    ("5H", "3S"),
    (
        ("AS", "KS", "QS", "JS"),
        ("TS", "9S", "8S", "7S"),
        ("AH", "KH", "QH", "JH"),
        ("TH", "9H", "8H", "7H"),
        ("7D", "AD", "KD", "QD"),
        ("JD", "TD", "9D", "8D"),
        ("AC", "KC", "QC", "JC"),
        ("TC", "9C", "8C", "7C"),
    ),
    "EEEESSSS",
    {"NS": 4, "EW": 4},
    False,
    {"NS": 4, "EW": -7},
)

HANDS = {"widow-5H": WIDOW_5H, "widow-3S": WIDOW_3S, "skat-3S": SKAT_3S, "skat-both": SKAT_BOTH}
