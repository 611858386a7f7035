"""Players are names: unique within an event, 1 to 24 characters, any script.

>>> check_names(["Ann", "Bob"], "event.players")
('Ann', 'Bob')
>>> pair_name(("Ann", "Bob"))
'Ann & Bob'
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from kaiser_core.club.errors import EventError

MAX_NAME = 24


def check_name(value: object, where: str) -> str:
    """One name in Unicode's NFC (a decomposed "Zoë", as macOS writes it, is the same name
    and draws as one letter on the table's display), or EventError naming ``where``."""
    if isinstance(value, str):
        value = unicodedata.normalize("NFC", value)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise EventError(f"{where} must be a name of 1 to {MAX_NAME} characters, not {value!r}")
    if value != value.strip() or any(not ch.isprintable() for ch in value):
        raise EventError(f"{where}: {value!r} has spaces at an end or an unprintable character")
    return value


def check_names(values: object, where: str) -> tuple[str, ...]:
    """A list of unique names, or EventError naming the first bad one."""
    if not isinstance(values, list):
        raise EventError(f"{where} must be a list of names")
    names = tuple(check_name(v, f"{where}[{i + 1}]") for i, v in enumerate(values))
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise EventError(f"{where}: {name!r} is listed twice (names must be unique)")
        seen.add(name)
    return names


def pair_name(pair: Sequence[str]) -> str:
    """A pair's name in the standings: ``"Ann & Bob"``."""
    return " & ".join(pair)
