"""A yes/no question's view (NEW GAME?)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class QuestionView:
    """A yes-or-no question ("New game?"): its lines, and what answers it."""

    title: str
    lines: tuple[str, ...]
    message: str = ""
    hint: tuple[str, ...] = ()  # the two answers: OK yes, B no
