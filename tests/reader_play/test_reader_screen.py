"""What the screen says about the cards read: refusals, taking a card back, a revoke.

The reader is the real CardReader on pyserial's ``loop://``; N deals, the card reader is
chosen in the menu, and E bids 7♥ (hand 1 of ``hands.py``) unless a story says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from kaiser_core.cards import Card, Seat
from kaiser_core.record import score_record
from kaiser_core.views.cards import CardsView
from kaiser_core.views.contract import ScoreView
from kaiser_core.views.summary import SummaryView

from .conftest import LoopPort, Pico, Room
from .hands import HAND_1, HAND_2, REVOKE_SHOWN_AT, PlayedHand
from .story import bid, choose_card_reader_entry, confirm, lay, play_tricks

pytestmark = pytest.mark.slow

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
C = Card.from_code


def deal(room: Room, port: LoopPort, hand: PlayedHand = HAND_1) -> Pico:
    """N deals, the card reader is chosen, the contract is entered: the table waits for cards."""
    room.attach(port)
    room.wait_online(True)
    room.press("UP")
    choose_card_reader_entry(room, room.press)
    bid(room, room.press, hand)
    return Pico(port)


def refused(room: Room, send: Callable[[], None], message: str) -> Any:
    """The screen shows ``message`` after ``send``; not one entry was stored. Returns the view."""
    before = room.entries()
    send()
    view = room.wait_view(lambda v: v.message == message, repr(message))
    assert room.entries() == before
    return view


def test_a_card_already_played_this_hand_is_refused(room: Room, loop_port: LoopPort) -> None:
    pico = deal(room, loop_port)
    play_tricks(room, pico, HAND_1, 1, 1)  # A♠ 3♠ 8♠ K♠: E wins
    lay(room, pico, "9D")  # E leads trick 2
    view = refused(room, lambda: pico.card("AS"), "A♠ was already played (trick 1): refused")
    assert view.cards == ((E, C("9D")),) and view.next_seat is S
    view = refused(room, lambda: pico.card("9D"), "9♦ was already played (trick 2): refused")
    assert view.cards == ((E, C("9D")),) and view.next_seat is S
    lay(room, pico, "AD")  # S's card is taken as usual, and the message goes
    view = room.view()
    assert view.cards == ((E, C("9D")), (S, C("AD"))) and view.message == ""


def test_a_card_not_in_the_pack_is_refused(room: Room, loop_port: LoopPort) -> None:
    pico = deal(room, loop_port)
    lay(room, pico, "AS")
    # 7♥ and 7♠ are tags the reader may hold (the skat pack), not cards of the standard deck.
    view = refused(room, lambda: pico.card("7H"), "7♥ is not in this pack: refused")
    assert view.cards == ((E, C("AS")),) and view.next_seat is S
    refused(room, lambda: pico.card("7S"), "7♠ is not in this pack: refused")
    assert room.stored_cards() == ["AS"]


def test_an_unknown_tag_is_refused(room: Room, loop_port: LoopPort) -> None:
    pico = deal(room, loop_port)
    lay(room, pico, "AS")
    view = refused(
        room,
        lambda: pico.unknown("04DEADBEEF0042"),
        "unknown tag ..EF0042: Teach cards in the menu",
    )
    assert view.cards == ((E, C("AS")),) and view.next_seat is S
    assert room.stored_cards() == ["AS"]


def test_a_card_read_when_no_cards_are_entered_is_refused(room: Room, loop_port: LoopPort) -> None:
    room.attach(loop_port)
    room.wait_online(True)
    pico = Pico(loop_port)
    room.press("UP")
    choose_card_reader_entry(room, room.press)
    view = refused(room, lambda: pico.card("AS"), "A♠ ignored: cards are not being entered now")
    assert isinstance(view, ScoreView)
    bid(room, room.press, HAND_1)
    room.press("HOLD-OK")  # the menu over the cards
    refused(room, lambda: pico.card("AS"), "A♠ not taken: close the menu, then read it again")
    room.press("B")
    lay(room, pico, "AS")


def test_hold_b_takes_back_the_last_card_read(room: Room, loop_port: LoopPort) -> None:
    pico = deal(room, loop_port)
    lay(room, pico, "AS")
    lay(room, pico, "3S")
    lay(room, pico, "KS")  # N's K♠ laid before W played
    assert room.view().cards == ((E, C("AS")), (S, C("3S")), (W, C("KS")))
    room.press("HOLD-B")
    room.wait_stored(["AS", "3S"])
    view = room.view()
    assert view.message == "undone: card K♠"
    assert view.cards == ((E, C("AS")), (S, C("3S"))) and view.next_seat is W
    lay(room, pico, "8S")
    lay(room, pico, "KS")  # the trick is scored: E wins
    view = room.view()
    assert view.trick == 2 and view.last_winner is E and view.tricks_ew == 1
    room.press("HOLD-B")  # the trick's last card goes back: trick 1 again, N to play
    room.wait_stored(["AS", "3S", "8S"])
    view = room.view()
    assert view.trick == 1 and view.tricks_ew == 0
    assert view.cards == ((E, C("AS")), (S, C("3S")), (W, C("8S"))) and view.next_seat is N
    lay(room, pico, "KS")
    play_tricks(room, pico, HAND_1, 2, 8)
    confirm(room, room.press, HAND_1)


def test_a_revoke_is_shown_on_screen_and_listed_in_the_record(
    room: Room, loop_port: LoopPort
) -> None:
    pico = deal(room, loop_port, HAND_2)  # W bids 8♠ and leads
    play_tricks(room, pico, HAND_2, 1, 4)
    for card in HAND_2.cards[16:REVOKE_SHOWN_AT]:
        lay(room, pico, card)
    view = room.view()
    assert view.cards == ((W, C("AD")), (N, C("KD"))) and view.revokes == ()
    lay(room, pico, "JS")  # E trumps; E did not follow spades in trick 3
    view = room.view()
    assert view.revokes == ("E revoked T3",)
    assert view.message == "E revoked ♠ in trick 3: now plays J♠"
    room.press("HOLD-B")  # taken back: no revoke shown any more
    room.wait_stored(HAND_2.cards[:REVOKE_SHOWN_AT])
    assert room.view().revokes == ()
    lay(room, pico, "JS")
    assert room.view().revokes == ("E revoked T3",)
    lay(room, pico, "QD")
    play_tricks(room, pico, HAND_2, 6, 8)
    summary = room.view()
    assert isinstance(summary, SummaryView)
    assert summary.notes[-1] == "E revoked in trick 3 (♠)"  # scoring is not changed
    room.press("HOLD-B")  # the last card back, from the summary
    room.wait_stored(HAND_2.cards[:-1])
    view = room.view()
    assert isinstance(view, CardsView) and view.trick == 8 and view.next_seat is E
    lay(room, pico, "AC")
    confirm(room, room.press, HAND_2, totals={"NS": 2, "EW": 8})
    room.stop()
    record = room.export()
    assert record["hands"] == [{"contract": HAND_2.contract, "trump": "S", "plays": HAND_2.plays}]
    scored = score_record(record)
    assert scored["hands"][0]["revokes"] == [{"seat": "E", "trick": 3}]
    assert scored["totals"] == {"NS": 2, "EW": 8}
