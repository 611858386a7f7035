"""QUICK's view: per-hand entry."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.views.base import ContractLabel, LiveContract


@dataclass(frozen=True)
class QuickView:
    """Per-hand entry: bidders' tricks and where the specials went."""

    contract: ContractLabel
    bidders_tricks: int
    of: int
    five: str  # "", "bidders" or "defenders"
    three: str
    message: str = ""
    progress: str = ""  # under max_hands: "hand 7 of 10"
    hint: tuple[str, ...] = ()  # what the keys do now
    live: LiveContract | None = None  # the count's points and MADE/SET, as on TRICKS
