"""The painters' registry: each view type has one painter, found by the view's type.

``LATER`` names the painter module of a view type (by its name) that loads only when a
view of that type is first painted.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar

from PIL import Image

from hardware.screens.parts import message_bar
from hardware.screens.pen import Pen

SIZE = (128, 64)
Painter = Callable[[Pen, Any], None]
P = TypeVar("P", bound=Callable[..., None])

#: The painter of each view type.
PAINTERS: dict[type, Painter] = {}
#: The painter module of each view type (by name) whose module is imported when first needed.
LATER: dict[str, str] = {}


def painter(view_type: type) -> Callable[[P], P]:
    """Decorator: register the painter of ``view_type`` (a later one replaces it)."""

    def add(fn: P) -> P:
        PAINTERS[view_type] = fn
        return fn

    return add


def unregister(view_type: type) -> None:
    """Forget the painter of ``view_type`` (a test's demo screen)."""
    PAINTERS.pop(view_type, None)


def paint(
    view: object, image: Image.Image, origin: tuple[int, int] = (0, 0), size: tuple[int, int] = SIZE
) -> None:
    """Draw ``view`` on ``image`` as a ``size`` screen whose top left is at ``origin``.

    Raises TypeError for something that is not a view.
    """
    screen = PAINTERS.get(type(view))
    if screen is None and type(view).__name__ in LATER:
        importlib.import_module(LATER.pop(type(view).__name__))
        screen = PAINTERS.get(type(view))
    if screen is None:
        raise TypeError(f"{type(view).__name__} is not a view")
    pen = Pen(image, origin, size)
    screen(pen, view)
    message = getattr(view, "message", "")
    if message:  # the message bar stays on top of anything the screen drew under it
        hint = getattr(view, "hint", ())
        message_bar(pen, message, hint if isinstance(hint, tuple) else (), draw_hint=False)


def render(view: object, size: tuple[int, int] = SIZE) -> Image.Image:
    """The screen for ``view``: a mode "1" image, white on black, ``size`` pixels."""
    image = Image.new("1", size, 0)
    paint(view, image, (0, 0), size)
    return image
