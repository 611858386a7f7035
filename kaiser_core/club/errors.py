"""The club's errors: a bad event file, or a table's message that must be refused."""

from __future__ import annotations

from kaiser_core.errors import KaiserInputError


class ClubError(KaiserInputError):
    """Root of the club's errors."""


class EventError(ClubError):
    """A mistake in the event file; the message names the key."""


class MessageError(ClubError):
    """A table's message that fails CLUB.md's validation; the message says why."""
