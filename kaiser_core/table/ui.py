"""The UI state that is not an entry (``Scene``), and what a key did (``Change``).

A ``Scene`` is the overlay stack as ``Layer``s, bottom first: each layer a screen and its
own state (a frozen dataclass the screen's ``Page`` declares, e.g. the bid being chosen on
BID); the top one shows. ``Settings`` are the table's choices that outlive a screen (the
entry mode, the flip, the menu's language and rules, the voice on or off and its volume,
large type). The journal keeps the scene as JSON (``to_json``: the screens by name,
``VERSION``); ``from_json`` also reads the single ``Ui`` object older versions stored, so an
old journal resumes.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kaiser_core.entries import Mode, TableEntry
from kaiser_core.errors import KaiserError
from kaiser_core.messages import Message
from kaiser_core.rules import Rules
from kaiser_core.table.requests import Request
from kaiser_core.table.screen import Screen

#: The form ``Scene.to_json`` writes (1: the flat ``Ui`` of older versions, no "version").
VERSION = 2


@dataclass(frozen=True)
class NoState:
    """The state of a screen that keeps none of its own."""


@dataclass(frozen=True)
class Layer:
    """A screen on the stack and its own state."""

    screen: Screen
    state: Any = NoState()


@dataclass(frozen=True)
class Settings:
    """The table's choices that outlive a screen (journaled with the scene)."""

    mode: Mode = Mode.PER_TRICK  # how the next contract's hand is entered
    flipped: bool = False  # the menu's Flip display
    language: str = ""  # the menu's language ("": the config's)
    rules: Any = field(default=None, hash=False)  # the menu's rules spec (None: the config's)
    large: bool | None = None  # the menu's Large type (None: the config's)
    voice: bool = True  # the menu's Voice on/off (a table whose config has a [voice])
    volume: int | None = None  # the menu's Volume, percent (None: the config's)


@dataclass(frozen=True)
class Scene:
    """The screens shown (``layers``, bottom first: the top one shows), the settings and
    the one-line notice for the last key."""

    layers: tuple[Layer, ...] = (Layer(Screen.NEW_GAME),)
    settings: Settings = Settings()
    message: str = ""

    @classmethod
    def at(cls, screen: Screen) -> Scene:
        """A scene showing ``screen`` (with no state of its own) alone."""
        return cls((Layer(screen),))

    def with_settings(self, settings: Settings) -> Scene:
        """This scene with ``settings``."""
        return dataclasses.replace(self, settings=settings)

    @property
    def top(self) -> Layer:
        """The layer shown."""
        return self.layers[-1]

    @property
    def screen(self) -> Screen:
        """The screen shown."""
        return self.layers[-1].screen

    @property
    def state(self) -> Any:
        """The shown screen's state."""
        return self.layers[-1].state

    @property
    def stack(self) -> tuple[Screen, ...]:
        """The screens under the shown one, bottom first (() when no overlay is open)."""
        return tuple(layer.screen for layer in self.layers[:-1])

    @property
    def base(self) -> Screen:
        """The screen under every overlay (the screen itself when none is open)."""
        return self.layers[0].screen

    @property
    def mode(self) -> Mode:
        """The entry mode (``settings.mode``)."""
        return self.settings.mode

    @property
    def flipped(self) -> bool:
        """The menu's Flip display (``settings.flipped``)."""
        return self.settings.flipped

    def to_json(self) -> dict[str, Any]:
        """JSON for the journal."""
        out: dict[str, Any] = {
            "version": VERSION,
            "layers": [
                {"screen": layer.screen.value, "state": state_json(layer.state)}
                for layer in self.layers
            ],
            "settings": state_json(self.settings),
            "message": str(self.message),
        }
        if isinstance(self.message, Message):
            out["message_id"] = self.message.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any, states: Callable[[Screen], type | None]) -> Scene:
        """Read back ``to_json`` or an older ``Ui``; ``states`` gives each screen's state
        class (None: a screen the table does not have, whose layer is dropped). Bad fields
        fall back to their defaults."""
        if not isinstance(data, dict):
            return cls()
        if data.get("version") == VERSION:
            raw = data.get("layers")
            found = (
                [(x.get("screen"), x.get("state")) for x in raw if isinstance(x, dict)]
                if (isinstance(raw, list))
                else []
            )
            settings = read_state(Settings, data.get("settings"))
        else:  # version 1: one flat object; each layer takes its own fields from it
            found = [(s, data) for s in _old_stack(data)]
            settings = _old_settings(data)
        layers: list[Layer] = []
        for name, state in found:
            try:
                screen = Screen(str(name))
            except ValueError:
                continue
            kind = states(screen)
            if kind is not None:
                layers.append(Layer(screen, read_state(kind, state)))
        said = data.get("message")
        message: str = said if isinstance(said, str) else ""
        if "message_id" in data:
            with contextlib.suppress(KaiserError):
                message = Message.from_json(data["message_id"])
        return cls(tuple(layers) or cls().layers, settings, message)


def _old_stack(data: dict[str, Any]) -> list[Any]:
    """The screens of a version-1 ``Ui``: its ``stack`` (or older ``back``) and ``screen``."""
    stack = data.get("stack")
    if isinstance(stack, list):
        return [*stack, data.get("screen")]
    back, screen = data.get("back"), data.get("screen")
    if back is not None and screen == "menu":
        return [back, screen]
    if back is not None and screen in ("list", "confirm-new", "teach"):
        return [back, "menu", screen]
    return [screen]


def _old_settings(data: dict[str, Any]) -> Settings:
    """The settings a version-1 ``Ui`` kept in its own fields and in ``extra``."""
    kept = data.get("extra")
    extra: dict[str, Any] = kept if isinstance(kept, dict) else {}
    flat = {
        "mode": data.get("mode"),
        "flipped": data.get("flipped"),
        "language": extra.get("language"),
        "rules": extra.get("rules_choice"),
    }
    settings: Settings = read_state(Settings, {k: v for k, v in flat.items() if v is not None})
    return settings


def state_json(state: Any) -> dict[str, Any]:
    """A state dataclass as JSON: enums and seats by value, tuples as lists."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if isinstance(value, enum.Enum):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        out[f.name] = value
    return out


def read_state(kind: type[Any], data: Any) -> Any:
    """``kind`` (a state dataclass) from ``state_json``'s JSON (or a version-1 ``Ui``, whose
    fields have the same names); a field that is missing or does not fit keeps its default.
    A version-1 ``Ui``'s ``extra`` is read as more fields."""
    if not isinstance(data, Mapping):
        return kind()
    if isinstance(data.get("extra"), Mapping):
        data = {**data["extra"], **data}
    hints = typing.get_type_hints(kind)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(kind):
        if f.name in data:
            try:
                values[f.name] = _read(hints[f.name], data[f.name])
            except (TypeError, ValueError, KaiserError):
                continue
    return kind(**values)


def _read(hint: Any, value: Any) -> Any:
    """``value`` as the type ``hint`` says (bool, int, str, an enum, X | None, tuple[int, ...],
    or Any); raises TypeError or ValueError when it does not fit."""
    args = typing.get_args(hint)
    if hint is Any:
        return value
    if type(None) in args:  # X | None
        return None if value is None else _read(next(a for a in args if a is not type(None)), value)
    if typing.get_origin(hint) is tuple:
        if not isinstance(value, list):
            raise TypeError(value)
        return tuple(_read(args[0], v) for v in value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    if hint in (bool, int, str) and type(value) is hint:
        return value
    raise TypeError(f"{value!r} is not {hint}")


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
