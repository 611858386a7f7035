"""The views of the menu and its yes-or-no questions.

``kaiser_core.views`` hands them out, when first asked for; its rules hold for them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MenuView:
    """The menu: items, the highlighted one."""

    items: tuple[str, ...]
    index: int
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class QuestionView:
    """A yes-or-no question ("New game?"): its lines, and what answers it."""

    title: str
    lines: tuple[str, ...]
    message: str = ""
    hint: tuple[str, ...] = ()  # the two answers: OK yes, B no
