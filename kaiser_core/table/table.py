"""The ``Table``: keys and reader events in, ``Change``s and views out.

``press(key)`` finds the module of the current screen in the registry (``desk.PAGES``)
and lets it handle the key; HOLD-B (undo) and HOLD-OK (menu) work everywhere. Every
module of this package is imported here, so each screen module registers itself; those
of ``LATER`` (the menu, its lists, teach mode, club mode) when first needed.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from typing import TYPE_CHECKING

from kaiser_core.cards import Card, Seat
from kaiser_core.errors import KaiserError
from kaiser_core.hand import Hand, Redeal
from kaiser_core.messages import Message
from kaiser_core.scoring import HandScore
from kaiser_core.table.desk import Desk, later, page_of
from kaiser_core.table.draft import PlayedTrick
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key, as_read
from kaiser_core.table.naming import name_view
from kaiser_core.table.requests import SayScore
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import ListView, LiveContract, NewGameView

if TYPE_CHECKING:
    from kaiser_core.table.menu import MenuItem
    from kaiser_core.views import View

#: The screens whose module loads when first shown, and the modules that load with club
#: mode (``waiting`` replaces NEW GAME's module); none is needed for the first frame.
LATER = {Screen.MENU: "menu", Screen.CONFIRM_NEW: "menu", Screen.LIST: "lists"}
LATER |= {Screen.TEACH: "teach", Screen.QUICK: "quick", Screen.CARDS: "cards"}
LATER |= {Screen.SCORE: "contract", Screen.BIDDER: "contract", Screen.BID: "contract"}
LATER |= {Screen.TRICKS: "tricks", Screen.ASK_FIVE: "tricks", Screen.ASK_THREE: "tricks"}
LATER |= {Screen.SUMMARY: "summary", Screen.GAME_OVER: "game_over"}
CLUB_MODULES = ("club_state", "round_over", "waiting")


def load_screen_modules(
    package: str = "kaiser_core.table", skip: tuple[str, ...] = ()
) -> list[str]:
    """Import every module of ``package`` but ``skip``: each screen module registers its
    screens (``skip``: those of ``LATER`` and club mode, imported when first needed).

    A new screen is a new module here; nothing else lists it. Returns the modules' names.
    """
    names = set()
    for folder in importlib.import_module(package).__path__:
        for entry in os.scandir(folder):
            name, _, ext = entry.name.partition(".")
            package_dir = entry.is_dir() and os.path.exists(os.path.join(entry.path, "__init__.py"))
            if (package_dir or ext == "py") and name.isidentifier() and name != "__init__":
                names.add(name)
    loaded = sorted(names - set(skip))
    for name in loaded:
        importlib.import_module(f"{package}.{name}")
    return loaded


for _screen, _module in LATER.items():
    later(_screen, f"{__name__.rpartition('.')[0]}.{_module}")
load_screen_modules(skip=(*LATER.values(), *CLUB_MODULES))


def club_mode(desk: Desk) -> bool:
    """True in club mode, its modules loaded (``waiting`` replaces NEW GAME's module)."""
    if desk.club is None:
        return False
    for name in CLUB_MODULES:
        importlib.import_module(f"{__name__.rpartition('.')[0]}.{name}")
    return True


def round_over_shows(desk: Desk) -> bool:
    """True while club mode's ROUND OVER shows."""
    return club_mode(desk) and desk.club is not None and desk.club.over is not None


#: The hint of the screens whose module gives none: what the keys do there.
DEFAULT_HINTS: dict[Screen, tuple[str, ...]] = {
    Screen.NEW_GAME: (step("OK", "hint.random"),),
    Screen.LIST: (step("▲▼", "hint.scroll"), step("B", "hint.back")),
}


def with_hint(view: View, screen: Screen) -> View:
    """``view``, with the default hint of its screen when its module gave none."""
    hint = DEFAULT_HINTS.get(screen)
    if isinstance(view, (NewGameView, ListView)) and hint and not view.hint:
        return dataclasses.replace(view, hint=hint)
    return view


class Table(Desk):
    """The table's state: a game's entries folded, plus the UI state."""

    def press(self, key: Key) -> Change:
        """Handle one key; the state changes in place; the returned Change says what to store."""
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        self.teach_failure = ""  # a key: the player has seen it
        if round_over_shows(self):  # club mode: ROUND OVER takes every key
            from kaiser_core.table import round_over

            change = round_over.press(self, key)
        elif key is Key.HOLD_B:
            change = self.undo()
        elif key is Key.HOLD_OK:
            from kaiser_core.table import menu

            change = menu.toggle(self)
        elif key is Key.HOLD_A:  # the score said aloud again, on any screen
            change = Change(request=SayScore())
        else:
            screen = self.ui.screen
            change = page_of(screen).press(self, as_read(key, screen, self.ui.flipped))
        if club_mode(self):
            from kaiser_core.table import round_over

            round_over.check(self)
        if before.screen is Screen.TEACH:  # teach.left acts only on leaving TEACH
            from kaiser_core.table import teach

            teach.left(self, before)
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
        try:
            card: Card | None = Card.from_code(code)
        except KaiserError:
            card = None
        page = page_of(self.ui.screen)
        change = Change()
        if page.read is not None:
            change = page.read(self, card, code)
        elif page.overlay and self.ui.base is Screen.CARDS:
            self.say(Message("cards.in_menu", card=card or code))
        else:
            self.say(Message("cards.ignored", card=card or code))
        if self.ui != before:
            change.ui = True
        return change

    def taught(self, code: str) -> Change:
        """The reader learnt a tag as ``code``: teach the next card, or say the pack is known.

        Outside the TEACH screen the screen only says so (a teach left pending on the reader).
        """
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        from kaiser_core.table import teach

        change = teach.taught(self, code)
        change.ui = self.ui != before
        return change

    def unknown_tag(self, uid: str) -> Change:
        """The reader read a tag it does not know: teach mode asks again, else say to teach it."""
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        from kaiser_core.table import teach

        change = teach.unknown(self, uid)
        change.ui = self.ui != before
        return change

    def read_after_gap(self, code: str, *, tag: bool = False) -> Change:
        """A read that came after reads the scorer never got: the reader's ``seq`` jumped
        (a line lost on the wire, tags read while it was unplugged) or the scorer had to
        drop some. ``code`` is a card code, or with ``tag`` an unknown tag's UID.

        In card entry it is refused and the screen says a card may have been missed
        (``cards.missed``); elsewhere it is an ordinary read.
        """
        if self.ui.screen is not Screen.CARDS:
            return self.unknown_tag(code) if tag else self.read_card(code)
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        try:
            card = None if tag else Card.from_code(code)
        except KaiserError:
            card = None
        from kaiser_core.table import cards

        change = cards.missed(self, card, "" if tag else code)
        change.ui = self.ui != before
        return change

    def reader_storage(self, notice: str) -> Change:
        """The reader could not save its table of tags: in teach mode the card is not
        taught (``teach.save_failed``); elsewhere ``notice``, the reader's words, shows."""
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        from kaiser_core.table import teach

        change = teach.save_failed(self, notice)
        change.ui = self.ui != before
        return change

    def pending_teach(self) -> str:
        """The card the TEACH screen waits for ("" when not teaching)."""
        if self.ui.screen is not Screen.TEACH:
            return ""
        from kaiser_core.table import teach

        return teach.pending(self)

    def reader_notice(self, text: str) -> Change:
        """Show a notice from the reader (an unknown tag, an error)."""
        self.say(text)
        return Change(ui=True)

    def menu_items(self) -> list[MenuItem | Screen]:
        """The menu's items here and now."""
        from kaiser_core.table import menu

        return menu.menu_items(self)

    def view(self) -> View:
        """What the screen shows now (its messages name the teams as the rows do)."""
        return name_view(self._view(), self.names)

    def _view(self) -> View:
        page = page_of(self.ui.screen)
        if round_over_shows(self) and not page.overlay:
            from kaiser_core.table import round_over

            return round_over.view(self)
        # The menu, its lists and teach mode need no game: they open before the first one.
        if self.game is None and not page.overlay:
            return with_hint(page_of(Screen.NEW_GAME).view(self), Screen.NEW_GAME)
        return with_hint(page.view(self), self.ui.screen)

    # -- the hand, for callers ------------------------------------------------------------
    def live(self) -> LiveContract:
        """The contract's live state during per-trick or card entry."""
        return self.draft.live()

    def played_tricks(self) -> list[PlayedTrick]:
        """Complete tricks of a card-reader hand: (leader, cards, winner)."""
        return self.draft.played_tricks()

    def pending_score(self) -> HandScore:
        """The hand on the SUMMARY screen, scored against the current totals."""
        from kaiser_core.table import summary

        return summary.pending_score(self)

    # -- export ---------------------------------------------------------------------------
    def core_entries(self) -> list[Hand | Redeal]:
        """The game's scored entries, for the game record."""
        return list(self.game.entries) if self.game else []

    @property
    def first_dealer(self) -> Seat:
        """The game's first dealer."""
        return self.game.first_dealer if self.game else Seat.N
