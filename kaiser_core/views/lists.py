"""The scrolling lists' views: the menu, and history, rules, teach mode."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ListView:
    """A scrolling list of lines with a title (history, rules, teach progress)."""

    title: str
    lines: tuple[str, ...]
    index: int
    message: str = ""
    wrap: bool = False  # long lines take more rows instead of ending in an ellipsis
    hint: tuple[str, ...] = ()  # what the keys do now


@dataclass(frozen=True)
class MenuView:
    """The menu: items, the highlighted one."""

    items: tuple[str, ...]
    index: int
    message: str = ""
    hint: tuple[str, ...] = ()  # what the keys do now
