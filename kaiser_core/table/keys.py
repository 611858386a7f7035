"""The logical keys, and the one map from joystick directions to seats every layer uses.

>>> seat_for(Key.RIGHT), key_for(Seat.W)
(Seat.E, <Key.LEFT: 'LEFT'>)

With the picture flipped (the menu's Flip display) the joystick turns with it for the one
reading it, except where a direction points at a seat, which stays the table's:

>>> as_read(Key.UP, Screen.MENU, flipped=True), as_read(Key.UP, Screen.TRICKS, flipped=True)
(<Key.DOWN: 'DOWN'>, <Key.UP: 'UP'>)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from kaiser_core.cards import Seat
from kaiser_core.errors import KaiserInputError
from kaiser_core.table.screen import Screen


class Key(enum.Enum):
    """A logical key: the joystick, A, B, and the long presses."""

    UP = "UP"
    DOWN = "DOWN"
    LEFT = "LEFT"
    RIGHT = "RIGHT"
    OK = "OK"
    A = "A"
    B = "B"
    HOLD_OK = "HOLD-OK"
    HOLD_A = "HOLD-A"
    HOLD_B = "HOLD-B"

    @classmethod
    def from_name(cls, name: str) -> Key:
        """The key for ``UP`` ... ``HOLD-B``; raises KaiserError for an unknown name."""
        try:
            return cls(name)
        except ValueError:
            names = " ".join(k.value for k in cls)
            raise KaiserInputError(f"unknown key {name!r} (keys are {names})") from None


#: Joystick directions point at seats: UP = N, RIGHT = E, DOWN = S, LEFT = W.
SEAT_OF_DIRECTION: Mapping[Key, Seat] = {
    Key.UP: Seat.N,
    Key.RIGHT: Seat.E,
    Key.DOWN: Seat.S,
    Key.LEFT: Seat.W,
}
#: The four direction keys (each names a seat: ``SEAT_OF_DIRECTION``).
DIRECTIONS: tuple[Key, ...] = tuple(SEAT_OF_DIRECTION)
#: The direction that points at each seat (the inverse of ``SEAT_OF_DIRECTION``).
DIRECTION_OF_SEAT: Mapping[Seat, Key] = {seat: key for key, seat in SEAT_OF_DIRECTION.items()}
#: The old name of ``SEAT_OF_DIRECTION``.
DIRECTION_SEAT = SEAT_OF_DIRECTION


def seat_for(key: Key) -> Seat | None:
    """The seat a joystick direction points at, None for the other keys."""
    return SEAT_OF_DIRECTION.get(key)


def key_for(seat: Seat) -> Key:
    """The joystick direction that points at ``seat``."""
    return DIRECTION_OF_SEAT[seat]


#: The screens where a direction points at a seat (TABLE.md: "push toward" the dealer, the
#: bidder, a trick's winner, who took 5♥ / 3♠). There the joystick stays tied to the
#: table when the picture is flipped; everywhere else it moves what the reader sees.
SEAT_SCREENS: set[Screen] = {
    Screen.NEW_GAME,
    Screen.BIDDER,
    Screen.TRICKS,
    Screen.ASK_FIVE,
    Screen.ASK_THREE,
}
#: A direction as seen from the other side of the table.
TURNED: Mapping[Key, Key] = {
    Key.UP: Key.DOWN,
    Key.DOWN: Key.UP,
    Key.LEFT: Key.RIGHT,
    Key.RIGHT: Key.LEFT,
}


def as_read(key: Key, screen: Screen, flipped: bool) -> Key:
    """The key as the reader of the picture means it on ``screen``.

    Flipped, the reader sits across the table: their "up" is the joystick's DOWN and their
    "right" its LEFT, so those turn, except on ``SEAT_SCREENS``. The other keys never turn.
    """
    if not flipped or screen in SEAT_SCREENS:
        return key
    return TURNED.get(key, key)
