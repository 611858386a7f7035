"""Steps the stories share: choose the card reader in the menu, bid, lay the cards down."""

from __future__ import annotations

from collections.abc import Callable

from kaiser_core.cards import Card, Seat
from kaiser_core.views.cards import CardsView
from kaiser_core.views.contract import ScoreView
from kaiser_core.views.lists import ListView, MenuView
from kaiser_core.views.summary import SummaryView

from .conftest import Pico, Room
from .hands import PlayedHand

Press = Callable[..., None]
C = Card.from_code


def choose_card_reader_entry(room: Room, press: Press) -> None:
    """HOLD-OK opens the menu; the entry item cycles per trick -> per hand -> card reader."""
    press("HOLD-OK", "DOWN", "DOWN")
    menu = room.view()
    assert isinstance(menu, MenuView) and menu.items[menu.index] == "Entry: per trick"
    press("OK", "OK")  # the list of modes (issue 27), stepped as the item always was
    modes = room.view()
    assert isinstance(modes, ListView) and modes.lines[modes.index] == "* card reader"
    assert modes.message == "entry: card reader (from the next contract)"
    press("B")
    assert isinstance(room.view(), ScoreView)


def bid(room: Room, press: Press, hand: PlayedHand) -> CardsView:
    """Enter the hand's contract with the buttons; the table then waits for the first card."""
    press(*hand.contract_keys)
    view = room.view()
    assert isinstance(view, CardsView), view
    assert view.contract.bidder is Seat.from_code(str(hand.contract["bidder"]))
    assert view.contract.number == hand.contract["bid"]
    assert (view.contract.trump.code if view.contract.trump else None) == hand.trump
    assert view.trick == 1 and view.cards == () and view.next_seat is view.contract.bidder
    return view


def lay(room: Room, pico: Pico, card: str) -> None:
    """Lay one card on the reader and wait until the journal holds it."""
    before = room.stored_cards()
    pico.card(card)
    room.wait_stored([*before, card])


def play_tricks(room: Room, pico: Pico, hand: PlayedHand, first: int, last: int) -> None:
    """Lay the cards of tricks ``first``..``last`` (1-based), checking each trick on screen."""
    for number in range(first, last + 1):
        cards = hand.tricks[number - 1]
        leader = Seat.from_code(hand.leaders[number - 1])
        for i, card in enumerate(cards[:3]):
            lay(room, pico, card)
            view = room.view()
            assert isinstance(view, CardsView), view
            assert view.trick == number
            assert view.cards == tuple((leader.after(j), C(cards[j])) for j in range(i + 1))
            assert view.next_seat is leader.after(i + 1)  # the seat follows from the order
        lay(room, pico, cards[3])
        view = room.view()
        if number == len(hand.tricks):
            assert isinstance(view, SummaryView), view
            break
        # After 4 cards the trick is scored and shown until the next card.
        assert isinstance(view, CardsView), view
        assert view.trick == number + 1 and view.cards == ()
        assert view.last_trick == tuple((leader.after(j), C(cards[j])) for j in range(4))
        assert view.last_winner is Seat.from_code(hand.winners[number - 1])
        assert view.next_seat is view.last_winner  # the winner leads the next trick
        won = hand.winners[:number]
        assert (view.tricks_ns, view.tricks_ew) == (
            sum(w in "NS" for w in won),
            sum(w in "EW" for w in won),
        )


def confirm(
    room: Room, press: Press, hand: PlayedHand, totals: dict[str, int] | None = None
) -> None:
    """The summary shows the hand scored; OK commits it and the totals move."""
    totals = totals or hand.totals
    summary = room.view()
    assert isinstance(summary, SummaryView), summary
    assert (summary.raw_ns, summary.raw_ew) == (hand.raw["NS"], hand.raw["EW"])
    assert summary.made
    assert (summary.delta_ns, summary.delta_ew) == (hand.delta["NS"], hand.delta["EW"])
    revoked = tuple(f"{r['seat']} revoked in trick {r['trick']}" for r in hand.revokes)
    assert tuple(n.rsplit(" (", 1)[0] for n in summary.notes if "revoked" in n) == revoked
    press("OK")
    score = room.view()
    assert isinstance(score, ScoreView), score
    assert (score.ns.total, score.ew.total) == (totals["NS"], totals["EW"])
