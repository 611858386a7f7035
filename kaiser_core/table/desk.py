"""The table's state and the screen registry: what every screen module works on.

``Desk`` folds a game's entries (the ``Game`` and the hand's ``Draft``) and holds the UI
state; screen modules read it and change it through ``go``/``say``/``enter``/``undo``.
``register(Page(...))`` tells the table which module handles a ``Screen``: its keys, its
view, the cursors it owns and where it belongs (a home screen, or an overlay).
``later(screen, module)`` names the module of a screen that loads only when first asked
for (``PAGES[screen]``; listing ``PAGES`` loads them all): start-up stays small.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kaiser_core.cards import FIVE_HEARTS, TEAMS, THREE_SPADES, Card, Seat, Team
from kaiser_core.entries import ConfirmEntry, Mode, RedealEntry, Start, TableEntry
from kaiser_core.errors import KaiserInputError
from kaiser_core.game import Game
from kaiser_core.hand import Redeal
from kaiser_core.messages import Message
from kaiser_core.rules import Rules
from kaiser_core.table.draft import Draft
from kaiser_core.table.keys import Key
from kaiser_core.table.past import PastGame, chosen_rules
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change, Ui
from kaiser_core.views import ContractLabel, TeamScore

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_values

    from kaiser_core.table.club_state import ClubState
    from kaiser_core.views import View


@dataclass(frozen=True)
class Page:
    """One screen's module: keys, view, and where it belongs.

    ``home`` is the screen the entries call for while this one shows (SCORE for the
    contract's steps; None: the screen itself). An ``overlay`` opens over another screen
    (the menu, its lists) and returns there. ``read`` handles a card from the reader.
    ``menu`` is a label: the menu shows it and opens this screen as an overlay.
    """

    screen: Screen
    press: Callable[[Desk, Key], Change]
    view: Callable[[Desk], View]
    home: Screen | None = None
    overlay: bool = False
    owns: tuple[str, ...] = ()
    read: Callable[[Desk, Card | None, str], Change] | None = None
    menu: str = ""


@dataclass(frozen=True)
class Saved:
    """What a journal hands back to resume a table: the game (None: none), its entries, the
    UI state, the team names stored with the game, the series standings, the players on
    their seats and the finished games before it."""

    rules: Rules | None
    entries: tuple[TableEntry, ...] = ()
    ui: Ui = field(default_factory=Ui)
    names: Mapping[Team, str] = field(default_factory=dict)
    series: tuple[int, int] | None = None
    seats: Mapping[Seat, str] = field(default_factory=dict)  # the game's players by seat
    past: tuple[PastGame, ...] = ()  # finished games, newest first


#: The module of each screen that loads on first use (``later``), by screen.
LATER: dict[Screen, str] = {}


class Pages(dict[Screen, Page]):
    """The registry: asking for a screen of ``LATER`` imports its module (which registers it);
    listing the registry imports every such module first."""

    def __missing__(self, screen: Screen) -> Page:
        load_later(LATER.get(screen))
        if not dict.__contains__(self, screen):
            raise KeyError(screen)
        return dict.__getitem__(self, screen)

    def __contains__(self, screen: object) -> bool:
        return dict.__contains__(self, screen) or screen in LATER

    def values(self) -> dict_values[Screen, Page]:
        """Every page (the later ones loaded first)."""
        load_later()
        return super().values()

    def items(self) -> dict_items[Screen, Page]:
        """Every screen and its page (the later ones loaded first)."""
        load_later()
        return super().items()


#: Every registered screen's module.
PAGES = Pages()


def later(screen: Screen, module: str) -> None:
    """Import ``module`` (it registers ``screen``) only when ``screen`` is first asked for."""
    if not dict.__contains__(PAGES, screen):
        LATER[screen] = module


def load_later(module: str | None = "") -> bool:
    """Import ``module`` of ``LATER`` ("": all of them); False when there is none."""
    names = {module} if module else set(LATER.values())
    if module is None or not names <= set(LATER.values()):
        return False
    for name in sorted(names):
        # The module registers its screens (``register`` drops them from LATER) as it is
        # imported; a second thread asking meanwhile waits on Python's lock of that module,
        # then finds the page. What the module did not register is dropped after.
        importlib.import_module(name)
        for screen in [s for s, m in list(LATER.items()) if m == name]:
            LATER.pop(screen, None)
    return True


def register(page: Page) -> Page:
    """Register a screen's module (a later one replaces an earlier one)."""
    PAGES[page.screen] = page
    LATER.pop(page.screen, None)
    return page


def unregister(screen: Screen) -> None:
    """Forget a screen's module (a test's demo screen)."""
    PAGES.pop(screen, None)
    LATER.pop(screen, None)


def page_of(screen: Screen) -> Page:
    """The module of ``screen``; raises KaiserError for one without a module."""
    try:
        return PAGES[screen]
    except KeyError:
        raise KaiserInputError(f"no module handles the {screen.value} screen") from None


class Desk:
    """A game's entries folded, plus the UI state."""

    def __init__(
        self,
        rules: Rules,
        *,
        names: Mapping[Team, str] | None = None,
        choose_seat: Callable[[], Seat] = lambda: Seat.N,
        reader_available: bool = False,
        seats: Mapping[Seat, str] | None = None,
        roster: Sequence[str] = (),
        profiles: Mapping[str, Rules] | None = None,
    ) -> None:
        self.new_game_rules = rules
        self.base_rules = rules  # the config's rules (the menu may choose others: RULES_CHOICE)
        self.names = {t: (names or {}).get(t, t.code) for t in TEAMS}
        self.base_names = dict(self.names)  # the config's names (a club round's game has its own)
        self.seat_names: dict[Seat, str] = dict(seats or {})  # the game's players, by seat
        self.base_seats = dict(self.seat_names)  # the config's players on their seats
        self.roster = tuple(roster)  # the players NEW GAME offers for each seat
        self.profiles = dict(profiles or {})  # the config's named house rules, for the menu
        self._past: list[PastGame] | None = []
        #: Where ``past`` comes from when first read (the journal's finished games).
        self.past_source: Callable[[], Sequence[PastGame]] | None = None
        #: A listed past game's entries, by number, when ``past`` came without them.
        self.past_entries: Callable[[int], Sequence[TableEntry]] = lambda number: ()
        self.club: ClubState | None = None  # club mode (CLUB.md): set by the hardware side
        self.choose_seat = choose_seat
        self.reader_available = reader_available
        self.reader_online = False
        #: Teach mode: the reader could not save the card (shown until a key is pressed),
        #: and the card whose ``taught`` answer, still to come, does not count.
        self.teach_failure = ""
        self.unsaved = ""
        self.language = "en"  # the config's language (set by the hardware); the menu's in ui.extra
        self.series: tuple[int, int] | None = None
        self.history: list[str] = []
        self.ui = Ui()
        self.game: Game | None = None
        self.entries: list[TableEntry] = []
        self.draft = Draft(rules)

    @property
    def past(self) -> list[PastGame]:
        """Finished games from the journal, newest first (read from ``past_source`` when
        first needed: a start-up does not read the history nobody has opened yet)."""
        if self._past is None:
            self._past = list(self.past_source() if self.past_source is not None else ())
        return self._past

    @past.setter
    def past(self, games: Sequence[PastGame]) -> None:
        self._past = list(games)

    def past_later(self, source: Callable[[], Sequence[PastGame]]) -> None:
        """Read ``past`` from ``source`` when it is first needed."""
        self.past_source = source
        self._past = None

    # -- loading --------------------------------------------------------------------------
    def load(self, rules: Rules | None, entries: list[TableEntry], ui: Ui) -> None:
        """Rebuild from a journal: the game's rules (None: no game), its entries, the UI.

        Raises KaiserError when the entries do not replay.
        """
        self.new_game_rules = chosen_rules(ui, self.base_rules)
        self.game = None
        self.entries = []
        self.draft = Draft(rules or self.new_game_rules)
        if rules is not None:
            self.game = Game(rules)
            for entry in entries:
                self.apply(entry)
        self.ui = ui
        if not self.fits(ui):
            self.ui = dataclasses.replace(ui, screen=self.home(), stack=(), message="")

    def resume(self, saved: Saved) -> None:
        """Rebuild from what a journal handed back; raises KaiserError when it does not replay."""
        self.load(saved.rules, list(saved.entries), saved.ui)
        self.names.update({team: saved.names[team] for team in TEAMS if team in saved.names})
        self.seat_names.update(saved.seats)
        self.past = list(saved.past)
        self.series = saved.series

    def fits(self, ui: Ui) -> bool:
        """True when ``ui`` can show over these entries (its base belongs to the home)."""
        base = ui.base
        page = PAGES[base] if base in PAGES else None  # noqa: SIM401 (get loads no later page)
        if page is None or page.overlay:
            return False
        above = (*ui.stack[1:], ui.screen) if ui.stack else ()
        if not all(s in PAGES and PAGES[s].overlay for s in above):
            return False
        return (page.home or base) is self.home()

    def start_game(self) -> None:
        """Begin an empty game under the new-game rules."""
        self.game = Game(self.new_game_rules)
        self.entries = []
        self.draft = Draft(self.new_game_rules)

    def close_game(self) -> None:
        """Leave the game: no game, the NEW GAME screen (the config's names again)."""
        self.names.update(self.base_names)
        self.seat_names = dict(self.base_seats)
        self.game = None
        self.entries = []
        self.draft = Draft(self.new_game_rules)
        self.go(Screen.NEW_GAME, stack=())

    # -- the fold -------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The current game's rules, or those a new game would get."""
        return self.game.rules if self.game else self.new_game_rules

    def apply(self, entry: TableEntry) -> None:
        """Fold one entry in; raises KaiserError (nothing changes) when it does not fit."""
        game = self.game
        if game is None:
            raise KaiserInputError("an entry before the game started")
        if isinstance(entry, Start):
            if self.entries:
                raise KaiserInputError("the game started twice")
            game.first_dealer = entry.first_dealer
        elif not self.entries:
            raise KaiserInputError("the game's first entry must be its start")
        elif isinstance(entry, RedealEntry):
            if self.draft.contract is not None:
                raise KaiserInputError("a redeal after the contract")
            game.push(Redeal())
        elif isinstance(entry, ConfirmEntry):
            game.push(self.draft.hand())
            self.draft = Draft(game.rules)
        else:
            if self.draft.contract is None and game.over:
                raise KaiserInputError("a second contract in one hand")
            self.draft.push(entry)
        self.entries.append(entry)

    # -- derived --------------------------------------------------------------------------
    def home(self) -> Screen:
        """The screen the entries call for (SCORE covers the contract's steps)."""
        game = self.game
        if game is None or not self.entries:
            return Screen.NEW_GAME
        if game.over:
            return Screen.GAME_OVER
        d = self.draft
        c = d.contract
        if c is None:
            return Screen.SCORE
        n = self.rules.tricks_per_hand
        if c.mode is Mode.PER_TRICK:
            if len(d.tricks) < n:
                return Screen.TRICKS
            if d.special_taker(FIVE_HEARTS) is None:
                return Screen.ASK_FIVE
            if d.special_taker(THREE_SPADES) is None:
                return Screen.ASK_THREE
            return Screen.SUMMARY
        if c.mode is Mode.PER_HAND:
            return Screen.QUICK if d.taken is None else Screen.SUMMARY
        return Screen.CARDS if len(d.cards) < 4 * n else Screen.SUMMARY

    def team_score(self, team: Team) -> TeamScore:
        """A team's name and current total."""
        total = self.game.totals[team] if self.game else 0
        return TeamScore(team, self.names[team], total)

    def contract_label(self) -> ContractLabel:
        """The hand's contract, for display."""
        c = self.draft.contract
        assert c is not None
        return ContractLabel(c.bidder, c.number, c.trump, c.low)

    # -- changes --------------------------------------------------------------------------
    def progress(self) -> str:
        """``hand 7 of 10`` under ``max_hands`` (``hand 11: tie, play on`` past it), else ""."""
        game = self.game
        if game is None or game.max_hands is None:
            return ""
        number = game.hands_played + 1
        if game.playing_on:
            return Message("hand.play_on", number=number)
        return Message("hand.of", number=number, of=game.max_hands)

    def say(self, text: str) -> None:
        """Show a one-line notice with the next view."""
        self.ui = dataclasses.replace(self.ui, message=text)

    def go(self, screen: Screen, **changes: Any) -> None:
        """Show ``screen`` with these cursor changes."""
        self.ui = dataclasses.replace(self.ui, screen=screen, **changes)

    def open(self, screen: Screen, **changes: Any) -> None:
        """Open an overlay over the current screen (it returns there with ``close``)."""
        self.go(screen, stack=(*self.ui.stack, self.ui.screen), **changes)

    def close(self) -> None:
        """Close the top overlay: back to the screen under it."""
        stack = self.ui.stack
        self.go(stack[-1] if stack else self.home(), stack=stack[:-1])

    def close_all(self) -> None:
        """Close every overlay: back to the screen under them."""
        self.go(self.ui.base, stack=())

    def enter(self, entry: TableEntry) -> Change:
        """Apply an entry and move to the screen it leads to."""
        self.apply(entry)
        self.go(self.home(), stack=(), mark_five=False, mark_three=False)
        return Change(append=[entry])

    def undo(self) -> Change:
        """Drop the last entry and go back to the screen it was made on, with its values."""
        if len(self.entries) <= 1:
            self.say(Message("undo.nothing"))
            return Change()
        last = self.entries[-1]
        if self.draft.entries and self.draft.entries[-1] is last:
            self.draft.pop()  # an entry of the hand in progress: the fold steps back
            self.entries.pop()
        else:  # an entry the game holds (a redeal, a confirmed hand): fold again
            self.load(self.rules, self.entries[:-1], self.ui)
        where = last.reopens()
        screen = Screen(where.screen) if where.screen else self.home()
        self.go(screen, stack=(), **dict(where.fields or {}))
        self.say(Message("undo.done", what=last.describe()))
        return Change(drop=1)
