"""The table's state and what every screen module works on.

``Desk`` folds a game's entries (the ``Game`` and the hand's ``Draft``) and holds the UI
state (``Scene``: the screens shown, each with its own state); screen modules read it and
change it through ``go``/``set``/``open``/``close``/``say``/``enter``/``undo``. A ``Page``
is one screen's module as data: its state class, its keys (a handler per key), its view,
where it belongs. Which pages exist the desk is told (``pages``: the table hands it
``kaiser_core.table.screens.SCREENS``); nothing registers itself.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

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
from kaiser_core.table.ui import Change, Layer, NoState, Scene, Settings
from kaiser_core.views.base import ContractLabel, TeamScore

if TYPE_CHECKING:
    from kaiser_core.table.club_state import ClubState
    from kaiser_core.views import View

S = TypeVar("S")
#: A key's handler: the desk, the screen's state, the key; None means nothing to store.
Handler = Callable[["Desk", Any, Key], "Change | None"]


@dataclass(frozen=True)
class Page(Generic[S]):
    """One screen as data: its state class, its keys, its view, and where it belongs.

    ``keys`` maps each key the screen takes to its handler (other keys do nothing; HOLD-B
    and HOLD-OK are the table's). ``home`` is the screen the entries call for while this
    one shows (SCORE for the contract's steps; None: the screen itself). An ``overlay``
    opens over another screen (the menu, its lists) and returns there. ``read`` handles a
    card from the reader. ``menu`` is a label: the menu shows it and opens this screen.
    """

    screen: Screen
    view: Callable[[Desk, S], View]
    keys: Mapping[Key, Callable[[Desk, S, Key], Change | None]] = field(default_factory=dict)
    state: type[S] = NoState  # type: ignore[assignment]
    home: Screen | None = None
    overlay: bool = False
    read: Callable[[Desk, S, Card | None, str], Change] | None = None
    menu: str = ""

    def own(self, state: object) -> S:
        """``state`` when it is this screen's, else a new one (a scene made elsewhere, like
        ``Scene.at``, holds ``NoState``)."""
        return state if isinstance(state, self.state) else self.state()

    def press(self, desk: Desk, state: S, key: Key) -> Change:
        """The key's handler's change (an empty one for a key the screen does not take)."""
        handler = self.keys.get(key)
        change = handler(desk, state, key) if handler is not None else None
        return change if change is not None else Change()


class Pages(Mapping[Screen, "Page[Any]"]):
    """The screens a desk has: each screen's page, its module loaded when first asked for
    (``loaders``: a function per screen that returns its module's pages)."""

    def __init__(self, loaders: Mapping[Screen, Callable[[], Sequence[Page[Any]]]]) -> None:
        self.loaders = dict(loaders)
        self.loaded: dict[Screen, Page[Any]] = {}

    def __getitem__(self, screen: Screen) -> Page[Any]:
        page = self.loaded.get(screen)
        if page is None:
            if screen not in self.loaders:
                raise KeyError(screen)
            for found in self.loaders[screen]():
                self.loaded.setdefault(found.screen, found)
            page = self.loaded[screen]
        return page

    def __iter__(self) -> Any:
        return iter(self.loaders)

    def __len__(self) -> int:
        return len(self.loaders)

    def __contains__(self, screen: object) -> bool:
        return screen in self.loaders

    def state_of(self, screen: Screen) -> type | None:
        """The state class of ``screen`` (None: a screen this desk does not have)."""
        return self[screen].state if screen in self.loaders else None


def page_of(desk: Desk, screen: Screen) -> Page[Any]:
    """The page of ``screen``; raises KaiserError for a screen the desk does not have."""
    try:
        return desk.pages[screen]
    except KeyError:
        raise KaiserInputError(f"no module handles the {screen.value} screen") from None


@dataclass(frozen=True)
class Saved:
    """What a journal hands back to resume a table: the game (None: none), its entries, the
    UI state, the team names stored with the game, the series standings, the players on
    their seats and the finished games before it."""

    rules: Rules | None
    entries: tuple[TableEntry, ...] = ()
    ui: Scene = field(default_factory=Scene)
    names: Mapping[Team, str] = field(default_factory=dict)
    series: tuple[int, int] | None = None
    seats: Mapping[Seat, str] = field(default_factory=dict)  # the game's players by seat
    past: tuple[PastGame, ...] = ()  # finished games, newest first


class Desk:
    """A game's entries folded, plus the UI state."""

    def __init__(
        self,
        rules: Rules,
        *,
        names: Mapping[Team, str] | None = None,
        choose_seat: Callable[[], Seat] = lambda: Seat.N,
        reader_available: bool = False,
        voice_available: bool = False,
        voice_volume: int = 80,
        seats: Mapping[Seat, str] | None = None,
        roster: Sequence[str] = (),
        profiles: Mapping[str, Rules] | None = None,
        pages: Pages | None = None,
        club_pages: Pages | None = None,
    ) -> None:
        self.plain_pages = pages if pages is not None else Pages({})  # the screens it has
        self.club_pages = club_pages  # its screens in club mode (None: as ``plain_pages``)
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
        #: The config has a ``[voice]`` that is on: the menu has Voice and Volume. Its
        #: volume is the menu's until one is chosen; ``voice_status`` is "" while speech
        #: works, else why it does not (the voice's ``VoiceStatus`` event; never journaled).
        self.voice_available = voice_available
        self.voice_volume = voice_volume
        self.voice_status: str | Message = ""
        #: Teach mode: the reader could not save the card (shown until a key is pressed),
        #: and the card whose ``taught`` answer, still to come, does not count.
        self.teach_failure = ""
        self.unsaved = ""
        self.language = "en"  # the config's language (set by the hardware); the menu's: settings
        self.large = False  # the config's large type (set by the hardware); the menu's: settings
        self.series: tuple[int, int] | None = None
        self.history: list[str] = []
        self.ui = Scene()
        self.game: Game | None = None
        self.entries: list[TableEntry] = []
        self.draft = Draft(rules)

    @property
    def pages(self) -> Pages:
        """The screens the desk has now (club mode's while ``club`` is set)."""
        if self.club is not None and self.club_pages is not None:
            return self.club_pages
        return self.plain_pages

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
    def load(self, rules: Rules | None, entries: list[TableEntry], ui: Scene) -> None:
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
            self.ui = Scene((self.layer(self.home()),), ui.settings)

    def resume(self, saved: Saved) -> None:
        """Rebuild from what a journal handed back; raises KaiserError when it does not replay."""
        self.load(saved.rules, list(saved.entries), saved.ui)
        self.names.update({team: saved.names[team] for team in TEAMS if team in saved.names})
        self.seat_names.update(saved.seats)
        self.past = list(saved.past)
        self.series = saved.series

    def fits(self, ui: Scene) -> bool:
        """True when ``ui`` can show over these entries: its base is a screen of the home
        (not an overlay) and every layer above it an overlay."""
        pages = self.pages
        if not all(layer.screen in pages for layer in ui.layers):
            return False
        base = pages[ui.base]
        if base.overlay or not all(pages[layer.screen].overlay for layer in ui.layers[1:]):
            return False
        return (base.home or ui.base) is self.home()

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
        self.reset(Screen.NEW_GAME)

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
            game.push(Redeal(passed=entry.passed))
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
        return ContractLabel(c.bidder, c.number, c.trump, c.low, c.first_lead)

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

    @property
    def settings(self) -> Settings:
        """The table's choices that outlive a screen."""
        return self.ui.settings

    def choose(self, **changes: Any) -> None:
        """Change settings (``mode``, ``flipped``, ``language``, ``rules``, ``voice``,
        ``volume``, ``large``)."""
        settings = dataclasses.replace(self.ui.settings, **changes)
        self.ui = dataclasses.replace(self.ui, settings=settings)

    def layer(self, screen: Screen, **fields: Any) -> Layer:
        """``screen`` with a new state of its own: its defaults, changed by ``fields``."""
        return Layer(
            screen, self.pages[screen].state(**fields) if screen in self.pages else NoState()
        )

    def _top(self, layer: Layer) -> None:
        self.ui = dataclasses.replace(self.ui, layers=(*self.ui.layers[:-1], layer))

    def go(self, screen: Screen, **fields: Any) -> None:
        """Show ``screen`` in place of the top one, with a new state (``fields`` set)."""
        self._top(self.layer(screen, **fields))

    def set(self, **fields: Any) -> None:
        """Change fields of the shown screen's state."""
        screen, state = self.ui.screen, self.ui.state
        if screen in self.pages:
            state = self.pages[screen].own(state)
        self._top(Layer(screen, dataclasses.replace(state, **fields)))

    def reset(self, screen: Screen, **fields: Any) -> None:
        """Close every overlay and show ``screen`` with a new state."""
        self.ui = dataclasses.replace(self.ui, layers=(self.layer(screen, **fields),))

    def open(self, screen: Screen, **fields: Any) -> None:
        """Open an overlay over the current screen (it returns there with ``close``)."""
        self.ui = dataclasses.replace(
            self.ui, layers=(*self.ui.layers, self.layer(screen, **fields))
        )

    def close(self) -> None:
        """Close the top overlay: back to the screen under it, as it was."""
        layers = self.ui.layers
        if len(layers) > 1:
            self.ui = dataclasses.replace(self.ui, layers=layers[:-1])
        else:
            self.reset(self.home())

    def close_all(self) -> None:
        """Close every overlay: back to the screen under them, as it was."""
        self.ui = dataclasses.replace(self.ui, layers=self.ui.layers[:1])

    def enter(self, entry: TableEntry) -> Change:
        """Apply an entry and move to the screen it leads to."""
        self.apply(entry)
        self.reset(self.home())
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
        self.reset(screen, **dict(where.fields or {}))
        self.say(Message("undo.done", what=last.describe()))
        return Change(drop=1)
