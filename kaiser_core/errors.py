"""The project's errors: one root, each saying exactly what was wrong and where.

Shaped like gpiozero's ``exc.py``: the root :class:`KaiserError` is a plain ``Exception``, so
that ``except KaiserError`` catches every error of the project and nothing else. Below it a
mistake in what came in (a card, a bid, a record, an option, a message) is also a
``ValueError`` (:class:`KaiserInputError`), and storage that cannot be used (a damaged,
foreign, full or read-only database, a closed pipe) is also an ``OSError``
(:class:`KaiserStorageError`): a damaged database is never taken for bad input.
"""

from __future__ import annotations


class KaiserError(Exception):
    """Root of every error of the project (``kaiser_core`` and ``hardware``)."""


class KaiserInputError(KaiserError, ValueError):
    """Invalid input: a card, a bid, a record, an option, a message; the user's to fix."""


class KaiserStorageError(KaiserError, OSError):
    """A file, a database or an output that cannot be used; never the input's fault."""


class IllegalBidError(KaiserInputError):
    """A call that the auction's rules do not allow."""


class IllegalPlayError(KaiserInputError):
    """Cards or tricks that cannot have happened (a card played twice, a wrong trick count)."""


class RulesError(KaiserInputError):
    """An unknown profile or option, or an option value out of range."""


class RecordError(KaiserInputError):
    """An invalid game record; names the hand (1-based, or None) and the field.

    >>> str(RecordError("five_hearts names EW, which took no trick", hand=3, field="five_hearts"))
    'hand 3: five_hearts names EW, which took no trick'
    """

    def __init__(self, message: str, *, hand: int | None = None, field: str | None = None):
        self.hand = hand
        self.field = field
        self.detail = message
        super().__init__(f"hand {hand}: {message}" if hand is not None else message)
