"""Screens as data: what each screen shows, with no pixels. ``hardware`` draws them.

Views carry values (``Card``, ``Seat``, ``Team``, numbers), not display text: the painters
format them. Text the core does say (``message``, the menu's items, list lines, warnings)
is a ``kaiser_core.messages.Message`` where the table makes it: a ``str`` with a key and
values. Every view carries ``message``: a one-line refusal or notice for the last key
("5♥ was taken in trick 3"), empty when there is none. Most carry ``hint``: what the
keys do now, a few messages for the bottom line; a ``hint.step`` message names a key and
what it does (``Message("hint.step", key="OK", what=Message("hint.contract"))``), any
other is plain text.

A view lives in the module named like the painter module that draws it
(``kaiser_core.views.contract.ScoreView`` is drawn by ``hardware/screens/contract.py``; a new
screen's view in ``kaiser_core/table/<name>.py`` by ``hardware/screens/<name>.py``); the
parts several views hold are in ``base``. Any frozen dataclass with a ``message`` is a view.
"""

from __future__ import annotations

from typing import Protocol


class View(Protocol):
    """What every view has: the one-line notice for the last key ("" when none)."""

    @property
    def message(self) -> str:
        """The notice, or ""."""
