"""Teach mode from the menu: the scorer walks the pack card by card as the reader learns.

The reader is the real CardReader on a pseudo-terminal; the test is the Pico at the other
end, so it reads every command the host writes: ``{"type": "hello"}`` on connecting, then
``{"type": "teach", "card": "AS"}`` and, each time the reader answers ``taught``, the next
card of the pack.
"""

from __future__ import annotations

import json
import sys

import pytest

from kaiser_core.cards import DECK
from kaiser_core.views.lists import ListView, MenuView

from .conftest import Pico, PtyPort, Room, uid_of

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys"),
]

HELLO = {"type": "hello"}


def teach(card: str) -> dict[str, str]:
    return {"type": "teach", "card": card}


def open_teach_mode(room: Room, port: PtyPort) -> Pico:
    """Plug the reader in, open the menu and choose "Teach cards": the host asks for A♠."""
    room.attach(port)
    room.wait_online(True)
    assert port.wait_commands(1) == [HELLO]
    pico = Pico(port)
    pico.say({"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 0})
    room.press("HOLD-OK", *["DOWN"] * 7)
    menu = room.view()
    assert isinstance(menu, MenuView) and menu.items[menu.index] == "Teach cards"
    room.press("OK")
    assert port.wait_commands(2) == [HELLO, teach("AS")]
    view = room.view()
    assert isinstance(view, ListView) and view.title == "Teach cards"
    assert view.lines[:2] == ("lay A♠ on the reader", "card 1 of 32")
    return pico


def test_teach_walks_the_pack_card_by_card_and_stops_with_b(room: Room, pty_port: PtyPort) -> None:
    pico = open_teach_mode(room, pty_port)
    pico.taught("AS")
    assert pty_port.wait_commands(3) == [HELLO, teach("AS"), teach("KS")]
    assert room.view().lines[:2] == ("lay K♠ on the reader", "card 2 of 32")
    pico.taught("KS")
    assert pty_port.wait_commands(4)[-1] == teach("QS")
    assert room.view().lines[0] == "lay Q♠ on the reader"
    room.press("B")  # stop teaching: the reader is still asked for Q♠, and the screen says so
    menu = room.view()
    assert isinstance(menu, MenuView)
    assert menu.message == "the reader learns the next new tag as Q♠"
    pico.taught("QS")  # the reader still learns the tag it was asked for, and says so
    room.wait_view(lambda v: v.message == "teach left open: a tag is now Q♠", "the taught QS")
    assert pty_port.commands() == [HELLO, teach("AS"), teach("KS"), teach("QS")]  # no more
    assert room.entries() == []  # teaching stores nothing in the game


def test_teach_the_whole_pack(room: Room, pty_port: PtyPort) -> None:
    pico = open_teach_mode(room, pty_port)
    codes = [card.code for card in DECK]
    assert codes[:3] == ["AS", "KS", "QS"] and codes[-4:] == ["3S", "5H", "7D", "7C"]
    for number, code in enumerate(codes, 1):
        assert pty_port.wait_commands(number + 1)[-1] == teach(code)
        pico.taught(code)
    view = room.wait_view(lambda v: v.message.startswith("all 32"), "the pack known")
    assert view.message == "all 32 cards are known: B returns"
    assert view.lines[0] == "all 32 cards taught"
    assert pty_port.commands() == [HELLO] + [teach(code) for code in codes]
    room.press("B")
    assert isinstance(room.view(), MenuView)


def test_a_known_card_is_skipped_with_ok_and_a_wrong_answer_is_asked_again(
    room: Room, pty_port: PtyPort
) -> None:
    pico = open_teach_mode(room, pty_port)
    pico.card("AS")  # a tag the reader knows already: it reports the card
    view = room.wait_view(lambda v: v.message != "", "a message")
    assert view.message == "A♠ is known already: OK skips to K♠"
    room.press("OK")
    assert pty_port.wait_commands(3)[-1] == teach("KS")
    pico.taught("QS")  # the reader learnt something else: ask for K♠ again
    view = room.wait_view(lambda v: v.message != "", "a message")
    assert view.message == "the reader learnt Q♠, not K♠: lay K♠"
    assert pty_port.wait_commands(4)[-1] == teach("KS")
    pico.taught("KS")
    assert pty_port.wait_commands(5)[-1] == teach("QS")
    pty_port.unplug()
    room.wait_online(False)
    assert "reader offline" in room.view().lines


def test_a_reader_that_comes_back_is_asked_again_for_the_pending_card():
    """The teach command is resent when the reader comes back online."""
    import tempfile
    from pathlib import Path

    from hardware.journal import Journal
    from hardware.oled import Display, dummy_factory
    from hardware.scorer import Event, Scorer
    from hardware.screens import render
    from kaiser_core import Rules
    from kaiser_core.cards import Card
    from kaiser_core.table import Key, Table
    from kaiser_core.table.events import ReaderPresent, TagTaught
    from kaiser_core.table.requests import Request, Teach

    with tempfile.TemporaryDirectory() as tmp:
        table = Table(Rules(), reader_available=True)
        scorer = Scorer(table, Journal(Path(tmp) / "k.db"), Display(dummy_factory()), render)
        sent: list[Request] = []
        scorer.on_request = sent.append
        scorer.handle(Event.key("HOLD-OK"))
        items = table.menu_items()
        for _ in range([i.value for i in items].index("Teach cards")):
            scorer.handle(Event.key("DOWN"))
        scorer.handle(Event.key("OK"))
        assert sent == [Teach(Card.from_code("AS"))]
        scorer.handle(Event(ReaderPresent(False)))
        scorer.handle(Event(ReaderPresent(True)))
        assert sent == [Teach(Card.from_code("AS"))] * 2
        scorer.handle(Event(TagTaught(Card.from_code("AS"))))
        scorer.handle(Event(ReaderPresent(True)))
        assert sent[-2:] == [Teach(Card.from_code("KS"))] * 2
        scorer.handle(Event.key(Key.B.value))
        scorer.handle(Event(ReaderPresent(True)))
        assert len(sent) == 4  # not teaching any more: nothing is sent


def test_a_tag_the_reader_could_not_save_is_not_taught_and_said_until_a_key(
    room: Room, pty_port: PtyPort
) -> None:
    """Issue 22: the Pico's flash refuses the save; it reports the error, then ``taught``
    (firmware/reader_app.py does both): the card stays to teach, the screen says why."""
    pico = open_teach_mode(room, pty_port)
    pico.taught("AS")
    assert pty_port.wait_commands(3)[-1] == teach("KS")
    error = {"type": "error", "code": "storage", "message": "could not save KS: [Errno 28]"}
    taught = {"type": "taught", "card": "KS", "uid": uid_of("KS")}
    pty_port.write(b"".join(json.dumps(m).encode() + b"\n" for m in (error, taught)))
    wanted = "the reader could not save K♠: not taught"
    view = room.wait_view(lambda v: v.message == wanted, repr(wanted))
    assert isinstance(view, ListView)
    assert view.lines[:2] == ("lay K♠ on the reader", "card 2 of 32")  # not counted
    assert pty_port.wait_commands(4)[-1] == teach("KS")  # the reader is asked again
    pico.unknown()  # more from the reader: the failure stays on the screen
    assert pty_port.wait_commands(5)[-1] == teach("KS")
    assert room.view().message == wanted
    room.press("DOWN")  # a key: the player has seen it
    view = room.view()
    assert view.message == "" and view.lines[:2] == ("lay K♠ on the reader", "card 2 of 32")
    pico.taught("KS")  # saved this time
    assert pty_port.wait_commands(6)[-1] == teach("QS")
    assert room.view().lines[:2] == ("lay Q♠ on the reader", "card 3 of 32")
