"""Output sinks: called by the one loop with each change the journal stored.

A sink gets a ``Stored``: the ``Change`` that was committed and the ``Facts`` after it
(the screen, the teams' names, the totals, whether the game is over, the hand it scored
and that hand's score, the language the table speaks, the menu's voice and volume), values
a sink can act on without reading the table: a voice says the contract from the change's
``ContractEntry``, the result and the totals from the facts. A change that asks the world
for something (``change.request``: a long press of A's ``SayScore``) reaches the sinks too,
stored or not. ``Sink.stored`` runs on the main loop's thread:
it must return at once; a sink that takes its time subclasses ``hardware.sinks.threaded.
Threaded`` (its own thread, a bounded queue). A sink that raises is logged, never NOT
SAVED, and never stops the loop (``Scorer._after_commit``).

``hardware.boards.SINKS`` lists every sink, one line each.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from hardware.i18n.table import table_language
from kaiser_core.cards import Team
from kaiser_core.hand import Hand
from kaiser_core.table import Change, Table, menu

if TYPE_CHECKING:
    from hardware.config import Config
    from kaiser_core.scoring import HandScore


@dataclass(frozen=True)
class Facts:
    """The table after a stored change, as values (nothing here reads the table later)."""

    screen: str  # the screen's name (``Screen`` value): "tricks", "summary", "game-over" ...
    names: tuple[str, str]  # the teams' names, NS then EW
    totals: tuple[int, int] | None = None  # NS, EW; None without a game
    target: int | None = None
    over: bool = False
    winner: Team | None = None
    hand: Hand | None = None  # the hand this change scored: contract, trump, tricks
    score: HandScore | None = None  # and its score: made or set, each team's change
    message: str = ""  # the notice line (a ``Message``: its key and values translate)
    language: str = "en"  # the language the table speaks (the menu's, else the config's)
    voice: bool = True  # the menu's Voice on/off
    volume: int = 80  # the voice's volume, percent (the menu's, else the config's [voice])


@dataclass(frozen=True)
class Stored:
    """What a sink is called with: the committed change and the facts after it."""

    change: Change
    facts: Facts


class Sink(Protocol):
    """An output called on the main thread after each change that was stored."""

    def stored(self, stored: Stored) -> None:
        """The change is committed in the journal; must cost the key path next to nothing.

        A sink that raises is logged and tried again with the next change: the entry is
        stored all the same (no NOT SAVED), and the loop goes on.
        """


#: A sink's maker: the sink for this config, or None when the config does not ask for it.
Maker = Callable[["Config"], "Sink | None"]


def scored_entries(table: Table) -> int:
    """How many entries the game has scored (hands and redeals): ``facts`` compares it."""
    return len(table.game.results) if table.game is not None else 0


def facts(table: Table, scored_before: int) -> Facts:
    """The facts after a stored change; ``scored_before``: ``scored_entries`` before it."""
    said = Facts(
        table.ui.screen.value,
        (table.names[Team.NS], table.names[Team.EW]),
        message=table.ui.message,
        language=table_language(table),
        voice=table.settings.voice,
        volume=menu.volume(table),
    )
    game = table.game
    if game is None:
        return said
    hand, score = None, None
    last = game.results[-1] if len(game.results) > scored_before else None
    if last is not None and isinstance(last.entry, Hand):  # a redeal scores nothing
        hand, score = last.entry, last.score
    return dataclasses.replace(
        said,
        totals=(game.totals[Team.NS], game.totals[Team.EW]),
        target=game.target,
        over=game.over,
        winner=game.winner,
        hand=hand,
        score=score,
    )


def close(sink: object) -> None:
    """Let a sink go at the end (its thread, its socket), if it has anything to let go."""
    closer = getattr(sink, "close", None)
    if callable(closer):
        closer()
