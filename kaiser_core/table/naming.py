"""Names in messages: a team's name where a message says its code, as the score rows do.

A ``Message`` keeps its team as a ``Team`` value ("NS NT x2"); a table whose teams have
names shows "Us NT x2". ``name_view`` rewrites every message of a view (its notice, notes,
warnings, list lines, reason) with the names; a view without messages or a table without
names comes back as it was.

>>> from kaiser_core.cards import Team
>>> str(named(Message("score.nt_times", team=Team.NS, times=2), {Team.NS: "Us"}))
'Us NT x2'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

from kaiser_core.cards import Team
from kaiser_core.messages import Message

V = TypeVar("V")


def _value(value: Any, names: Mapping[Team, str]) -> Any:
    if isinstance(value, Team):
        name = names.get(value, value.code)
        return value if name == value.code else name
    if isinstance(value, Message):
        return named(value, names)
    return value


def named(text: str, names: Mapping[Team, str]) -> str:
    """``text`` with each team it names by code named by its name (a plain str as it is)."""
    if not isinstance(text, Message):
        return text
    params = {k: _value(v, names) for k, v in text.params.items()}
    if all(params[k] is v for k, v in text.params.items()):
        return text
    return Message(text.key, **params)


def _field(value: Any, names: Mapping[Team, str]) -> Any:
    if isinstance(value, Message):
        return named(value, names)
    if isinstance(value, tuple) and any(isinstance(v, Message) for v in value):
        return tuple(named(v, names) if isinstance(v, str) else v for v in value)
    return value


def name_view(view: V, names: Mapping[Team, str]) -> V:
    """The view with every message naming the teams by ``names``."""
    if all(names.get(t, t.code) == t.code for t in Team) or not dataclasses.is_dataclass(view):
        return view
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(view):
        value = getattr(view, f.name)
        new = _field(value, names)
        if new is not value:
            changes[f.name] = new
    return dataclasses.replace(view, **changes) if changes else view  # type: ignore[type-var]
