"""Card-reader entry's view."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import Card, Seat
from kaiser_core.views.base import ContractLabel, LiveContract


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
