"""Numbers in URL paths (``/games/{game_id}``): at most 9 ASCII digits.

Starlette's ``{name:int}`` matches any run of digits and calls ``int()`` on it, inside
routing: ``/games/`` and 5,000 digits raised ValueError there (a 500 and a traceback in
the log). This convertor matches 1 to 9 digits, so a longer number matches no route: 404.
"""

from __future__ import annotations

from starlette.convertors import Convertor, register_url_convertor

#: 999,999,999 games, tables or rounds: more than a journal or an event holds.
DIGITS = 9


class Number(Convertor[int]):
    """A path number of 1 to ``DIGITS`` digits."""

    regex = f"[0-9]{{1,{DIGITS}}}"

    def convert(self, value: str) -> int:
        return int(value)

    def to_string(self, value: int) -> str:
        return str(int(value))


register_url_convertor("number", Number())


def num(name: str) -> str:
    """The path segment of the number ``name``: ``/games/{num('game_id')}``."""
    return "{" + name + ":number}"


__all__ = ["DIGITS", "Number", "num"]
