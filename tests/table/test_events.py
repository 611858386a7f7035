"""Issue 24: the table takes typed events (``kaiser_core.table.events``) by their type.

``Table.handle(event)`` is the one entry of the loop; each event does what the table's own
method for it does, and the values the world hands over (a reader that came back, club
mode's state, what the journal read back) go in through it, never by assignment.
"""

from __future__ import annotations

import pytest

from kaiser_core.cards import Card, Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Change, Key, MenuItem, Screen, Table
from kaiser_core.table.club_state import ClubState
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
    TagTaught,
    TagUnknown,
)
from kaiser_core.table.past import PastGame
from kaiser_core.table.requests import Teach

AS = Card.from_code("AS")


def fresh() -> Table:
    return Table(Rules(), choose_seat=lambda: Seat.N, reader_available=True)


def teaching() -> Table:
    """The menu's Teach cards item chosen, as a player does."""
    table = fresh()
    table.press(Key.HOLD_OK)
    table.press(Key.DOWN)  # the menu opens on its first item: go down to Teach cards
    for _ in table.menu_items():
        if table.menu_items()[table.ui.state.menu_index] is MenuItem.TEACH:
            break
        table.press(Key.DOWN)
    asked = table.press(Key.OK)
    assert table.ui.screen is Screen.TEACH and asked.request == Teach(table.rules.pack[0])
    return table


def test_a_key_event_is_the_key() -> None:
    by_event, by_key = fresh(), fresh()
    change = by_event.handle(Pressed(Key.UP))
    by_key.press(Key.UP)
    assert change.stored and by_event.ui == by_key.ui and by_event.view() == by_key.view()


def test_a_card_read_outside_card_entry_is_refused_with_the_card() -> None:
    table = fresh()
    change = table.handle(CardRead(AS))
    assert not change.append and "A♠" in str(table.view().message)


@pytest.mark.parametrize("after_gap", [False, True])
def test_an_unknown_tag_says_to_teach_it(after_gap: bool) -> None:
    table = fresh()
    table.handle(TagUnknown("04A1B2C3D4E5F6", after_gap=after_gap))
    assert "D4E5F6" in str(table.view().message)


def test_the_readers_words_and_a_failed_save_show() -> None:
    table = fresh()
    assert table.handle(ReaderNotice("reader: antenna lost")).ui
    assert table.view().message == "reader: antenna lost"
    table.handle(ReaderStorage("reader: flash full"))
    assert table.view().message == "reader: flash full"


def test_a_reader_that_comes_back_while_teaching_is_asked_again() -> None:
    table = Table(Rules(), choose_seat=lambda: Seat.N)  # no reader configured
    assert table.handle(ReaderPresent(False)) == Change()
    assert table.reader_available and not table.reader_online
    table = teaching()
    asked = table.handle(ReaderPresent(True))
    assert table.reader_online and asked.request == Teach(table.rules.pack[0])
    assert not asked.stored
    taught = table.handle(TagTaught(table.rules.pack[0]))
    assert taught.request == Teach(table.rules.pack[1])


def test_club_mode_its_round_and_its_broker_come_as_events() -> None:
    table = fresh()
    assert table.handle(ClubJoined(ClubState("Club night", 3))) == Change()
    assert table.club is not None and table.club.table == 3
    change = table.handle(RoundArrived({"type": "nonsense"}))
    assert change.ui and "round" in str(table.view().message).lower()
    assert table.handle(BrokerLink(True)) == Change()
    assert table.club is not None and table.club.broker


def test_what_the_journal_read_back_goes_in_through_the_table() -> None:
    table = fresh()
    game = PastGame(7, "2026-12-03", Rules(), totals=(52, 31))
    assert table.handle(Journaled(series=(2, 1), past=(game,))) == Change()
    assert table.series == (2, 1) and table.past == [game]
    table.handle(Journaled())  # nothing read back: both as they were
    assert table.series == (2, 1) and table.past == [game]
