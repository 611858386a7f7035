"""Random legal hands for the property tests, played by a referee written apart from the core."""

from __future__ import annotations

import random
from dataclasses import dataclass

SEATS = "NESW"
ORDER = {r: i for i, r in enumerate("3578 9TJQKA".replace(" ", ""))}  # low to high


def beats(
    card: str, best: str, led: str, trump: str | None, low: bool, specials_low: bool = False
) -> bool:
    """Does ``card`` beat the trick's current ``best``? Plain text rules, no core code.

    With ``specials_low`` (low_specials = low) 5H and 3S rank just below the ace in a low hand.
    """

    def rank(c: str) -> int:
        value = ORDER["A"] + 1 if low and specials_low and c in ("5H", "3S") else ORDER[c[0]]
        return -value if low else value

    if trump and card[1] == trump and best[1] != trump:
        return True
    if card[1] != best[1]:
        return False
    return rank(card) > rank(best)


@dataclass
class PlayedHand:
    bidder: str
    trump: str | None
    low: bool
    tricks: list[list[str]]
    winners: list[str]
    five_hearts: str
    three_spades: str
    hands: dict[str, list[str]]


def deal_and_play(
    rng: random.Random,
    pack: list[str],
    bidder: str,
    trump: str | None,
    low: bool,
    cards_each: int = 8,
    revoke_chance: float = 0.0,
    specials_low: bool = False,
) -> PlayedHand:
    """Deal ``cards_each`` to each seat and play them legally (following suit when able)."""
    cards = pack[:]
    rng.shuffle(cards)
    hands = {s: cards[i * cards_each : (i + 1) * cards_each] for i, s in enumerate(SEATS)}
    start = {s: list(h) for s, h in hands.items()}
    leader = bidder
    tricks, winners = [], []
    five = three = ""
    for _ in range(cards_each):
        trick: list[str] = []
        order = [SEATS[(SEATS.index(leader) + i) % 4] for i in range(4)]
        for seat in order:
            hand = hands[seat]
            if trick:
                follow = [c for c in hand if c[1] == trick[0][1]]
                choices = follow or hand
                if follow and len(follow) < len(hand) and rng.random() < revoke_chance:
                    choices = [c for c in hand if c[1] != trick[0][1]]
            else:
                choices = hand
            card = rng.choice(choices)
            hand.remove(card)
            trick.append(card)
        best = 0
        for i in range(1, 4):
            if beats(trick[i], trick[best], trick[0][1], trump, low, specials_low):
                best = i
        winner = order[best]
        if "5H" in trick:
            five = winner
        if "3S" in trick:
            three = winner
        tricks.append(trick)
        winners.append(winner)
        leader = winner
    return PlayedHand(bidder, trump, low, tricks, winners, five, three, start)
