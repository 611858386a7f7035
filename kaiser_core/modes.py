"""How a hand's outcome is entered: per trick, per hand, or card by card from the reader."""

from __future__ import annotations

import enum


class Mode(enum.Enum):
    """How a hand's outcome is entered."""

    PER_TRICK = "per-trick"
    PER_HAND = "per-hand"
    READER = "card-reader"

    @property
    def label(self) -> str:
        """Menu label."""
        return {"per-trick": "per trick", "per-hand": "per hand", "card-reader": "card reader"}[
            self.value
        ]
