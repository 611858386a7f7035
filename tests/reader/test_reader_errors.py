"""The reader's errors share the project's root, and its card list is the core's pack."""

from __future__ import annotations

import pytest

from hardware.reader import READER_CARDS, BadCommand, ReaderError, Teach
from kaiser_core.cards import SKAT_PACK
from kaiser_core.errors import KaiserError


def test_a_bad_command_is_a_kaiser_error_and_a_value_error() -> None:
    with pytest.raises(BadCommand) as caught:
        Teach("5S")
    assert isinstance(caught.value, ReaderError)
    assert isinstance(caught.value, KaiserError)
    assert isinstance(caught.value, ValueError)


def test_the_reader_names_the_cards_of_the_core_pack() -> None:
    assert {card.code for card in SKAT_PACK} == READER_CARDS


def test_a_reader_fault_shows_the_readers_own_words():
    from hardware.reader import CardRead, ReaderFault
    from hardware.sources.reader import reader_event
    from kaiser_core.cards import Card
    from kaiser_core.table import events

    assert reader_event(ReaderFault("reader", "antenna not found")) == events.ReaderNotice(
        "reader: antenna not found"
    )
    event = reader_event(ReaderFault("reader", ""))
    assert event == events.ReaderNotice("card reader fault reader: no details")
    assert reader_event(ReaderFault("storage", " ")) == (  # a failed save: teach mode cares
        events.ReaderStorage("card reader fault storage: no details")
    )
    card = Card.from_code("AS")
    assert reader_event(CardRead(card, "04a1b2c3", 1)) == events.CardRead(card)
