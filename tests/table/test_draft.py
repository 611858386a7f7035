"""The hand in progress is a fold with push()/pop(): popping gives back the shorter fold."""

from __future__ import annotations

import pytest

from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Card, Seat, Suit
from kaiser_core.entries import (
    CardEntry,
    ContractEntry,
    Mode,
    SpecialEntry,
    TakenEntry,
    TrickEntry,
)
from kaiser_core.errors import KaiserError
from kaiser_core.rules import Rules
from kaiser_core.table import Draft

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
PER_TRICK = [
    ContractEntry(E, 7, Suit.H),
    *(TrickEntry(seat) for seat in (E, S, W, N, E, E, S)),
    TrickEntry(W, three=True),
    SpecialEntry(FIVE_HEARTS, E),
]
PER_HAND = [ContractEntry(W, 8, None, mode=Mode.PER_HAND), TakenEntry(5, "bidders", "defenders")]
READER = [
    ContractEntry(E, 6, Suit.S, mode=Mode.READER),
    *(CardEntry(Card.from_code(c)) for c in ("AS", "AD", "KS", "QS", "9D", "JS")),
]


def fold(entries) -> Draft:
    draft = Draft(Rules())
    for entry in entries:
        draft.push(entry)
    return draft


def state(d: Draft):
    return (d.contract, list(d.tricks), list(d.cards), dict(d.specials), d.taken, list(d.entries))


@pytest.mark.parametrize("hand", [PER_TRICK, PER_HAND, READER], ids=["trick", "hand", "reader"])
def test_pop_gives_back_the_fold_of_the_shorter_list(hand):
    draft = fold(hand)
    for n in range(len(hand), 0, -1):
        assert draft.pop() == hand[n - 1]
        assert state(draft) == state(fold(hand[: n - 1]))
    with pytest.raises(IndexError):
        draft.pop()


def test_the_fold_knows_the_specials_and_the_hand():
    draft = fold(PER_TRICK)
    assert draft.special_taker(FIVE_HEARTS) is E and draft.special_taker(THREE_SPADES) is W
    assert draft.trick_with(THREE_SPADES) == 8 and draft.trick_with(FIVE_HEARTS) == 0
    assert draft.hand().contract.bidder is E
    draft.pop()
    with pytest.raises(KaiserError, match="not known yet"):
        draft.hand()


def test_the_reader_fold_plays_the_tricks_and_sees_revokes():
    draft = fold(READER)
    assert draft.played_tricks() == [
        (E, tuple(Card.from_code(c) for c in ("AS", "AD", "KS", "QS")), E)
    ]
    assert draft.revokes() == [(S, 1, Suit.S)]
    assert draft.live().points == 1


@pytest.mark.parametrize(
    "entries",
    [
        [TrickEntry(N)],  # before the contract
        [ContractEntry(E, 7, Suit.H), ContractEntry(E, 7, Suit.H)],
        [ContractEntry(E, 7, Suit.H), CardEntry(Card.from_code("AS"))],  # wrong mode
        [*READER[:2], READER[1]],  # a card twice
        [*PER_HAND, TakenEntry(3, "bidders", "bidders")],
    ],
)
def test_entries_that_do_not_fit_change_nothing(entries):
    draft = fold(entries[:-1])
    before = state(draft)
    with pytest.raises(KaiserError):
        draft.push(entries[-1])
    assert state(draft) == before
