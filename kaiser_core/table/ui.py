"""The UI state that is not an entry (screen, screen stack, cursors), and a key's ``Change``.

``Ui`` is journaled as JSON. Each screen module owns some of its fields (its ``owns``;
a screen added later keeps its cursors in ``extra``, JSON values by name);
``stack`` holds the screens under an overlay (the menu, its lists, teach mode), bottom
first. A ``Ui`` stored by older code (with ``back`` instead of ``stack``) reads back to
the same screen. A ``Message`` keeps its key and values through the journal.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kaiser_core.cards import Seat
from kaiser_core.entries import Mode, TableEntry
from kaiser_core.errors import KaiserError
from kaiser_core.messages import Message
from kaiser_core.rules import Rules
from kaiser_core.table.requests import Request
from kaiser_core.table.screen import Screen

#: Old overlays one step above the menu: their ``back`` was the menu's.
_ABOVE_MENU = ("list", "confirm-new", "teach")


@dataclass(frozen=True)
class Ui:
    """The UI state that is not an entry: screen, overlay stack and cursors."""

    screen: Screen = Screen.NEW_GAME
    bidder: Seat | None = None
    number: int = 6
    trump: int = 0  # index into entries.TRUMP_CYCLE
    low: bool = False
    bid_before_nt: int = 0  # the number NT raised to its minimum (0: none), for the way back
    mark_five: bool = False
    mark_three: bool = False
    quick_tricks: int = 4
    quick_five: str = ""
    quick_three: str = ""
    menu_index: int = 0
    stack: tuple[Screen, ...] = ()  # the screens under an overlay, bottom first
    list_kind: str = ""
    list_index: int = 0
    teach_index: int = 0
    mode: Mode = Mode.PER_TRICK
    flipped: bool = False
    message: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)  # added screens

    @property
    def base(self) -> Screen:
        """The screen under every overlay (the screen itself when none is open)."""
        return self.stack[0] if self.stack else self.screen

    @property
    def back(self) -> Screen:
        """The screen an overlay returns to (SCORE when none is below)."""
        return self.stack[-1] if self.stack else Screen.SCORE

    def to_json(self) -> dict[str, Any]:
        """JSON for the journal."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name == "stack":
                value = [s.value for s in value]
            elif isinstance(value, (enum.Enum, Screen)):
                value = value.value
            elif f.name == "extra":
                value = dict(value)
            out[f.name] = value
        if isinstance(self.message, Message):
            out["message_id"] = self.message.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> Ui:
        """Read back ``to_json`` (or an older form); bad fields fall back to their defaults."""
        if not isinstance(data, dict):
            return cls()
        ui = cls()
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(ui, f.name)
            try:
                if f.name == "stack":
                    changes[f.name] = tuple(Screen(v) for v in value)
                elif isinstance(default, (enum.Enum, Screen)):
                    changes[f.name] = type(default)(value)
                elif f.name == "bidder":
                    changes[f.name] = None if value is None else Seat(value)
                elif f.name == "extra":
                    changes[f.name] = dict(value) if isinstance(value, dict) else {}
                elif type(value) is type(default):
                    changes[f.name] = value
            except (TypeError, ValueError):
                continue
        if "stack" not in data and "back" in data:
            changes.update(_old_back(data))
        if "message_id" in data:
            with contextlib.suppress(KaiserError):
                changes["message"] = Message.from_json(data["message_id"])
        return dataclasses.replace(ui, **changes)


def _old_back(data: dict[str, Any]) -> dict[str, Any]:
    """The stack an older ``back`` field meant, for the overlay it was saved on."""
    try:
        back = Screen(data["back"])
    except (TypeError, ValueError):
        return {}
    screen = data.get("screen")
    if screen == "menu":
        return {"stack": (back,)}
    if screen in _ABOVE_MENU:
        return {"stack": (back, Screen.MENU)}
    return {}


@dataclass
class Change:
    """What one key did: entries appended, entries dropped (undo), UI changed, requests."""

    append: list[TableEntry] = field(default_factory=list)
    drop: int = 0
    ui: bool = False
    new_game: Rules | None = None  # start a new game under these rules (with a Start)
    abandon: bool = False  # the current game is left unfinished
    request: Request | None = None  # for the hardware: ShutDown(), Teach(card), Flip(), SayScore()

    @property
    def stored(self) -> bool:
        """True when something must be journaled."""
        return bool(self.append or self.drop or self.ui or self.new_game or self.abandon)
