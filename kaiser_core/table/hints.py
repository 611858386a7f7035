"""The hint line: what the keys do now, as messages (``hint.step``: a key and what it does).

>>> step("OK", "hint.contract")
'OK enter the contract'
>>> step("OK", "hint.contract").params["key"]
'OK'
"""

from __future__ import annotations

from typing import Any

from kaiser_core.messages import Message


def step(key: str, what: str, **params: Any) -> Message:
    """``key`` (a button: OK, A, B, ▲▼, ◀▶) does the message ``what``."""
    return Message("hint.step", key=key, what=Message(what, **params))


def say(what: str, **params: Any) -> Message:
    """A plain hint, for the joystick: "push toward the bidder"."""
    return Message(what, **params)
