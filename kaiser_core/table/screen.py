"""Where the table is: a ``Screen`` is a screen's name, a value the journal keeps.

``Screen("bid")`` is the screen journaled as ``"bid"``; the same name is always the same
value (``Screen("bid") is Screen.BID``), so screens compare with ``is``. The built-in ones
are class attributes; a new screen's module names its own (``DEMO = Screen("demo")``).
Which screens the table has is not decided here: ``kaiser_core.table.screens`` lists them,
each with the module that handles it.

>>> Screen("bid") is Screen.BID, Screen.BID.name, Screen.BID.value
(True, 'BID', 'bid')
"""

from __future__ import annotations

from typing import Any, ClassVar

_BY_VALUE: dict[str, Screen] = {}


class Screen:
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
    PROFILE: ClassVar[Screen]
    ROUND_OVER: ClassVar[Screen]

    def __new__(cls, value: str) -> Screen:
        """The screen journaled as ``value`` (lower case letters, digits and "-");
        raises ValueError for anything else."""
        found = _BY_VALUE.get(value) if isinstance(value, str) else None
        if found is not None:
            return found
        if not isinstance(value, str) or not value or not value.replace("-", "").isalnum():
            raise ValueError(f"{value!r} is not a screen's name")
        if value != value.lower():
            raise ValueError(f"{value!r} is not a screen's name")
        screen = object.__new__(cls)
        object.__setattr__(screen, "name", value.upper().replace("-", "_"))
        object.__setattr__(screen, "value", value)
        _BY_VALUE[value] = screen
        return screen

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


Screen.NEW_GAME = Screen("new-game")
Screen.SCORE = Screen("score")
Screen.BIDDER = Screen("bidder")
Screen.BID = Screen("bid")
Screen.TRICKS = Screen("tricks")
Screen.CARDS = Screen("cards")
Screen.ASK_FIVE = Screen("ask-five")
Screen.ASK_THREE = Screen("ask-three")
Screen.QUICK = Screen("quick")
Screen.SUMMARY = Screen("summary")
Screen.GAME_OVER = Screen("game-over")
Screen.MENU = Screen("menu")
Screen.LIST = Screen("list")
Screen.CONFIRM_NEW = Screen("confirm-new")
Screen.TEACH = Screen("teach")
Screen.PROFILE = Screen("profile")
Screen.ROUND_OVER = Screen("round-over")
