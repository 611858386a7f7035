"""The project's errors: one root, each saying exactly what was wrong and where."""

from __future__ import annotations


class KaiserError(ValueError):
    """Root of every error about invalid Kaiser input (a card, a bid, a record, an option)."""


class IllegalBidError(KaiserError):
    """A call that the auction's rules do not allow."""


class IllegalPlayError(KaiserError):
    """Cards or tricks that cannot have happened (a card played twice, a wrong trick count)."""


class RulesError(KaiserError):
    """An unknown profile or option, or an option value out of range."""


class RecordError(KaiserError):
    """An invalid game record; names the hand (1-based, or None) and the field.

    >>> str(RecordError("five_hearts names EW, which took no trick", hand=3, field="five_hearts"))
    'hand 3: five_hearts names EW, which took no trick'
    """

    def __init__(self, message: str, *, hand: int | None = None, field: str | None = None):
        self.hand = hand
        self.field = field
        self.detail = message
        super().__init__(f"hand {hand}: {message}" if hand is not None else message)
