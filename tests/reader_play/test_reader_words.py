"""What the screen says for the reader: its faults in its own words, unknown tags, a teach
left open. The reader is the real CardReader on a pseudo-terminal (the test is the Pico and
reads what the host writes) or on pyserial's ``loop://``.
"""

from __future__ import annotations

import logging
import sys

import pytest

from kaiser_core.cards import Card, Seat
from kaiser_core.views.cards import CardsView
from kaiser_core.views.lists import ListView, MenuView

from .conftest import LoopPort, Pico, PtyPort, Room
from .hands import HAND_1
from .story import bid, choose_card_reader_entry, lay
from .test_teach import HELLO, open_teach_mode, teach

pytestmark = pytest.mark.slow

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys")
LONG = "no MFRC522 answers on SPI (VersionReg reads 0x00): check the wiring"


def deal(room: Room, port: LoopPort) -> Pico:
    room.attach(port)
    room.wait_online(True)
    room.press("UP")
    choose_card_reader_entry(room, room.press)
    bid(room, room.press, HAND_1)
    return Pico(port)


@pytest.mark.parametrize(
    ("error", "shown"),
    [
        ({"code": "reader", "message": "antenna not found"}, "reader: antenna not found"),
        ({"code": "reader", "message": LONG}, f"reader: {LONG}"),
        ({"code": "storage", "message": ""}, "card reader fault storage: no details"),
    ],
)
def test_a_reader_fault_keeps_its_words_on_screen_and_in_the_log(
    room: Room, loop_port: LoopPort, caplog: pytest.LogCaptureFixture, error, shown
) -> None:
    pico = deal(room, loop_port)
    with caplog.at_level(logging.WARNING, logger="hardware.reader"):
        pico.say({"type": "error", **error})
        view = room.wait_view(lambda v: v.message != "", "the fault")
    assert isinstance(view, CardsView) and view.message == shown
    assert view.message.key in ("reader.fault", "reader.fault_code")  # a Message id
    line = f"reports {error['code']}: {error['message'] or '-'}"
    assert any(line in record.getMessage() for record in caplog.records), caplog.text
    assert room.stored_cards() == []
    lay(room, pico, "AS")  # the hand goes on


@linux
def test_an_unknown_tag_in_teach_mode_asks_the_reader_again(room: Room, pty_port: PtyPort) -> None:
    pico = open_teach_mode(room, pty_port)
    pico.taught("AS")
    assert pty_port.wait_commands(3) == [HELLO, teach("AS"), teach("KS")]
    pico.unknown()  # the reader was not learning (it restarted): it reports the tag
    view = room.wait_view(lambda v: v.message != "", "the unknown tag")
    assert (
        isinstance(view, ListView) and view.message == "the reader was not learning: lay K♠ again"
    )
    assert "teach it first" not in view.message
    assert pty_port.wait_commands(4)[-1] == teach("KS")  # asked again
    assert view.lines[:2] == ("lay K♠ on the reader", "card 2 of 32")
    pico.taught("KS")
    assert pty_port.wait_commands(5)[-1] == teach("QS")
    assert room.entries() == []


@linux
def test_an_unknown_tag_after_the_whole_pack_asks_nothing(room: Room, pty_port: PtyPort) -> None:
    pico = open_teach_mode(room, pty_port)
    room.press(*["OK"] * 32)  # skip every card: the pack is done
    sent = len(pty_port.wait_commands(33))
    assert room.view().message == "all 32 cards are known: B returns"
    pico.unknown()
    wanted = "a new tag, but every card is taught"
    room.wait_view(lambda v: v.message == wanted, repr(wanted))
    assert len(pty_port.commands()) == sent


def test_a_teach_left_open_then_learnt_mid_hand_says_what_to_do(
    room: Room, loop_port: LoopPort
) -> None:
    room.attach(loop_port)
    room.wait_online(True)
    pico = Pico(loop_port)
    room.press("UP")
    choose_card_reader_entry(room, room.press)
    items = [i.value for i in room.call(room.table.menu_items)]
    room.press("HOLD-OK", *["DOWN"] * items.index("Teach cards"), "OK")  # asks for A♠
    room.press("B")  # left at once: A♠ is still asked for on the reader
    menu = room.view()
    assert isinstance(menu, MenuView) and menu.message == "the reader learns the next new tag as A♠"
    room.press("B")
    bid(room, room.press, HAND_1)
    lay(room, pico, "AS")
    pico.taught("JS")  # E's card had no tag: the open teach made it J♠
    view = room.wait_view(lambda v: v.message != "", "the late teach")
    assert isinstance(view, CardsView)
    assert view.message == "teach left open: tag is now J♠; read it again"
    assert room.stored_cards() == ["AS"]  # nothing entered for it
    lay(room, pico, "JS")  # read again: it is a card now
    assert room.view().cards == ((Seat.E, Card.from_code("AS")), (Seat.S, Card.from_code("JS")))


@pytest.mark.parametrize("online", [True, False])
@pytest.mark.parametrize("leave", ["B", "HOLD-OK"])
def test_every_way_out_of_teach_mode_says_the_reader_still_waits(leave: str, online: bool):
    from kaiser_core.rules import Rules
    from kaiser_core.table import Key, Screen, Table

    table = Table(Rules(), reader_available=True)
    table.reader_online = online
    items = [i.value for i in table.menu_items()]
    for key in ["HOLD-OK", *["DOWN"] * items.index("Teach cards"), "OK", "OK"]:  # skip A♠
        table.press(Key(key))
    assert table.ui.screen is Screen.TEACH and table.pending_teach() == "KS"
    table.press(Key(leave))
    assert table.ui.screen is (Screen.MENU if leave == "B" else Screen.NEW_GAME)
    # offline, nothing reached the reader: nothing to say
    assert table.ui.message == ("the reader learns the next new tag as K♠" if online else "")
