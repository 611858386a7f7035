"""Start-up's garbage: no collections while the process starts, one when it has started.

Importing makes many objects and frees few, so a collection during start-up scans much and
finds little: ``starting()`` turns the collector off. ``started()`` ends start-up once: it
collects what start-up left in cycles (enum and dataclass scaffolding, an argument parser,
about 300 KiB of a scorer's run), then freezes what is left (the modules and the objects
that live as long as the process: later collections never scan them) and turns the
collector on again. ``kaiser-scorer run`` calls it after its first frame, so the first
frame waits for no collection (a fault screen after its frame); any other command right
after its arguments are parsed.
"""

from __future__ import annotations

import gc


def starting() -> None:
    """Start-up begins: no collections until ``started()``."""
    gc.disable()


def started() -> None:
    """Start-up is over: its garbage collected, the rest frozen, the collector on.

    Does nothing when the collector is on (start-up already over, or never begun here, as
    in a test that calls the runner itself).
    """
    if gc.isenabled():
        return
    gc.collect()
    gc.freeze()
    gc.enable()


__all__ = ["started", "starting"]
