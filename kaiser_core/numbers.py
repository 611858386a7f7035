"""Whole numbers written as text by someone else: ASCII digits, and not too many of them.

``str.isdigit()`` also accepts ``²`` and ``٣`` (which ``int()`` refuses or reads), and
``int()`` of more than 4,300 digits raises ValueError (CPython's guard against quadratic
time). Every number parsed from outside text (a record's bid, a port, a URL's game number,
an environment variable) goes through :func:`whole` with the most digits it can have.

>>> whole("12", 2), whole("123", 2), whole("8²", 5), whole("", 5)
(12, None, None, None)
"""

from __future__ import annotations


def whole(text: str, digits: int) -> int | None:
    """``text`` as a whole number of 1 to ``digits`` ASCII digits; None for anything else."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


__all__ = ["whole"]
