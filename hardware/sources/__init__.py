"""Input sources: each puts events on the scorer's queue (or runs a timer of its loop)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from hardware.scorer import Scorer


class Source(Protocol):
    """Something that feeds the main loop: started before it runs, closed after it ends."""

    name: str

    def start(self, scorer: Scorer) -> None:
        """Begin putting events on ``scorer`` (may raise when the device is missing)."""

    def close(self) -> None:
        """Stop putting events; release the device."""
