"""The table's interaction logic: logical keys in, entries and screens (views) out.

A ``Table`` is the fold of a game's entries (``kaiser_core.entries``) plus a small UI
state (which screen, the cursors). ``press(key)`` returns a ``Change``: the entries to
append or drop and whether the UI state changed; the caller journals it, then shows
``view()``. Nothing here reads a clock, a device or a random source: the random first
dealer comes from an injected chooser.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kaiser_core.bidding import Bid, Contract
from kaiser_core.cards import FIVE_HEARTS, SEATS, TEAMS, THREE_SPADES, Card, Seat, Suit, Team
from kaiser_core.entries import (
    CardEntry,
    ConfirmEntry,
    ContractEntry,
    Mode,
    RedealEntry,
    SpecialEntry,
    Start,
    TableEntry,
    TakenEntry,
    TrickEntry,
)
from kaiser_core.errors import KaiserError
from kaiser_core.game import Game
from kaiser_core.hand import ByCard, ByTeam, ByTrick, Hand, Redeal
from kaiser_core.rules import MAX_BID, Rules
from kaiser_core.scoring import HandScore, score_hand
from kaiser_core.table.requests import Flip, Request, ShutDown, Teach
from kaiser_core.tricks import find_revokes, trick_winner
from kaiser_core.views import (
    AskSpecialView,
    BidderView,
    BidView,
    CardsView,
    ContractLabel,
    GameOverView,
    ListView,
    LiveContract,
    MenuView,
    NewGameView,
    QuickView,
    ScoreView,
    SummaryView,
    TeamScore,
    TricksView,
    View,
)


class Key(enum.Enum):
    """A logical key: the joystick, A, B, and the long presses."""

    UP = "UP"
    DOWN = "DOWN"
    LEFT = "LEFT"
    RIGHT = "RIGHT"
    OK = "OK"
    A = "A"
    B = "B"
    HOLD_OK = "HOLD-OK"
    HOLD_A = "HOLD-A"
    HOLD_B = "HOLD-B"

    @classmethod
    def from_name(cls, name: str) -> Key:
        """The key for ``UP`` ... ``HOLD-B``; raises KaiserError for an unknown name."""
        try:
            return cls(name)
        except ValueError:
            names = " ".join(k.value for k in cls)
            raise KaiserError(f"unknown key {name!r} (keys are {names})") from None


#: Joystick directions point at seats: UP = N, RIGHT = E, DOWN = S, LEFT = W.
DIRECTION_SEAT = {Key.UP: Seat.N, Key.RIGHT: Seat.E, Key.DOWN: Seat.S, Key.LEFT: Seat.W}
TRUMP_CYCLE: tuple[Suit | None, ...] = (Suit.S, Suit.H, Suit.D, Suit.C, None)


class Screen(enum.Enum):
    """Where the table is."""

    NEW_GAME = "new-game"
    SCORE = "score"
    BIDDER = "bidder"
    BID = "bid"
    TRICKS = "tricks"
    CARDS = "cards"
    ASK_FIVE = "ask-five"
    ASK_THREE = "ask-three"
    QUICK = "quick"
    SUMMARY = "summary"
    GAME_OVER = "game-over"
    MENU = "menu"
    LIST = "list"
    CONFIRM_NEW = "confirm-new"
    TEACH = "teach"


class MenuItem(enum.Enum):
    """The menu's items."""

    UNDO = "Undo"
    REDEAL = "Redeal"
    MODE = "Entry"
    RULES = "Rules"
    NEW_GAME = "New game"
    HISTORY = "History"
    FLIP = "Flip display"
    TEACH = "Teach cards"
    SHUT_DOWN = "Shut down"


@dataclass(frozen=True)
class Ui:
    """The UI state that is not an entry: screen and cursors. Journaled as JSON."""

    screen: Screen = Screen.NEW_GAME
    bidder: Seat | None = None
    number: int = 6
    trump: int = 0  # index into TRUMP_CYCLE
    low: bool = False
    mark_five: bool = False
    mark_three: bool = False
    quick_tricks: int = 4
    quick_five: str = ""
    quick_three: str = ""
    menu_index: int = 0
    back: Screen = Screen.SCORE  # where MENU and LIST return
    list_kind: str = ""
    list_index: int = 0
    teach_index: int = 0
    mode: Mode = Mode.PER_TRICK
    flipped: bool = False
    message: str = ""

    def to_json(self) -> dict[str, Any]:
        """JSON for the journal."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Ui:
        """Read back ``to_json``; unknown or bad fields fall back to their defaults."""
        if not isinstance(data, dict):
            return cls()
        ui = cls()
        changes: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                continue
            value, default = data[f.name], getattr(ui, f.name)
            try:
                if isinstance(default, enum.Enum):
                    changes[f.name] = type(default)(value)
                elif f.name == "bidder":
                    changes[f.name] = None if value is None else Seat(value)
                elif type(value) is type(default):
                    changes[f.name] = value
            except ValueError:
                continue
        return dataclasses.replace(ui, **changes)


@dataclass
class Change:
    """What one key did: entries appended, entries dropped (undo), UI changed, requests."""

    append: list[TableEntry] = field(default_factory=list)
    drop: int = 0
    ui: bool = False
    new_game: Rules | None = None  # start a new game under these rules (with a Start)
    abandon: bool = False  # the current game is left unfinished
    request: Request | None = None  # for the hardware: ShutDown(), Teach(card), Flip()

    @property
    def stored(self) -> bool:
        """True when something must be journaled."""
        return bool(self.append or self.drop or self.ui or self.new_game or self.abandon)


@dataclass
class Draft:
    """The hand being entered."""

    contract: ContractEntry | None = None
    tricks: list[TrickEntry] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    specials: dict[Card, Seat] = field(default_factory=dict)
    taken: TakenEntry | None = None


class Table:
    """The table's state: a game's entries folded, plus the UI state."""

    def __init__(
        self,
        rules: Rules,
        *,
        names: Mapping[Team, str] | None = None,
        choose_seat: Callable[[], Seat] = lambda: Seat.N,
        reader_available: bool = False,
    ) -> None:
        self.new_game_rules = rules
        self.names = {t: (names or {}).get(t, t.code) for t in TEAMS}
        self.choose_seat = choose_seat
        self.reader_available = reader_available
        self.reader_online = False
        self.series: tuple[int, int] | None = None
        self.history: list[str] = []
        self.ui = Ui()
        self.game: Game | None = None
        self.entries: list[TableEntry] = []
        self.draft = Draft()

    # -- loading --------------------------------------------------------------------------
    def load(self, rules: Rules | None, entries: list[TableEntry], ui: Ui) -> None:
        """Rebuild from a journal: the game's rules (None: no game), its entries, the UI.

        Raises KaiserError when the entries do not replay.
        """
        self.game = None
        self.entries = []
        self.draft = Draft()
        if rules is not None:
            self.game = Game(rules)
            for entry in entries:
                self._apply(entry)
        self.ui = ui
        if not self._screen_fits(ui.screen):
            self.ui = dataclasses.replace(ui, screen=self.home(), message="")

    def _screen_fits(self, screen: Screen) -> bool:
        home = self.home()
        if screen in (Screen.MENU, Screen.LIST, Screen.CONFIRM_NEW, Screen.TEACH):
            return self._screen_fits(self.ui.back) if self.ui.back != screen else False
        if home is Screen.SCORE:
            return screen in (Screen.SCORE, Screen.BIDDER, Screen.BID)
        return screen is home

    # -- the fold -------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The current game's rules, or those a new game would get."""
        return self.game.rules if self.game else self.new_game_rules

    def _apply(self, entry: TableEntry) -> None:
        game = self.game
        if game is None:
            raise KaiserError("an entry before the game started")
        d = self.draft
        if isinstance(entry, Start):
            if self.entries:
                raise KaiserError("the game started twice")
            game.first_dealer = entry.first_dealer
        elif not self.entries:
            raise KaiserError("the game's first entry must be its start")
        elif isinstance(entry, RedealEntry):
            if d.contract is not None:
                raise KaiserError("a redeal after the contract")
            game.push(Redeal())
        elif isinstance(entry, ContractEntry):
            if d.contract is not None or game.over:
                raise KaiserError("a second contract in one hand")
            Bid(entry.number, entry.no_trump).check_range(game.rules)
            d.contract = entry
        elif isinstance(entry, ConfirmEntry):
            game.push(self._hand())
            self.draft = Draft()
        else:
            self._apply_outcome(entry)
        self.entries.append(entry)

    def _apply_outcome(self, entry: TableEntry) -> None:
        d = self.draft
        c = d.contract
        n = self.rules.tricks_per_hand
        if c is None:
            raise KaiserError("an outcome before the contract")
        if isinstance(entry, TrickEntry) and c.mode is Mode.PER_TRICK and len(d.tricks) < n:
            d.tricks.append(entry)
        elif isinstance(entry, CardEntry) and c.mode is Mode.READER and len(d.cards) < 4 * n:
            if entry.card in d.cards or entry.card not in self.rules.pack:
                raise KaiserError(f"{entry.card.code} cannot be played")
            d.cards.append(entry.card)
        elif isinstance(entry, SpecialEntry) and len(d.tricks) == n:
            d.specials[entry.card] = entry.seat
        elif isinstance(entry, TakenEntry) and c.mode is Mode.PER_HAND and d.taken is None:
            d.taken = entry
        else:
            raise KaiserError(f"{type(entry).__name__} does not fit the hand")

    def _hand(self) -> Hand:
        d = self.draft
        c = d.contract
        if c is None:
            raise KaiserError("no hand to confirm")
        contract = Contract(c.bidder, Bid(c.number, c.no_trump))
        if c.mode is Mode.PER_TRICK:
            five = self._special_taker(FIVE_HEARTS)
            three = self._special_taker(THREE_SPADES)
            if five is None or three is None:
                raise KaiserError("a special's taker is not known yet")
            result: ByTrick | ByTeam | ByCard = ByTrick(
                tuple(t.winner for t in d.tricks), five, three
            )
        elif c.mode is Mode.PER_HAND:
            if d.taken is None:
                raise KaiserError("the hand's tricks are not entered yet")
            bidders = c.bidder.team
            tricks = {
                bidders: d.taken.bidders_tricks,
                bidders.other: self.rules.tricks_per_hand - d.taken.bidders_tricks,
            }
            side = {"bidders": bidders, "defenders": bidders.other}
            result = ByTeam(
                tricks[Team.NS], tricks[Team.EW], side[d.taken.five], side[d.taken.three]
            )
        else:
            cards = d.cards
            result = ByCard(tuple(tuple(cards[i : i + 4]) for i in range(0, len(cards), 4)))
        return Hand(contract, result, c.trump, c.low)

    def _special_taker(self, card: Card) -> Seat | None:
        d = self.draft
        for t in d.tricks:
            if t.five if card == FIVE_HEARTS else t.three:
                return t.winner
        return d.specials.get(card)

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
            if self._special_taker(FIVE_HEARTS) is None:
                return Screen.ASK_FIVE
            if self._special_taker(THREE_SPADES) is None:
                return Screen.ASK_THREE
            return Screen.SUMMARY
        if c.mode is Mode.PER_HAND:
            return Screen.QUICK if d.taken is None else Screen.SUMMARY
        return Screen.CARDS if len(d.cards) < 4 * n else Screen.SUMMARY

    # -- keys -----------------------------------------------------------------------------
    def press(self, key: Key) -> Change:
        """Handle one key; the state changes in place; the returned Change says what to store."""
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        if key is Key.HOLD_B:
            change = self._undo()
        elif key is Key.HOLD_OK:
            change = self._open_menu()
        else:
            handler = getattr(self, f"_key_{self.ui.screen.name.lower()}")
            change = handler(key)
        if self.ui != before:
            change.ui = True
        return change

    def read_card(self, code: str) -> Change:
        """A card from the reader, in play order (card-reader entry).

        A card that cannot be played (not in the pack, already played this hand, or read
        while the table is not entering cards) is refused on screen and nothing is stored.
        A card that shows a revoke is stored and the screen says who revoked.
        """
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        change = Change()
        try:
            card: Card | None = Card.from_code(code)
        except KaiserError:
            card = None
        label = card.label if card is not None else code
        screen = self.ui.screen
        if screen is Screen.TEACH:
            self._read_while_teaching(card, code)
        elif screen is not Screen.CARDS:
            if screen in (Screen.MENU, Screen.LIST, Screen.CONFIRM_NEW) and (
                self.ui.back is Screen.CARDS
            ):
                self._say(f"{label} not taken: close the menu, then read it again")
            else:
                self._say(f"{label} ignored: cards are not being entered now")
        elif card is None or card not in self.rules.pack:
            self._say(f"{label} is not in this pack: refused")
        elif card in self.draft.cards:
            trick = self.draft.cards.index(card) // 4 + 1
            self._say(f"{label} was already played (trick {trick}): refused")
        else:
            known = len(self._revokes())
            change = self._enter(CardEntry(card))
            new = self._revokes()[known:]
            if new:
                seat, trick, suit = new[0]
                self._say(
                    f"{seat.code} revoked {suit.symbol} in trick {trick}: now plays {card.label}"
                )
        if self.ui != before:
            change.ui = True
        return change

    def _read_while_teaching(self, card: Card | None, code: str) -> None:
        """A tag the reader knows was read on the TEACH screen: say what it is."""
        pack = self.rules.pack
        index = self.ui.teach_index
        if index >= len(pack):
            self._say(f"that tag is {card.label if card else code}; every card is taught")
        elif card == pack[index]:
            nxt = f"{pack[index + 1].label}" if index + 1 < len(pack) else "the end"
            self._say(f"{card.label} is known already: OK skips to {nxt}")
        else:
            self._say(f"that tag is {card.label if card else code}: lay {pack[index].label}")

    def _revokes(self) -> list[tuple[Seat, int, Suit]]:
        """Revokes of the card-reader hand so far: (seat, trick, the suit not followed)."""
        c = self.draft.contract
        if c is None or c.mode is not Mode.READER:
            return []
        played = self.played_tricks()
        tricks = [(lead, cards) for lead, cards, _ in played]
        current = self.draft.cards[len(played) * 4 :]
        if current:
            tricks.append((played[-1][2] if played else c.bidder, tuple(current)))
        return [(r.seat, r.trick, tricks[r.trick - 1][1][0].suit) for r in find_revokes(tricks)]

    def reader_notice(self, text: str) -> Change:
        """Show a notice from the reader (an unknown tag, an error)."""
        self.ui = dataclasses.replace(self.ui, message=text)
        return Change(ui=True)

    def _say(self, text: str) -> None:
        self.ui = dataclasses.replace(self.ui, message=text)

    def _go(self, screen: Screen, **changes: Any) -> None:
        self.ui = dataclasses.replace(self.ui, screen=screen, **changes)

    def _enter(self, entry: TableEntry) -> Change:
        """Apply an entry and move to the screen it leads to."""
        self._apply(entry)
        self._go(self.home(), mark_five=False, mark_three=False)
        return Change(append=[entry])

    def _undo(self) -> Change:
        if len(self.entries) <= 1:
            self._say("nothing to undo")
            return Change()
        last = self.entries[-1]
        rules, entries = self.rules, self.entries[:-1]
        ui = self.ui
        self.load(rules, entries, ui)
        # Back to the screen the entry was made on, with its values.
        if isinstance(last, RedealEntry):
            self._go(Screen.BIDDER)
        elif isinstance(last, ContractEntry):
            self._go(
                Screen.BID,
                bidder=last.bidder,
                number=last.number,
                trump=TRUMP_CYCLE.index(last.trump),
                low=last.low,
            )
        elif isinstance(last, TrickEntry):
            self._go(Screen.TRICKS, mark_five=last.five, mark_three=last.three)
        elif isinstance(last, TakenEntry):
            self._go(
                Screen.QUICK,
                quick_tricks=last.bidders_tricks,
                quick_five=last.five,
                quick_three=last.three,
            )
        else:
            self._go(self.home())
        self._say(f"undone: {describe(last)}")
        return Change(drop=1)

    # -- screens --------------------------------------------------------------------------
    def _key_new_game(self, key: Key) -> Change:
        if key in DIRECTION_SEAT:
            seat = DIRECTION_SEAT[key]
        elif key is Key.OK:
            seat = self.choose_seat()
        else:
            return Change()
        rules = self.new_game_rules
        self.game = Game(rules)
        self.entries = []
        self.draft = Draft()
        change = self._enter(Start(seat))
        change.new_game = rules
        return change

    def _key_score(self, key: Key) -> Change:
        if key is Key.OK:
            self._go(Screen.BIDDER)
        return Change()

    def _key_bidder(self, key: Key) -> Change:
        if key in DIRECTION_SEAT:
            self._go(
                Screen.BID,
                bidder=DIRECTION_SEAT[key],
                number=self.rules.min_bid,
                trump=0,
                low=False,
            )
        elif key is Key.A:
            return self._enter(RedealEntry())
        elif key is Key.B:
            self._go(Screen.SCORE)
        return Change()

    def _key_bid(self, key: Key) -> Change:
        ui, rules = self.ui, self.rules
        trump = TRUMP_CYCLE[ui.trump]
        low_limit = rules.nt_minimum if trump is None else rules.min_bid
        if key in (Key.UP, Key.DOWN):
            step = 1 if key is Key.UP else -1
            self._go(Screen.BID, number=max(low_limit, min(MAX_BID, ui.number + step)))
        elif key in (Key.LEFT, Key.RIGHT):
            index = (ui.trump + (1 if key is Key.RIGHT else -1)) % len(TRUMP_CYCLE)
            number = ui.number
            if TRUMP_CYCLE[index] is None and number < rules.nt_minimum:
                number = rules.nt_minimum
                self._say(f"no-trump starts at {number}")
            self._go(Screen.BID, trump=index, number=number)
        elif key is Key.A:
            if rules.low_allowed:
                self._go(Screen.BID, low=not ui.low)
            else:
                self._say("low is not allowed by these rules")
        elif key is Key.B:
            self._go(Screen.BIDDER)
        elif key is Key.OK and ui.bidder is not None:
            mode = ui.mode
            if mode is Mode.READER and not self.reader_available:
                mode = Mode.PER_TRICK
            change = self._enter(ContractEntry(ui.bidder, ui.number, trump, ui.low, mode))
            self._go(self.ui.screen, quick_tricks=4, quick_five="", quick_three="")
            return change
        return Change()

    def _key_tricks(self, key: Key) -> Change:
        ui = self.ui
        if key in (Key.A, Key.B):
            card = FIVE_HEARTS if key is Key.A else THREE_SPADES
            marked = ui.mark_five if key is Key.A else ui.mark_three
            taken_in = self._trick_with(card)
            if not marked and taken_in:
                self._say(f"{card.label} was taken in trick {taken_in}")
            elif key is Key.A:
                self._go(Screen.TRICKS, mark_five=not marked)
            else:
                self._go(Screen.TRICKS, mark_three=not marked)
        elif key in DIRECTION_SEAT:
            return self._enter(TrickEntry(DIRECTION_SEAT[key], ui.mark_five, ui.mark_three))
        return Change()

    def _trick_with(self, card: Card) -> int:
        for i, t in enumerate(self.draft.tricks, 1):
            if t.five if card == FIVE_HEARTS else t.three:
                return i
        return 0

    def _key_ask_five(self, key: Key) -> Change:
        return self._ask(key, FIVE_HEARTS)

    def _key_ask_three(self, key: Key) -> Change:
        return self._ask(key, THREE_SPADES)

    def _ask(self, key: Key, card: Card) -> Change:
        if key not in DIRECTION_SEAT:
            return Change()
        seat = DIRECTION_SEAT[key]
        if all(t.winner is not seat for t in self.draft.tricks):
            self._say(f"{seat.code} took no trick: who took {card.label}?")
            return Change()
        return self._enter(SpecialEntry(card, seat))

    def _key_quick(self, key: Key) -> Change:
        ui = self.ui
        n = self.rules.tricks_per_hand
        cycle = {"": "bidders", "bidders": "defenders", "defenders": "bidders"}
        if key in (Key.UP, Key.DOWN):
            step = 1 if key is Key.UP else -1
            self._go(Screen.QUICK, quick_tricks=max(0, min(n, ui.quick_tricks + step)))
        elif key is Key.A:
            self._go(Screen.QUICK, quick_five=cycle[ui.quick_five])
        elif key is Key.B:
            self._go(Screen.QUICK, quick_three=cycle[ui.quick_three])
        elif key is Key.OK:
            tricks = {"bidders": ui.quick_tricks, "defenders": n - ui.quick_tricks}
            for label, side in (("5♥", ui.quick_five), ("3♠", ui.quick_three)):
                if not side:
                    self._say(f"who took {label}? A sets 5♥, B sets 3♠")
                    return Change()
                if tricks[side] == 0:
                    self._say(f"{label} is with the {side}, who took no trick")
                    return Change()
            return self._enter(TakenEntry(ui.quick_tricks, ui.quick_five, ui.quick_three))
        return Change()

    def _key_cards(self, key: Key) -> Change:
        return Change()

    def _key_summary(self, key: Key) -> Change:
        if key is Key.OK:
            return self._enter(ConfirmEntry())
        return Change()

    def _key_game_over(self, key: Key) -> Change:
        if key is Key.OK:
            self.game = None
            self.entries = []
            self.draft = Draft()
            self._go(Screen.NEW_GAME)
        return Change()

    # -- menu -----------------------------------------------------------------------------
    def menu_items(self) -> list[MenuItem]:
        """The menu's items here and now."""
        items = list(MenuItem)
        if not self.reader_available:
            items.remove(MenuItem.TEACH)
        return items

    def _open_menu(self) -> Change:
        if self.ui.screen in (Screen.MENU, Screen.LIST, Screen.CONFIRM_NEW, Screen.TEACH):
            self._go(self.ui.back)
        else:
            self._go(Screen.MENU, back=self.ui.screen, menu_index=0)
        return Change()

    def _key_menu(self, key: Key) -> Change:
        items = self.menu_items()
        ui = self.ui
        if key in (Key.UP, Key.DOWN):
            step = 1 if key is Key.DOWN else -1
            self._go(Screen.MENU, menu_index=(ui.menu_index + step) % len(items))
        elif key is Key.B:
            self._go(ui.back)
        elif key is Key.OK:
            return self._choose(items[ui.menu_index % len(items)])
        return Change()

    def _choose(self, item: MenuItem) -> Change:
        ui = self.ui
        if item is MenuItem.UNDO:
            self._go(ui.back)
            return self._undo()
        if item is MenuItem.REDEAL:
            if self.home() is not Screen.SCORE:
                self._say("a hand is under way: undo back to the contract first")
                return Change()
            self._go(Screen.SCORE)
            return self._enter(RedealEntry())
        if item is MenuItem.MODE:
            modes = [Mode.PER_TRICK, Mode.PER_HAND] + (
                [Mode.READER] if self.reader_available else []
            )
            mode = modes[(modes.index(ui.mode) + 1) % len(modes)] if ui.mode in modes else modes[0]
            self._go(Screen.MENU, mode=mode)
            self._say(f"entry: {mode.label} (from the next contract)")
            return Change()
        if item is MenuItem.RULES:
            self._go(Screen.LIST, list_kind="rules", list_index=0)
            return Change()
        if item is MenuItem.HISTORY:
            self._go(Screen.LIST, list_kind="history", list_index=0)
            return Change()
        if item is MenuItem.NEW_GAME:
            if self.game is None or not self.entries:
                self._go(Screen.NEW_GAME)
                return Change()
            self._go(Screen.CONFIRM_NEW)
            return Change()
        if item is MenuItem.FLIP:
            self._go(Screen.MENU, flipped=not ui.flipped)
            return Change(request=Flip())
        if item is MenuItem.TEACH:
            self._go(Screen.TEACH, teach_index=0)
            return Change(request=Teach(self.rules.pack[0]))
        self._say("shutting down")
        return Change(request=ShutDown())

    def _key_list(self, key: Key) -> Change:
        lines = self._list_lines()
        if key in (Key.UP, Key.DOWN):
            step = 1 if key is Key.DOWN else -1
            self._go(Screen.LIST, list_index=max(0, min(len(lines) - 1, self.ui.list_index + step)))
        elif key in (Key.B, Key.OK):
            self._go(Screen.MENU)
        return Change()

    def _key_teach(self, key: Key) -> Change:
        pack = self.rules.pack
        if key is Key.B or (key is Key.OK and self.ui.teach_index >= len(pack)):
            self._go(Screen.MENU)
        elif key is Key.OK:
            return self._teach_next(self.ui.teach_index + 1)
        return Change()

    def _teach_next(self, index: int) -> Change:
        """Move the TEACH screen to ``pack[index]`` and ask the reader to learn it."""
        pack = self.rules.pack
        self._go(Screen.TEACH, teach_index=min(index, len(pack)))
        if index < len(pack):
            return Change(request=Teach(pack[index]))
        self._say(f"all {len(pack)} cards are known: B returns")
        return Change()

    def pending_teach(self) -> str:
        """The card the TEACH screen waits for ("" when not teaching)."""
        pack = self.rules.pack
        if self.ui.screen is Screen.TEACH and self.ui.teach_index < len(pack):
            return pack[self.ui.teach_index].code
        return ""

    def taught(self, code: str) -> Change:
        """The reader learnt a tag as ``code``: teach the next card, or say the pack is known.

        Outside the TEACH screen the screen only says so (a teach left pending on the reader).
        """
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        change = Change()
        pack = self.rules.pack
        index = self.ui.teach_index
        try:
            label = Card.from_code(code).label
        except KaiserError:
            label = code
        if self.ui.screen is not Screen.TEACH:
            self._say(f"the reader learnt a tag as {label}")
        elif index < len(pack) and code == pack[index].code:
            change = self._teach_next(index + 1)
        elif index < len(pack):
            self._say(
                f"the reader learnt {label}, not {pack[index].label}: lay {pack[index].label}"
            )
            change = Change(request=Teach(pack[index]))
        else:
            self._say(f"the reader learnt {label}; every card is taught")
        change.ui = self.ui != before
        return change

    def _teach_view(self, msg: str) -> ListView:
        pack = self.rules.pack
        index = self.ui.teach_index
        offline = () if self.reader_online else ("reader offline",)
        if index >= len(pack):
            lines = (f"all {len(pack)} cards taught", "B returns", *offline)
        else:
            lines = (
                f"lay {pack[index].label} on the reader",
                f"card {index + 1} of {len(pack)}",
                *offline,
                "OK skips, B stops",
            )
        return ListView("Teach cards", lines, 0, msg)

    def _key_confirm_new(self, key: Key) -> Change:
        if key is Key.OK:
            self.game = None
            self.entries = []
            self.draft = Draft()
            self._go(Screen.NEW_GAME)
            return Change(abandon=True)
        if key is Key.B:
            self._go(Screen.MENU)
        return Change()

    # -- views ----------------------------------------------------------------------------
    def _team(self, team: Team) -> TeamScore:
        total = self.game.totals[team] if self.game else 0
        return TeamScore(team, self.names[team], total)

    def _label(self) -> ContractLabel:
        c = self.draft.contract
        assert c is not None
        return ContractLabel(c.bidder, c.number, c.trump, c.low)

    def view(self) -> View:
        """What the screen shows now."""
        ui = self.ui
        msg = ui.message
        game = self.game
        rules = self.rules
        s = ui.screen
        # The menu, its lists and teach mode need no game: they open before the first one.
        if s is Screen.MENU:
            labels = []
            for item in self.menu_items():
                if item is MenuItem.MODE:
                    labels.append(f"Entry: {ui.mode.label}")
                elif item is MenuItem.FLIP:
                    labels.append(f"Flip display: {'on' if ui.flipped else 'off'}")
                else:
                    labels.append(item.value)
            return MenuView(tuple(labels), ui.menu_index % len(labels), msg)
        if s is Screen.LIST:
            title = "Rules: " + rules.profile if ui.list_kind == "rules" else "History"
            return ListView(title, tuple(self._list_lines()), ui.list_index, msg)
        if s is Screen.TEACH:
            return self._teach_view(msg)
        if s is Screen.NEW_GAME or game is None:
            return NewGameView(rules.profile, msg)
        if s is Screen.SCORE:
            return ScoreView(
                self._team(Team.NS),
                self._team(Team.EW),
                game.dealer,
                game.dealer.next,
                game.target,
                game.hands_played + 1,
                self._warnings(),
                self.series,
                msg,
            )
        if s is Screen.BIDDER:
            return BidderView(game.dealer, msg)
        if s is Screen.BID:
            assert ui.bidder is not None
            trump = TRUMP_CYCLE[ui.trump]
            return BidView(
                ui.bidder,
                ui.number,
                trump,
                ui.low,
                rules.low_allowed,
                rules.nt_minimum if trump is None else rules.min_bid,
                msg,
            )
        if s is Screen.TRICKS:
            d = self.draft
            ns = sum(1 for t in d.tricks if t.winner.team is Team.NS)
            return TricksView(
                self._label(),
                len(d.tricks) + 1,
                rules.tricks_per_hand,
                ns,
                len(d.tricks) - ns,
                self._special_taker(FIVE_HEARTS),
                self._special_taker(THREE_SPADES),
                ui.mark_five,
                ui.mark_three,
                self.live(),
                msg,
            )
        if s is Screen.CARDS:
            return self._cards_view(msg)
        if s in (Screen.ASK_FIVE, Screen.ASK_THREE):
            return AskSpecialView("5H" if s is Screen.ASK_FIVE else "3S", msg)
        if s is Screen.QUICK:
            return QuickView(
                self._label(),
                ui.quick_tricks,
                rules.tricks_per_hand,
                ui.quick_five,
                ui.quick_three,
                msg,
            )
        if s is Screen.SUMMARY:
            return self._summary_view(msg)
        if s is Screen.GAME_OVER:
            winner = game.winner or Team.NS
            reason = game.results[-1].reason if game.results else ""
            return GameOverView(
                self._team(winner), self._team(winner.other), game.skunk, reason, self.series, msg
            )
        return ListView(
            "New game?", ("Abandon this game", "and start anew?", "OK = yes, B = no"), 0, msg
        )

    def _warnings(self) -> tuple[str, ...]:
        game = self.game
        assert game is not None
        out = []
        for team in TEAMS:
            if game.at_cap(team):
                out.append(
                    f"{self.names[team]} at {self.rules.defender_cap_at}: no points on defence"
                )
        for team in TEAMS:
            if game.totals[team] >= game.target - 12:
                out.append(f"{team.code} needs {game.target - game.totals[team]} to win")
        if self.rules.losing_total is not None:
            for team in TEAMS:
                if game.totals[team] <= self.rules.losing_total + 12:
                    out.append(f"{team.code} near {self.rules.losing_total}: loses there")
        return tuple(out)

    def live(self) -> LiveContract:
        """The contract's live state during per-trick or card entry."""
        d = self.draft
        c = d.contract
        assert c is not None
        bidders = c.bidder.team
        n = self.rules.tricks_per_hand
        if c.mode is Mode.READER:
            played = self.played_tricks()
            winners = [w for _, _, w in played]
            taker = {card: w for _, cards, w in played for card in cards}
            five_t = taker.get(FIVE_HEARTS)
            three_t = taker.get(THREE_SPADES)
        else:
            winners = [t.winner for t in d.tricks]
            five_t = next((t.winner for t in d.tricks if t.five), None)
            three_t = next((t.winner for t in d.tricks if t.three), None)
        points = sum(1 for w in winners if w.team is bidders)
        points += 5 if five_t is not None and five_t.team is bidders else 0
        points -= 3 if three_t is not None and three_t.team is bidders else 0
        left = n - len(winners)
        most = points + left + (5 if five_t is None and left else 0)
        least = points - (2 if three_t is None and left else 0)
        status = "MADE" if least >= c.number else "SET" if most < c.number else ""
        return LiveContract(points, c.number, most, status)

    def played_tricks(self) -> list[tuple[Seat, tuple[Card, ...], Seat]]:
        """Complete tricks of a card-reader hand: (leader, cards, winner)."""
        c = self.draft.contract
        assert c is not None
        cards = self.draft.cards
        leader = c.bidder
        out = []
        for i in range(0, len(cards) - len(cards) % 4, 4):
            trick = tuple(cards[i : i + 4])
            winner = trick_winner(trick, leader, c.trump, c.low)
            out.append((leader, trick, winner))
            leader = winner
        return out

    def _cards_view(self, msg: str) -> CardsView:
        c = self.draft.contract
        assert c is not None
        played = self.played_tricks()
        leader = played[-1][2] if played else c.bidder
        current = self.draft.cards[len(played) * 4 :]
        now = tuple((leader.after(i), card.code) for i, card in enumerate(current))
        last = played[-1] if played else None
        last_cards = (
            tuple((last[0].after(i), cd.code) for i, cd in enumerate(last[1])) if last else ()
        )
        ns = sum(1 for _, _, w in played if w.team is Team.NS)
        revokes = tuple(f"{seat.code} revoked T{trick}" for seat, trick, _ in self._revokes())
        return CardsView(
            self._label(),
            len(played) + 1,
            self.rules.tricks_per_hand,
            ns,
            len(played) - ns,
            now,
            leader.after(len(current)),
            last_cards,
            last[2] if last else None,
            self.live(),
            self.reader_online,
            revokes,
            msg,
        )

    def pending_score(self) -> HandScore:
        """The hand on the SUMMARY screen, scored against the current totals."""
        game = self.game
        assert game is not None
        hand = self._hand()
        return score_hand(game.rules, hand.contract, hand.outcome(game.rules), game.totals)

    def _summary_view(self, msg: str) -> SummaryView:
        game = self.game
        assert game is not None
        score = self.pending_score()
        after = {t: game.totals[t] + score.delta[t] for t in TEAMS}
        return SummaryView(
            self._label(),
            score.raw[Team.NS],
            score.raw[Team.EW],
            score.made,
            score.delta[Team.NS],
            score.delta[Team.EW],
            score.notes
            + tuple(
                f"{seat.code} revoked in trick {trick} ({suit.symbol})"
                for seat, trick, suit in self._revokes()
            ),
            TeamScore(Team.NS, self.names[Team.NS], after[Team.NS]),
            TeamScore(Team.EW, self.names[Team.EW], after[Team.EW]),
            msg,
        )

    def _list_lines(self) -> list[str]:
        if self.ui.list_kind == "rules":
            return [f"{k}: {v}" for k, v in self.rules.options().items()]
        game = self.game
        if game is None:
            return ["no game"]
        lines = []
        for i, r in enumerate(game.results, 1):
            if r.score is None:
                lines.append(f"{i}. {r.dealer.code} redeal")
                continue
            assert isinstance(r.entry, Hand)
            c = r.entry.contract
            suit = r.entry.trump.symbol if r.entry.trump else "NT"
            lines.append(
                f"{i}. {c.bidder.code} {c.bid.number}{suit} {'made' if r.score.made else 'set'}"
                f" {r.totals[Team.NS]}-{r.totals[Team.EW]}"
            )
        return lines or ["no hands yet"]

    # -- export ---------------------------------------------------------------------------
    def core_entries(self) -> list[Hand | Redeal]:
        """The game's scored entries, for the game record."""
        return list(self.game.entries) if self.game else []

    @property
    def first_dealer(self) -> Seat:
        """The game's first dealer."""
        return self.game.first_dealer if self.game else Seat.N


def describe(entry: TableEntry) -> str:
    """A short description of an entry, for "undone: ..."."""
    if isinstance(entry, TrickEntry):
        return f"trick to {entry.winner.code}"
    if isinstance(entry, ContractEntry):
        suit = entry.trump.symbol if entry.trump else "NT"
        return f"contract {entry.bidder.code} {entry.number}{suit}"
    if isinstance(entry, CardEntry):
        return f"card {entry.card.label}"
    if isinstance(entry, SpecialEntry):
        return f"{entry.card.label} to {entry.seat.code}"
    if isinstance(entry, TakenEntry):
        return "hand's tricks"
    if isinstance(entry, ConfirmEntry):
        return "confirmed hand"
    if isinstance(entry, RedealEntry):
        return "redeal"
    return "start"


__all__ = ["DIRECTION_SEAT", "SEATS", "Change", "Key", "Screen", "Table", "Ui"]
