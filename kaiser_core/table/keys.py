"""The logical keys, and the one map from joystick directions to seats every layer uses.

>>> seat_for(Key.RIGHT), key_for(Seat.W)
(Seat.E, <Key.LEFT: 'LEFT'>)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from kaiser_core.cards import Seat
from kaiser_core.errors import KaiserError


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
            raise KaiserError(f"unknown key {name!r} (keys are {names})") from None


#: Joystick directions point at seats: UP = N, RIGHT = E, DOWN = S, LEFT = W.
SEAT_OF_DIRECTION: Mapping[Key, Seat] = {
    Key.UP: Seat.N,
    Key.RIGHT: Seat.E,
    Key.DOWN: Seat.S,
    Key.LEFT: Seat.W,
}
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
