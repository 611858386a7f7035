"""An English text read back as the Message it came from (core text that lost its Message).

The score sheet joins the winner's reason into a plain line (``NS wins: reached 52``); a
web page in another language reads the reason back with this, then translates it.
"""

from __future__ import annotations

import re
from functools import cache

from kaiser_core.messages import PLURALS, TEXTS, Message

_FIELD = re.compile(r"{(\w+)}")
_NUMBER = re.compile(r"-?\d+")


def _pattern(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)
    out = []
    for i, part in enumerate(parts):
        out.append(f"(?P<{part}>.+?)" if i % 2 else re.escape(part))
    return re.compile("".join(out))


@cache
def _patterns(prefix: str) -> list[tuple[str, re.Pattern[str]]]:
    found = []
    for key, text in TEXTS.items():
        if key.startswith(prefix):
            found.append((key, _pattern(text)))
            if key in PLURALS:
                found.append((key, _pattern(PLURALS[key][1])))
    return found


def message_of(text: str, prefix: str) -> Message | None:
    """The Message of a key starting with ``prefix`` whose English is ``text``, or None."""
    for key, pattern in _patterns(prefix):
        found = pattern.fullmatch(text)
        if found is None:
            continue
        params: dict[str, object] = {}
        for name, value in found.groupdict().items():
            params[name] = int(value) if _NUMBER.fullmatch(value) else value
        try:
            message = Message(key, **params)
        except (KeyError, ValueError):
            continue
        if str(message) == text:
            return message
    return None
