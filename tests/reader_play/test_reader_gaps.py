"""No card lost without a sign (issue 22): bursts of reader lines and reads lost on the wire.

The reader is the real CardReader on a pseudo-terminal; the test is the Pico at the master
end and writes whole bursts in one ``write``, as a Pico's USB serial does. READER.md's
``seq`` counts the reads since the reader booted, so a read the host never got shows as a
gap: the next card is refused with "a card may have been missed" instead of taking the
missed card's seat.
"""

from __future__ import annotations

import json
import sys

import pytest

from kaiser_core.cards import Card, Seat
from kaiser_core.views.cards import CardsView

from .conftest import Pico, PtyPort, Room, uid_of
from .hands import HAND_1
from .story import bid, choose_card_reader_entry, lay

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys")
C = Card.from_code


def deal(room: Room, port: PtyPort) -> Pico:
    """N deals, the card reader is chosen, E bids 7♥: the table waits for E's card."""
    room.attach(port)
    room.wait_online(True)
    room.press("UP")
    choose_card_reader_entry(room, room.press)
    bid(room, room.press, HAND_1)
    return Pico(port)


def card_line(pico: Pico, code: str) -> bytes:
    """The Pico's line for one more read of ``code`` (its ``seq`` counted)."""
    pico.seq += 1
    line = {"type": "card", "card": code, "uid": uid_of(code), "seq": pico.seq}
    return json.dumps(line).encode() + b"\n"


def test_a_card_read_right_after_a_burst_of_repeats_is_entered(room: Room, pty_port: PtyPort):
    pico = deal(room, pty_port)
    lay(room, pico, "AS")  # E's card
    # A♠ stays on the reader and is read 100 times, then S lays 3♠: one burst on the wire.
    burst = b"".join(card_line(pico, "AS") for _ in range(100)) + card_line(pico, "3S")
    pty_port.write(burst)
    room.wait_stored(["AS", "3S"])
    view = room.wait_view(lambda v: v.next_seat is Seat.W, "W's turn")
    assert isinstance(view, CardsView)
    assert view.cards == ((Seat.E, C("AS")), (Seat.S, C("3S")))


def test_a_read_lost_on_the_wire_refuses_the_next_card_and_says_so(room: Room, pty_port: PtyPort):
    pico = deal(room, pty_port)
    lay(room, pico, "AS")
    # S's 3♠ arrives cut short (a byte lost on the USB line): the host cannot read it.
    cut = card_line(pico, "3S").replace(b'"seq"', b'"seq')
    pty_port.write(cut + card_line(pico, "8S"))  # then W's 8♠, read whole
    wanted = "a card may be missing: read it, then 8♠"
    view = room.wait_view(lambda v: v.message == wanted, repr(wanted))
    assert isinstance(view, CardsView)
    assert view.cards == ((Seat.E, C("AS")),) and view.next_seat is Seat.S  # nothing false
    assert room.stored_cards() == ["AS"]
    lay(room, pico, "3S")  # read again, in order: each card in its own seat
    lay(room, pico, "8S")
    view = room.view()
    assert view.cards == ((Seat.E, C("AS")), (Seat.S, C("3S")), (Seat.W, C("8S")))
    assert view.message == ""


def test_reads_made_while_the_reader_was_unplugged_are_said_missed(
    room: Room, pty_port: PtyPort
) -> None:
    pico = deal(room, pty_port)
    lay(room, pico, "AS")
    pty_port.unplug()
    room.wait_online(False)
    pico.seq += 1  # S laid 3♠ while the cable was out: the Pico's line went nowhere
    pty_port.plug()
    room.wait_online(True)
    pico.card("8S")
    wanted = "a card may be missing: read it, then 8♠"
    room.wait_view(lambda v: v.message == wanted, repr(wanted))
    assert room.stored_cards() == ["AS"]


def test_a_reader_that_restarted_counts_from_one_again(room: Room, pty_port: PtyPort) -> None:
    pico = deal(room, pty_port)
    pico.seq = 4  # the reader read tags before the scorer started: nothing to say
    lay(room, pico, "AS")
    lay(room, pico, "3S")
    pico.seq = 1  # the Pico restarted and read one tag that never reached the host
    pico.card("8S")
    wanted = "a card may be missing: read it, then 8♠"
    room.wait_view(lambda v: v.message == wanted, repr(wanted))
    assert room.stored_cards() == ["AS", "3S"]
    pico.seq = 0  # it restarted again: its first read is seq 1, none missed
    lay(room, pico, "8S")
    assert room.view().message == ""
