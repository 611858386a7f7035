"""Each view type has one painter, in the painter module named like the view's module.

The one rule (and the one place the hardware loads something late): a view defined in a
module ``...<name>`` (``kaiser_core.views.contract.ScoreView``; a new screen's view in
``kaiser_core.table.<name>``) is drawn by ``hardware.screens.<name>``, whose ``PAINTERS``
maps each of its view types to its painter. That module is imported when a view of that
type is first painted, so a start-up loads the painters of the screen it shows and no
other. ``PAINTERS`` here holds those found so far (a test may add one with ``painter``).

Large type (``render(view, large=True)``, the menu's Large type or the config's ``[display]
large``): the same module's ``LARGE`` maps a view type to its painter for reading across a
table (``hardware.screens.large`` holds their shared parts); a view it lacks (a new screen
not yet given one) is drawn by its ordinary painter.
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

#: The painter of each view type found so far.
PAINTERS: dict[type, Painter] = {}
#: The large-type painter of each view type found so far.
LARGE: dict[type, Painter] = {}


def painter(view_type: type) -> Callable[[P], P]:
    """Decorator: use this painter for ``view_type`` (a test's view, outside the rule)."""

    def add(fn: P) -> P:
        PAINTERS[view_type] = fn
        return fn

    return add


def unregister(view_type: type) -> None:
    """Forget the painter of ``view_type`` (a test's demo screen)."""
    PAINTERS.pop(view_type, None)


def painter_of(view_type: type, large: bool = False) -> Painter | None:
    """The painter of ``view_type``: found so far, or in ``hardware.screens.<name>`` for a
    view of a module ``...<name>`` (None: no such module, or it does not draw that view).
    ``large``: its large-type painter, else its ordinary one."""
    if large:
        normal = painter_of(view_type)
        return LARGE.get(view_type, normal)
    found = PAINTERS.get(view_type)
    if found is None:
        name = view_type.__module__.rpartition(".")[2]
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError as err:
            if err.name != f"{__package__}.{name}":
                raise
            return None
        PAINTERS.update(getattr(module, "PAINTERS", {}))
        LARGE.update(getattr(module, "LARGE", {}))
        found = PAINTERS.get(view_type)
    return found


def paint(
    view: object,
    image: Image.Image,
    origin: tuple[int, int] = (0, 0),
    size: tuple[int, int] = SIZE,
    large: bool = False,
) -> None:
    """Draw ``view`` on ``image`` as a ``size`` screen whose top left is at ``origin``
    (``large``: in large type).

    Raises TypeError for something that is not a view.
    """
    screen = painter_of(type(view), large)
    if screen is None:
        raise TypeError(f"{type(view).__name__} is not a view")
    large = large and type(view) in LARGE
    pen = Pen(image, origin, size, large)
    screen(pen, view)
    message = getattr(view, "message", "")
    if message:  # the message bar stays on top of anything the screen drew under it
        hint = getattr(view, "hint", ())
        hint = hint if isinstance(hint, tuple) else ()
        if large:
            from hardware.screens.large import message_bar as large_bar

            large_bar(pen, message, hint)
        else:
            message_bar(pen, message, hint, draw_hint=False)


def render(view: object, size: tuple[int, int] = SIZE, large: bool = False) -> Image.Image:
    """The screen for ``view``: a mode "1" image, white on black, ``size`` pixels; ``large``:
    in large type."""
    image = Image.new("1", size, 0)
    paint(view, image, (0, 0), size, large)
    return image
