"""Requests from the table to the hardware: typed values, handled by type.

A key may ask the world for something the core cannot do itself: power the device off,
have the card reader learn a tag, turn the picture upside down, say the score aloud.
``Change.request`` holds at most one of these; the service matches on the type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from kaiser_core.cards import Card


@dataclass(frozen=True)
class ShutDown:
    """Power the device off (the menu's Shut down)."""


@dataclass(frozen=True)
class Teach:
    """Ask the card reader to learn the next unknown tag as ``card``."""

    card: Card


@dataclass(frozen=True)
class Flip:
    """The menu's Flip display: the picture is turned by 180 degrees (``flipped``) or not.

    It carries the state, not a toggle: a request the display missed cannot leave the
    picture the wrong way round for every flip after it."""

    flipped: bool = True


@dataclass(frozen=True)
class SayScore:
    """Say the score aloud again (a long press of A; the voice answers, if there is one)."""


Request: TypeAlias = ShutDown | Teach | Flip | SayScore
