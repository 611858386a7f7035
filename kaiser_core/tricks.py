"""Tricks: who wins four cards, and who revoked over a hand.

>>> from kaiser_core.cards import Card, Suit
>>> cards = [Card.from_code(c) for c in ("AH", "8H", "5H", "KH")]
>>> trick_winner(cards, leader=Seat.N, trump=Suit.D)
Seat.N
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Card, Seat, Suit

ACE_STRENGTH = 14


def _power(
    card: Card, led: Suit, trump: Suit | None, low: bool, specials_low: bool
) -> tuple[int, int]:
    strength = card.strength
    if low and specials_low and card in (FIVE_HEARTS, THREE_SPADES):
        strength = ACE_STRENGTH + 1  # ranks below the ace once the order is reversed
    strength = -strength if low else strength
    if trump is not None and card.suit is trump:
        return (2, strength)
    if card.suit is led:
        return (1, strength)
    return (0, 0)


def winning_index(
    cards: Sequence[Card], trump: Suit | None, low: bool = False, specials_low: bool = False
) -> int:
    """Index of the winning card among cards in play order (the first was led)."""
    led = cards[0].suit
    powers = [_power(c, led, trump, low, specials_low) for c in cards]
    return max(range(len(cards)), key=lambda i: powers[i])


def trick_winner(
    cards: Sequence[Card],
    leader: Seat,
    trump: Suit | None,
    low: bool = False,
    specials_low: bool = False,
) -> Seat:
    """The seat that wins ``cards`` (in play order from ``leader``).

    The highest trump wins; without trump, the highest card of the led suit. With ``low``
    the rank order is reversed in every suit (trump still beats the side suits); with
    ``specials_low`` too (``low_specials`` = ``low``) 5♥ and 3♠ rank just below the ace,
    the lowest of their suits, instead of the highest.

    >>> cards = [Card.from_code(c) for c in ("8H", "5H", "AH", "9H")]
    >>> trick_winner(cards, Seat.N, None, low=True), trick_winner(cards, Seat.N, None, True, True)
    (Seat.E, Seat.N)
    """
    return leader.after(winning_index(cards, trump, low, specials_low))


@dataclass(frozen=True)
class Revoke:
    """A seat that failed to follow suit in a trick while holding the suit."""

    seat: Seat
    trick: int  # 1-based

    def to_json(self) -> dict[str, object]:
        """``{"seat": "E", "trick": 3}``."""
        return {"seat": self.seat.code, "trick": self.trick}


def find_revokes(tricks: Sequence[tuple[Seat, Sequence[Card]]]) -> list[Revoke]:
    """Revokes in a hand given each trick's leader and cards in play order.

    A seat revoked in trick t when it did not follow the led suit there but plays a card of
    that suit in a later trick. One entry per trick and seat, in trick then play order.
    """
    played: list[list[tuple[Seat, Card]]] = [
        [(leader.after(i), card) for i, card in enumerate(cards)] for leader, cards in tricks
    ]
    last: dict[tuple[Seat, Suit], int] = {}  # the last trick each seat played each suit in
    for t, trick in enumerate(played):
        for seat, card in trick:
            last[seat, card.suit] = t
    found: list[Revoke] = []
    for t, trick in enumerate(played):
        led = trick[0][1].suit
        for seat, card in trick[1:]:
            if card.suit is not led and last.get((seat, led), -1) > t:
                found.append(Revoke(seat, t + 1))
    return found
