"""The ``Table``: keys and reader events in, ``Change``s and views out.

``press(key)`` finds the page of the shown screen (``desk.Page``: the table's screens are
``screens.SCREENS``) and lets the handler of that key act on the screen's state; HOLD-B
(undo) and HOLD-OK (menu) work everywhere. In club mode ROUND OVER, once a round is over,
takes every key and shows over everything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, assert_never

from kaiser_core.cards import Card, Seat, Team
from kaiser_core.entries import TableEntry
from kaiser_core.errors import KaiserError
from kaiser_core.hand import Hand, Redeal
from kaiser_core.messages import Message
from kaiser_core.rules import Rules
from kaiser_core.scoring import HandScore
from kaiser_core.table import menu, teach
from kaiser_core.table.desk import Desk, Page, page_of
from kaiser_core.table.draft import PlayedTrick
from kaiser_core.table.events import (
    BrokerLink,
    CardRead,
    ClubJoined,
    Journaled,
    Pressed,
    ReaderNotice,
    ReaderPresent,
    ReaderStorage,
    RoundArrived,
    TableEvent,
    TagTaught,
    TagUnknown,
    VoiceStatus,
)
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key, as_read
from kaiser_core.table.menu import MenuItem
from kaiser_core.table.naming import name_view
from kaiser_core.table.requests import SayScore, Teach
from kaiser_core.table.screen import Screen
from kaiser_core.table.screens import pages
from kaiser_core.table.ui import Change
from kaiser_core.views.base import LiveContract
from kaiser_core.views.lists import ListView
from kaiser_core.views.new_game import NewGameView

if TYPE_CHECKING:
    from kaiser_core.table.club_state import ClubState
    from kaiser_core.table.past import PastGame
    from kaiser_core.views import View

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


def _card_of(read: Card | str) -> tuple[Card | None, str]:
    """A read card and its code; a code that is no card gives None (the screen says so)."""
    if isinstance(read, Card):
        return read, read.code
    try:
        return Card.from_code(read), read
    except KaiserError:
        return None, read


class Table(Desk):
    """The table's state: a game's entries folded, plus the UI state, with its screens."""

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
    ) -> None:
        super().__init__(
            rules,
            names=names,
            choose_seat=choose_seat,
            reader_available=reader_available,
            voice_available=voice_available,
            voice_volume=voice_volume,
            seats=seats,
            roster=roster,
            profiles=profiles,
            pages=pages(),
            club_pages=pages(club=True),
        )

    def _shown(self) -> Page[Any]:
        """The page that takes keys and draws: ROUND OVER once a club round is over, else
        the top screen's."""
        if self.club is not None and self.club.over is not None:
            return self.pages[Screen.ROUND_OVER]
        return page_of(self, self.ui.screen)

    def press(self, key: Key) -> Change:
        """Handle one key; the state changes in place; the returned Change says what to store."""
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        self.teach_failure = ""  # a key: the player has seen it
        page = self._shown()
        if page.screen is Screen.ROUND_OVER:  # club mode: ROUND OVER takes every key
            change = page.press(self, page.own(self.ui.state), key)
        elif key is Key.HOLD_B:
            change = self.undo()
        elif key is Key.HOLD_OK:
            change = menu.toggle(self)
        elif key is Key.HOLD_A:  # the score said aloud again, on any screen
            change = Change(request=SayScore())
        else:
            screen = self.ui.screen
            change = page.press(
                self, page.own(self.ui.state), as_read(key, screen, self.ui.flipped)
            )
        self._round_check()
        if before.screen is Screen.TEACH:  # teach.left acts only on leaving TEACH
            teach.left(self, before)
        if self.ui != before:
            change.ui = True
        return change

    def _round_check(self) -> None:
        """Club mode, after a key: the round's game just ended -> ROUND OVER."""
        club = self.club
        if club is None or club.game_round is None or club.over is not None:
            return
        if self.game is not None and self.game.over:
            self.club = dataclasses.replace(club, over=club.game_round)

    def handle(self, event: TableEvent) -> Change:
        """One event from the world (``kaiser_core.table.events``), by its type; the state
        changes in place and the returned Change says what to store."""
        match event:
            case Pressed(key):
                return self.press(key)
            case CardRead(card, after_gap):
                return self.read_after_gap(card) if after_gap else self.read_card(card)
            case TagUnknown(uid, after_gap):
                return self.read_after_gap(uid, tag=True) if after_gap else self.unknown_tag(uid)
            case TagTaught(card):
                return self.taught(card)
            case ReaderNotice(text):
                return self.reader_notice(text)
            case ReaderStorage(text):
                return self.reader_storage(text)
            case ReaderPresent(online):
                return self.reader_present(online)
            case ClubJoined(state):
                return self.join_club(state)
            case RoundArrived(payload):
                return self.round_arrived(payload)
            case BrokerLink(online):
                return self.broker_link(online)
            case Journaled(series, past):
                return self.journaled(series, past)
            case VoiceStatus(status):
                return self.voice_said(status)
        assert_never(event)

    def read_card(self, card: Card | str) -> Change:
        """A card from the reader, in play order (card-reader entry).

        The reader hands a ``Card`` (its parser made it); a code (a test, a record) is
        read here. A card that cannot be played (not in the pack, already played this
        hand, or read while the table is not entering cards) is refused on screen and
        nothing is stored. A card that shows a revoke is stored and the screen says who
        revoked.
        """
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        known, code = _card_of(card)
        page = page_of(self, self.ui.screen)
        change = Change()
        if page.read is not None:
            change = page.read(self, page.own(self.ui.state), known, code)
        elif page.overlay and self.ui.base is Screen.CARDS:
            self.say(Message("cards.in_menu", card=known or code))
        else:
            self.say(Message("cards.ignored", card=known or code))
        if self.ui != before:
            change.ui = True
        return change

    def taught(self, card: Card | str) -> Change:
        """The reader learnt a tag as ``card``: teach the next card, or say the pack is known.

        Outside the TEACH screen the screen only says so (a teach left pending on the reader).
        """
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        change = teach.taught(self, card.code if isinstance(card, Card) else card)
        change.ui = self.ui != before
        return change

    def unknown_tag(self, uid: str) -> Change:
        """The reader read a tag it does not know: teach mode asks again, else say to teach it."""
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        change = teach.unknown(self, uid)
        change.ui = self.ui != before
        return change

    def read_after_gap(self, read: Card | str, *, tag: bool = False) -> Change:
        """A read that came after reads the scorer never got: the reader's ``seq`` jumped
        (a line lost on the wire, tags read while it was unplugged) or the scorer had to
        drop some. ``read`` is a card (or its code), or with ``tag`` an unknown tag's UID.

        In card entry it is refused and the screen says a card may have been missed
        (``cards.missed``); elsewhere it is an ordinary read.
        """
        if self.ui.screen is not Screen.CARDS:
            if isinstance(read, str) and tag:
                return self.unknown_tag(read)
            return self.read_card(read)
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        if tag:
            self.say(Message("cards.missed_tag"))
        else:
            card, code = _card_of(read)
            self.say(Message("cards.missed", card=card or code))
        return Change(ui=self.ui != before)

    def reader_storage(self, notice: str) -> Change:
        """The reader could not save its table of tags: in teach mode the card is not
        taught (``teach.save_failed``); elsewhere ``notice``, the reader's words, shows."""
        before = self.ui
        self.ui = dataclasses.replace(self.ui, message="")
        change = teach.save_failed(self, notice)
        change.ui = self.ui != before
        return change

    def pending_teach(self) -> str:
        """The card the TEACH screen waits for ("" when not teaching)."""
        return teach.pending(self)

    def reader_notice(self, text: str) -> Change:
        """Show a notice from the reader (an unknown tag, an error)."""
        self.say(text)
        return Change(ui=True)

    def reader_present(self, online: bool) -> Change:
        """A card reader is attached, online or not. One that came back while the TEACH
        screen waits is asked again for the card shown (it may have restarted)."""
        self.reader_available = True
        self.reader_online = online
        pending = self.pending_teach()
        if online and pending:
            return Change(request=Teach(Card.from_code(pending)))
        return Change()

    def voice_said(self, status: str | Message) -> Change:
        """The voice's speech works ("") or why it does not: the menu's Voice item shows it
        (never journaled: the next start finds out again)."""
        self.voice_status = status
        return Change()

    # -- club mode (CLUB.md) ----------------------------------------------------------------
    def join_club(self, state: ClubState) -> Change:
        """Club mode on with the state the journal kept; a round's game keeps its names."""
        from kaiser_core.table import waiting

        self.club = state
        seats = state.game_seats
        if self.game is not None and state.game_round is not None and seats:
            self.names.update(waiting.team_names(seats))
        return Change()

    def round_arrived(self, payload: object) -> Change:
        """The director's ``round`` message: journaled (a bad one is said on screen)."""
        from kaiser_core.table import waiting

        return waiting.receive(self, payload)

    def broker_link(self, online: bool) -> Change:
        """The club publisher reaches the broker or not: shown, never journaled."""
        from kaiser_core.table import waiting

        waiting.set_broker(self, online)
        return Change()

    # -- what the hardware hands over ------------------------------------------------------
    def journaled(
        self, series: tuple[int, int] | None = None, past: Sequence[PastGame] | None = None
    ) -> Change:
        """Values the journal read back after a commit (None: as they were)."""
        if series is not None:
            self.series = series
        if past is not None:
            self.past = list(past)
        return Change()

    def read_history(
        self,
        games: Callable[[], Sequence[PastGame]],
        entries: Callable[[int], Sequence[TableEntry]],
    ) -> None:
        """Where the finished games (read when first needed) and their entries come from."""
        self.past_later(games)
        self.past_entries = entries

    def speak(self, language: str) -> None:
        """The config's language (the menu's Language, once chosen, wins: settings)."""
        self.language = language

    def type_size(self, large: bool) -> None:
        """The config's large type (the menu's Large type, once chosen, wins: settings)."""
        self.large = large

    def menu_items(self) -> list[MenuItem | Screen]:
        """The menu's items here and now."""
        return menu.menu_items(self)

    def view(self) -> View:
        """What the screen shows now (its messages name the teams as the rows do)."""
        return name_view(self._view(), self.names)

    def _view(self) -> View:
        page = self._shown()
        top = page_of(self, self.ui.screen)
        if page.screen is Screen.ROUND_OVER and not top.overlay:
            return page.view(self, page.own(self.ui.state))
        page = top
        # The menu, its lists and teach mode need no game: they open before the first one.
        if self.game is None and not page.overlay:
            first = self.pages[Screen.NEW_GAME]
            return with_hint(first.view(self, first.own(self.ui.state)), Screen.NEW_GAME)
        return with_hint(page.view(self, page.own(self.ui.state)), self.ui.screen)

    # -- the hand, for callers ------------------------------------------------------------
    def live(self) -> LiveContract:
        """The contract's live state during per-trick or card entry."""
        return self.draft.live()

    def played_tricks(self) -> list[PlayedTrick]:
        """Complete tricks of a card-reader hand: (leader, cards, winner)."""
        return self.draft.played_tricks()

    def pending_score(self) -> HandScore:
        """The hand on the SUMMARY screen, scored against the current totals."""
        game = self.game
        assert game is not None
        return game.preview(self.draft.hand())

    # -- export ---------------------------------------------------------------------------
    def core_entries(self) -> list[Hand | Redeal]:
        """The game's scored entries, for the game record."""
        return list(self.game.entries) if self.game else []

    @property
    def first_dealer(self) -> Seat:
        """The game's first dealer."""
        return self.game.first_dealer if self.game else Seat.N
