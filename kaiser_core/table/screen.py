"""Where the table is: a ``Screen`` names one, like an enum that new screens can join.

The built-in screens are class attributes (``Screen.SCORE``); ``Screen.define`` adds one
(a screen module of a later issue, or a test's demo screen). ``Screen("score")`` finds a
screen by its journaled value; ``screen in Screen`` and ``list(Screen)`` work as for an enum.

>>> Screen("bid") is Screen.BID, Screen.BID.name, Screen.BID.value
(True, 'BID', 'bid')
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

_BY_VALUE: dict[str, Screen] = {}


class _ScreenKind(type):
    """The metaclass: iteration and membership over the defined screens."""

    def __iter__(cls) -> Iterator[Screen]:
        return iter(list(_BY_VALUE.values()))

    def __contains__(cls, item: object) -> bool:
        return isinstance(item, Screen) and _BY_VALUE.get(item.value) is item

    def __len__(cls) -> int:
        return len(_BY_VALUE)


class Screen(metaclass=_ScreenKind):
    """One screen of the table, by name (``SCORE``) and journaled value (``"score"``)."""

    __slots__ = ("name", "value")
    name: str
    value: str

    NEW_GAME: ClassVar[Screen]
    SCORE: ClassVar[Screen]
    BIDDER: ClassVar[Screen]
    BID: ClassVar[Screen]
    TRICKS: ClassVar[Screen]
    CARDS: ClassVar[Screen]
    ASK_FIVE: ClassVar[Screen]
    ASK_THREE: ClassVar[Screen]
    QUICK: ClassVar[Screen]
    SUMMARY: ClassVar[Screen]
    GAME_OVER: ClassVar[Screen]
    MENU: ClassVar[Screen]
    LIST: ClassVar[Screen]
    CONFIRM_NEW: ClassVar[Screen]
    TEACH: ClassVar[Screen]

    def __new__(cls, value: str) -> Screen:
        """The screen journaled as ``value``; raises ValueError for an unknown one."""
        found = _BY_VALUE.get(value) if isinstance(value, str) else None
        if found is None:
            raise ValueError(f"{value!r} is not a Screen")
        return found

    @classmethod
    def define(cls, name: str, value: str) -> Screen:
        """Add a screen; raises ValueError when the value or name is taken."""
        if value in _BY_VALUE or any(s.name == name for s in _BY_VALUE.values()):
            raise ValueError(f"screen {name} ({value!r}) exists already")
        screen = object.__new__(cls)
        object.__setattr__(screen, "name", name)
        object.__setattr__(screen, "value", value)
        _BY_VALUE[value] = screen
        return screen

    @classmethod
    def forget(cls, screen: Screen) -> None:
        """Remove a screen added by ``define`` (a test's demo screen)."""
        _BY_VALUE.pop(screen.value, None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Screen cannot change")

    def __repr__(self) -> str:
        return f"<Screen.{self.name}: {self.value!r}>"

    def __reduce__(self) -> tuple[type[Screen], tuple[str]]:
        return (Screen, (self.value,))

    def __copy__(self) -> Screen:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Screen:
        return self


Screen.NEW_GAME = Screen.define("NEW_GAME", "new-game")
Screen.SCORE = Screen.define("SCORE", "score")
Screen.BIDDER = Screen.define("BIDDER", "bidder")
Screen.BID = Screen.define("BID", "bid")
Screen.TRICKS = Screen.define("TRICKS", "tricks")
Screen.CARDS = Screen.define("CARDS", "cards")
Screen.ASK_FIVE = Screen.define("ASK_FIVE", "ask-five")
Screen.ASK_THREE = Screen.define("ASK_THREE", "ask-three")
Screen.QUICK = Screen.define("QUICK", "quick")
Screen.SUMMARY = Screen.define("SUMMARY", "summary")
Screen.GAME_OVER = Screen.define("GAME_OVER", "game-over")
Screen.MENU = Screen.define("MENU", "menu")
Screen.LIST = Screen.define("LIST", "list")
Screen.CONFIRM_NEW = Screen.define("CONFIRM_NEW", "confirm-new")
Screen.TEACH = Screen.define("TEACH", "teach")
