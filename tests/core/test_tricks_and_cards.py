"""Cards, the packs, and who wins a trick."""

import pytest

from kaiser_core import DECK, SKAT_PACK, Card, Seat, Suit
from kaiser_core.errors import KaiserError
from kaiser_core.tricks import find_revokes, trick_winner


def cards(text: str) -> list[Card]:
    return [Card.from_code(c) for c in text.split()]


def test_the_deck_has_32_cards_with_the_specials_instead_of_two_sevens():
    codes = {c.code for c in DECK}
    assert len(DECK) == len(codes) == 32
    assert {"5H", "3S", "7D", "7C"} <= codes
    assert not {"7H", "7S"} & codes


def test_the_skat_pack_adds_the_two_sevens():
    assert {c.code for c in SKAT_PACK} - {c.code for c in DECK} == {"7H", "7S"}
    assert len(SKAT_PACK) == 34


def test_card_codes_round_trip_and_10_means_t():
    for card in SKAT_PACK:
        assert Card.from_code(card.code) == card
        assert eval(repr(card), {"Card": Card}) == card
    assert Card.from_code("10H") == Card.from_code("TH")
    assert Card.from_code("TH").label == "10♥"


@pytest.mark.parametrize("code", ["", "A", "1H", "AX", "ah", "11H", "5♥", "AHH"])
def test_bad_card_codes_are_refused(code):
    with pytest.raises(KaiserError):
        Card.from_code(code)


def test_trump_beats_the_led_suit_and_the_highest_trump_wins():
    assert trick_winner(cards("AH KS 8D QH"), Seat.E, trump=Suit.D) is Seat.W
    assert trick_winner(cards("AH 9D 8D QH"), Seat.E, trump=Suit.D) is Seat.S


def test_without_trump_only_the_led_suit_can_win():
    assert trick_winner(cards("9C AH AD TC"), Seat.N, trump=None) is Seat.W


def test_the_specials_are_the_lowest_of_their_suits():
    assert trick_winner(cards("5H 8H 3S 7C"), Seat.N, trump=None) is Seat.E
    assert trick_winner(cards("3S 8S AH AD"), Seat.S, trump=None) is Seat.W


def test_low_reverses_every_suit_but_trump_still_beats_side_suits():
    assert trick_winner(cards("AD 7D KD 8D"), Seat.N, trump=None, low=True) is Seat.E
    assert trick_winner(cards("5H AH 8H KH"), Seat.N, trump=None, low=True) is Seat.N
    assert trick_winner(cards("8D AS 7D KS"), Seat.N, trump=Suit.S, low=True) is Seat.W


def test_a_revoke_is_a_suit_not_followed_and_played_later():
    # Trick 1: N leads AH, E plays AS (no heart?), later E plays 9H: E revoked in trick 1.
    tricks = [(Seat.N, cards("AH AS KH QH")), (Seat.N, cards("AD 9H KD QD"))]
    revokes = find_revokes(tricks)
    assert [(r.seat, r.trick) for r in revokes] == [(Seat.E, 1)]
    assert find_revokes([(Seat.N, cards("AH KH QH JH"))]) == []
