"""Issue 24: a card read is parsed once, by the reader's parser, and reaches the table as
that ``Card``.

Before, the card changed form six times (bytes, a dict, ``CardRead(card: str)``, a
``("card", "AS")`` tuple, the queue's ``Event("card", "AS")``, sometimes ``("gap", ("card",
"AS"))``) and the table parsed the code a second time (``Table.read_card(code: str)`` called
``Card.from_code``). Here a real ``CardReader`` on pyserial's ``loop://`` port reads the
Pico's line, the real scorer loop hands it on, and every ``Card.from_code`` call made
on the reader's and the scorer's threads after the line is written is counted: none may
be (the test's own polls of the journal, on its main thread, read the stored entries).
"""

from __future__ import annotations

import threading
from typing import Any

import pytest

from hardware.reader import parse_line
from kaiser_core.cards import Card

from .conftest import LoopPort, Pico, Room
from .hands import HAND_1
from .story import bid, choose_card_reader_entry

pytestmark = pytest.mark.slow


def test_the_parser_makes_the_card() -> None:
    message = parse_line(b'{"type": "card", "card": "AS", "uid": "04A1B2C3", "seq": 1}')
    assert message is not None
    assert getattr(message, "card", None) == Card.from_code("AS")
    taught = parse_line(b'{"type": "taught", "card": "TD", "uid": "04A1B2C3"}')
    assert getattr(taught, "card", None) == Card.from_code("TD")


def test_a_card_on_the_reader_reaches_the_table_as_the_parsers_card(
    room: Room, loop_port: LoopPort, monkeypatch: pytest.MonkeyPatch
) -> None:
    room.attach(loop_port)
    room.wait_online(True)
    room.press("UP")  # N deals first
    choose_card_reader_entry(room, room.press)
    bid(room, room.press, HAND_1)
    handed: list[Any] = []
    real_handle = room.table.handle if hasattr(room.table, "handle") else None
    real_read = room.table.read_card

    def spy_handle(event: Any) -> Any:
        handed.append(event)
        assert real_handle is not None
        return real_handle(event)

    def spy_read(card: Any) -> Any:
        handed.append(card)
        return real_read(card)

    if real_handle is not None:
        monkeypatch.setattr(room.table, "handle", spy_handle)
    monkeypatch.setattr(room.table, "read_card", spy_read)
    parsed: list[str] = []
    real_from_code = Card.from_code.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Card], code: str) -> Card:
        if threading.current_thread() is not threading.main_thread():  # not the test's polls
            parsed.append(f"{code} on {threading.current_thread().name}")
        result: Card = real_from_code(cls, code)
        return result

    monkeypatch.setattr(Card, "from_code", classmethod(counting))
    first = HAND_1.cards[0]
    Pico(loop_port).card(first)
    room.wait_stored([first])
    monkeypatch.undo()
    assert parsed == [], f"the card's code was parsed again after the reader's parser: {parsed}"
    from kaiser_core.table import events

    card = Card.from_code(first)
    assert events.CardRead(card) in handed, handed  # the event, by its type
    assert card in handed  # and the Card itself reached the table's card entry
