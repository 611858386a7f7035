"""Whole hands laid card by card on a real CardReader, through the scorer, into the record.

N deals and the table chooses the card reader in the menu. Hand 1: E bids 7♥ and makes it
(EW +7, NS +3); in trick 4 the reader is unplugged, the screen says so, HOLD-B still takes
back a card, and the reader is plugged back in. Hand 2: W bids 8♠ and makes it (EW +8,
NS +2) although E revoked in trick 3. The exported record replays to NS 5, EW 15.
"""

from __future__ import annotations

import sys

import pytest

from kaiser_core.cards import DECK, Card, Seat
from kaiser_core.record import score_record
from kaiser_core.views.cards import CardsView

from .conftest import Board, LoopPort, Pico, Port, PtyPort, Room
from .hands import HAND_1, HAND_2, REVOKE_SHOWN_AT
from .story import Press, bid, choose_card_reader_entry, confirm, lay, play_tricks

pytestmark = pytest.mark.slow

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
C = Card.from_code


def test_each_hand_deals_the_whole_deck_once() -> None:
    for hand in (HAND_1, HAND_2):
        assert sorted(hand.cards) == sorted(card.code for card in DECK)
        assert hand.leaders[0] == hand.contract["bidder"]  # the bidder leads trick 1
        assert hand.leaders[1:] == hand.winners[:-1]  # each winner leads the next


def play_the_game(room: Room, port: Port, press: Press) -> None:
    room.attach(port)
    room.wait_online(True)
    pico = Pico(port)
    press("UP")  # N deals first
    choose_card_reader_entry(room, press)

    # Hand 1: E 7♥.
    bid(room, press, HAND_1)
    play_tricks(room, pico, HAND_1, 1, 3)
    lay(room, pico, "5H")  # W leads trick 4
    lay(room, pico, "8H")  # N follows
    port.unplug()
    room.wait_online(False)
    view = room.view()
    assert isinstance(view, CardsView) and view.reader_online is False  # "reader offline"
    assert view.cards == ((W, C("5H")), (N, C("8H")))
    press("HOLD-B")  # the buttons keep working: take back 8♥
    room.wait_stored([*HAND_1.cards[:12], "5H"])
    view = room.view()
    assert view.message == "undone: card 8♥"
    assert view.cards == ((W, C("5H")),) and view.next_seat is N
    assert view.reader_online is False
    port.plug()
    room.wait_online(True)
    assert room.view().reader_online is True
    for card in ("8H", "AH", "9H"):  # N's 8♥ again, then E's A♥ and S's 9♥
        lay(room, pico, card)
    view = room.view()
    assert view.last_trick == ((W, C("5H")), (N, C("8H")), (E, C("AH")), (S, C("9H")))
    assert view.last_winner is E and view.next_seat is E
    play_tricks(room, pico, HAND_1, 5, 8)
    confirm(room, press, HAND_1)

    # Hand 2: W 8♠, E revokes.
    bid(room, press, HAND_2)
    play_tricks(room, pico, HAND_2, 1, 4)
    for card in HAND_2.cards[16:REVOKE_SHOWN_AT]:
        lay(room, pico, card)
    assert room.view().revokes == ()
    lay(room, pico, HAND_2.cards[REVOKE_SHOWN_AT])  # E trumps with J♠: a spade E held in trick 3
    view = room.view()
    assert view.revokes == ("E revoked T3",)
    assert view.message == "E revoked ♠ in trick 3: now plays J♠"
    lay(room, pico, "QD")
    view = room.view()
    assert view.last_winner is E and view.revokes == ("E revoked T3",)
    play_tricks(room, pico, HAND_2, 6, 8)
    confirm(room, press, HAND_2)


def check_the_record(room: Room) -> None:
    room.stop()
    record = room.export()
    assert record == {
        "format": "kaiser-game/1",
        "rules": "standard",
        "first_dealer": "N",
        "hands": [
            {"contract": HAND_1.contract, "trump": "H", "plays": HAND_1.plays},
            {"contract": HAND_2.contract, "trump": "S", "plays": HAND_2.plays},
        ],
    }
    scored = score_record(record)
    assert scored["totals"] == {"NS": 5, "EW": 15}
    assert scored["winner"] is None and scored["next_dealer"] == "S"
    for hand, result in zip((HAND_1, HAND_2), scored["hands"], strict=True):
        assert result["raw"] == hand.raw and result["made"] is True
        assert result["delta"] == hand.delta and result["totals"] == hand.totals
        assert result["revokes"] == list(hand.revokes)


def test_two_hands_over_pyserial_loop(room: Room, loop_port: LoopPort) -> None:
    play_the_game(room, loop_port, room.press)
    assert loop_port.opened == 2  # once at the start, once after the replug
    check_the_record(room)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys")
def test_two_hands_over_a_pseudo_terminal_with_the_buttons(
    room: Room, pty_port: PtyPort, board: Board
) -> None:
    play_the_game(room, pty_port, board.press)
    check_the_record(room)
