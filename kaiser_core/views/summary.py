"""SUMMARY's view: the hand scored before it counts."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.views.base import ContractLabel, TeamScore


@dataclass(frozen=True)
class SummaryView:
    """The hand scored: raw points, made or set, changes and why, new totals."""

    contract: ContractLabel
    raw_ns: int
    raw_ew: int
    made: bool
    delta_ns: int
    delta_ew: int
    notes: tuple[str, ...]
    ns: TeamScore
    ew: TeamScore
    message: str = ""
    scroll: int = 0  # 0: the scores and the notes that fit; k: the notes from the k-th on
    hint: tuple[str, ...] = ()  # what the keys do now
