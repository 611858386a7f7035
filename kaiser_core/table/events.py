"""What the world tells the table: typed values, one class per kind, handled by type.

A source (the buttons, the card reader, the club link) makes one of these and puts it on
the scorer's queue; the one loop hands it to ``Table.handle(event)``, which answers with a
``Change``. A card travels as the ``Card`` the reader's parser made: nothing after the
parser reads a card code again. ``Journaled`` goes the other way round: the values the
journal read back after a commit (series standings, the finished games), which only the
table's own method puts into the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from kaiser_core.cards import Card
from kaiser_core.messages import Message
from kaiser_core.table.keys import Key

if TYPE_CHECKING:  # club mode's modules load with club mode (screens.CLUB_SCREENS)
    from kaiser_core.table.club_state import ClubState
    from kaiser_core.table.past import PastGame


@dataclass(frozen=True)
class Pressed:
    """A key: a button, the emulator's keyboard, a key script."""

    key: Key


@dataclass(frozen=True)
class CardRead:
    """The reader read a tag it knows as ``card``; ``after_gap``: reads were lost before it
    (the reader's ``seq`` jumped, or the scorer had to drop some)."""

    card: Card
    after_gap: bool = False


@dataclass(frozen=True)
class TagUnknown:
    """The reader read a tag it was never taught (``uid``, upper-case hex)."""

    uid: str
    after_gap: bool = False


@dataclass(frozen=True)
class TagTaught:
    """The reader learnt a tag as ``card`` (its answer to a ``Teach`` request)."""

    card: Card


@dataclass(frozen=True)
class ReaderNotice:
    """The reader's own words about a fault of its own (shown, never journaled alone)."""

    text: str


@dataclass(frozen=True)
class ReaderStorage:
    """The reader could not save its table of tags (``text``: its words)."""

    text: str


@dataclass(frozen=True)
class ReaderPresent:
    """A card reader is attached; ``online``: its port is open and it answers."""

    online: bool


@dataclass(frozen=True)
class ClubJoined:
    """Club mode on, with the club state the journal kept (handed over at start)."""

    state: ClubState


@dataclass(frozen=True)
class RoundArrived:
    """The director's ``round`` message, JSON-decoded (the table checks it: CLUB.md)."""

    payload: object


@dataclass(frozen=True)
class BrokerLink:
    """The club publisher reaches the broker (``online``), or not."""

    online: bool


@dataclass(frozen=True)
class Journaled:
    """What the journal read back after a commit: the series standings and the finished
    games, newest first, each None when the commit left it as it was."""

    series: tuple[int, int] | None = None
    past: Sequence[PastGame] | None = None


@dataclass(frozen=True)
class VoiceStatus:
    """The voice's speech works (``status`` "") or why it does not (one line, for the menu:
    a ``Message`` where the table has words for it, else the program's own line)."""

    status: str | Message


TableEvent: TypeAlias = (
    Pressed
    | CardRead
    | TagUnknown
    | TagTaught
    | ReaderNotice
    | ReaderStorage
    | ReaderPresent
    | ClubJoined
    | RoundArrived
    | BrokerLink
    | Journaled
    | VoiceStatus
)
"""Every event ``Table.handle`` takes."""

#: A person at the table: wakes a dimmed display (a status or a club message does not).
PERSON: tuple[type, ...] = (Pressed, CardRead, TagUnknown, TagTaught)
