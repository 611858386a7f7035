"""The widow and skat deals at the table when a special is in no trick.

With the card reader, a hand whose bidder discarded 5♥ or 3♠ (against the rule) reaches
SUMMARY with that special in no trick: it scores for no one (RULES.md: discarded cards
score for no one), the hand is confirmed, the game goes on and the exported record scores
the same. The per-trick and per-hand flows of the same deals always name a taker: they are
played here too, with the specials never marked, and with every key of the end of a hand.
"""

from __future__ import annotations

import pytest
from discard_hands import HANDS, DiscardHand

from kaiser_core.bidding import Bid, Contract
from kaiser_core.cards import Card, Seat, Team
from kaiser_core.errors import IllegalPlayError
from kaiser_core.hand import ByCard, Hand
from kaiser_core.record import parse_record, record_json, score_record
from kaiser_core.rules import Rules, find_profile
from kaiser_core.scoring import Outcome, score_hand
from kaiser_core.table import Key, Screen, Table
from kaiser_core.table.keys import key_for
from kaiser_core.views.cards import CardsView
from kaiser_core.views.contract import ScoreView
from kaiser_core.views.game_over import GameOverView
from kaiser_core.views.lists import ListView
from kaiser_core.views.quick import QuickView
from kaiser_core.views.summary import SummaryView
from kaiser_core.views.tricks import AskSpecialView

ZERO = {Team.NS: 0, Team.EW: 0}


def table_in(profile: str | Rules, mode_presses: int) -> Table:
    """A table under ``profile`` with N dealing; the menu's entry item pressed that often
    (0: per trick, 1: per hand, 2: card reader)."""
    rules = find_profile(profile) if isinstance(profile, str) else profile
    table = Table(rules, reader_available=True)
    table.press(Key.UP)  # N deals first
    table.press(Key.HOLD_OK)
    table.press(Key.DOWN)
    table.press(Key.DOWN)
    for _ in range(mode_presses):
        table.press(Key.OK)
    table.press(Key.B)
    assert table.ui.screen is Screen.SCORE
    return table


def bid(table: Table, hand: DiscardHand) -> None:
    for key in ("OK", "RIGHT", *hand.bid_keys, "OK"):
        table.press(Key(key))


def read_hand(hand: DiscardHand, rules: Rules | None = None) -> Table:
    table = table_in(rules or hand.profile, 2)
    bid(table, hand)
    assert isinstance(table.view(), CardsView)
    for card in hand.cards:
        table.read_card(card)
        assert table.ui.message == "", table.ui.message  # nothing refused, no revoke
    return table


@pytest.mark.parametrize("name", sorted(HANDS))
def test_a_discarded_special_scores_for_no_one_on_summary(name: str) -> None:
    hand = HANDS[name]
    table = read_hand(hand)
    assert [w.code for _, _, w in table.played_tricks()] == list(hand.winners)
    view = table.view()
    assert isinstance(view, SummaryView), view
    assert (view.raw_ns, view.raw_ew) == (hand.raw["NS"], hand.raw["EW"])
    assert view.made is hand.made
    assert (view.delta_ns, view.delta_ew) == (hand.delta["NS"], hand.delta["EW"])
    assert (view.ns.total, view.ew.total) == (hand.delta["NS"], hand.delta["EW"])
    gone = [c for c in ("5H", "3S") if c not in hand.cards]
    said = [n for n in view.notes if getattr(n, "key", "") == "summary.not_played"]
    assert [n.params["card"] for n in said] == [Card.from_code(c) for c in gone]
    assert all(str(n).endswith("discarded: no one's") for n in said)  # why the raw is less
    for key in (Key.DOWN, Key.UP, Key.A, Key.B, Key.LEFT):  # the other keys of SUMMARY
        table.press(key)
        assert isinstance(table.view(), SummaryView)
    table.press(Key.OK)
    score = table.view()
    assert isinstance(score, ScoreView), score
    assert (score.ns.total, score.ew.total) == (hand.delta["NS"], hand.delta["EW"])


@pytest.mark.parametrize("name", sorted(HANDS))
def test_the_exported_record_scores_the_same_and_replays(name: str) -> None:
    hand = HANDS[name]
    table = read_hand(hand)
    table.press(Key.OK)
    rules = table.rules
    record = record_json(rules, table.first_dealer, table.core_entries())
    assert record["hands"] == [
        {"contract": hand.contract, "trump": hand.trump, "plays": [list(t) for t in hand.tricks]}
    ]
    scored = score_record(record)
    assert scored["hands"][0]["raw"] == hand.raw
    assert scored["hands"][0]["delta"] == hand.delta
    assert scored["hands"][0]["revokes"] == []
    assert scored["totals"] == hand.delta and scored["next_dealer"] == "E"
    assert list(parse_record(record).entries) == table.core_entries()
    again = Table(rules, reader_available=True)  # the journal's entries fold again
    again.load(rules, list(table.entries), table.ui)
    assert again.game is not None and again.game.totals == table.game.totals


def test_the_hand_that_wins_the_game_shows_game_over_and_the_history() -> None:
    hand = HANDS["widow-3S"]  # NS +11
    table = read_hand(hand, find_profile("widow").replace(target=10))
    summary = table.view()
    assert isinstance(summary, SummaryView) and summary.ns.total == 11
    table.press(Key.OK)
    over = table.view()
    assert isinstance(over, GameOverView), over
    assert (over.winner.team, over.winner.total, over.loser.total) == (Team.NS, 11, -7)
    assert over.skunk  # the losers at 0 or below
    table.press(Key.HOLD_OK)
    for _ in range(5):
        table.press(Key.DOWN)
    table.press(Key.OK)  # History: the games
    table.press(Key.OK)  # this game's hands
    listed = table.view()
    assert isinstance(listed, ListView)
    assert listed.lines == ("1. E 7♠ set +11 / -7 (11 / -7)",)


def test_undo_on_summary_takes_back_the_last_card_and_it_reads_again() -> None:
    hand = HANDS["widow-5H"]
    table = read_hand(hand)
    table.press(Key.HOLD_B)
    view = table.view()
    assert isinstance(view, CardsView) and view.trick == 7 and len(view.cards) == 3
    table.read_card(hand.cards[-1])
    assert isinstance(table.view(), SummaryView)


def test_a_discarded_special_in_a_card_hand_of_the_core() -> None:
    """The core scores the hand (``Hand`` of ``ByCard``), not only the table."""
    hand = HANDS["widow-5H"]
    rules = find_profile("widow")
    cards = tuple(tuple(Card.from_code(c) for c in trick) for trick in hand.tricks)
    played = Hand(Contract(Seat.E, Bid(7)), ByCard(cards), Card.from_code("AS").suit)
    out = played.outcome(rules)
    assert out.five_hearts is None and out.three_spades is Team.NS
    assert (out.tricks_ns, out.tricks_ew) == (6, 1)
    standard = find_profile("standard")  # 8 tricks of the 32 cards: every card is played
    with pytest.raises(IllegalPlayError, match="never played"):
        Outcome(6, 2, None, Team.NS).check(standard)


def test_the_3s_rule_leaves_a_discarded_3s_alone() -> None:
    """``three_spades_needs_tricks`` gives -3 only to a team that took 3♠."""
    rules = find_profile("skat").replace(three_spades_needs_tricks=3)
    score = score_hand(rules, Contract(Seat.N, Bid(7)), Outcome(7, 1, Team.NS, None), ZERO)
    assert score.raw == {Team.NS: 12, Team.EW: 1}
    assert score.made and score.delta == {Team.NS: 12, Team.EW: 1}
    assert score.reasons == ()


# -- the same deals entered per trick and per hand: a taker is always named -----------------


@pytest.mark.parametrize("profile", ["widow", "skat"])
def test_per_trick_specials_never_marked_are_asked_after_the_last_trick(profile: str) -> None:
    hand = HANDS[f"{profile}-3S"]
    table = table_in(profile, 0)
    bid(table, hand)
    for winner in hand.winners:
        table.press(key_for(Seat.from_code(winner)))
    ask = table.view()
    assert isinstance(ask, AskSpecialView) and ask.card.code == "5H"
    table.press(Key.UP)  # N took no trick: refused
    assert table.ui.screen is Screen.ASK_FIVE and "took no trick" in table.ui.message
    table.press(Key.DOWN)  # S
    ask = table.view()
    assert isinstance(ask, AskSpecialView) and ask.card.code == "3S"
    table.press(Key.RIGHT)  # E
    view = table.view()
    assert isinstance(view, SummaryView)
    ns = hand.winners.count("N") + hand.winners.count("S")
    ew = len(hand.winners) - ns
    assert (view.raw_ns, view.raw_ew) == (ns + 5, ew - 3)
    assert view.raw_ns + view.raw_ew == find_profile(profile).raw_total
    assert not any(getattr(n, "key", "") == "summary.not_played" for n in view.notes)
    table.press(Key.HOLD_B)  # undo the 3S answer: asked again
    assert table.ui.screen is Screen.ASK_THREE
    table.press(Key.RIGHT)
    table.press(Key.OK)
    assert isinstance(table.view(), ScoreView)


@pytest.mark.parametrize(("profile", "most"), [("widow", 7), ("skat", 8)])
def test_per_hand_counts_to_the_deal_s_tricks_and_needs_both_specials(
    profile: str, most: int
) -> None:
    hand = HANDS[f"{profile}-3S"]
    table = table_in(profile, 1)
    bid(table, hand)
    for _ in range(10):
        table.press(Key.UP)
    view = table.view()
    assert isinstance(view, QuickView) and view.bidders_tricks == most and view.of == most
    assert (view.five, view.three) == ("bidders", "bidders")  # all tricks: both theirs
    table.press(Key.DOWN)  # most - 1: the specials are unset again
    table.press(Key.OK)
    assert table.ui.screen is Screen.QUICK  # refused while a special is unset
    table.press(Key.A)  # 5H: bidders
    table.press(Key.B)  # 3S: bidders
    table.press(Key.B)  # 3S: defenders
    table.press(Key.OK)
    view = table.view()
    assert isinstance(view, SummaryView)
    assert (view.raw_ns, view.raw_ew) == (1 - 3, most - 1 + 5)
    assert view.raw_ns + view.raw_ew == find_profile(profile).raw_total
    table.press(Key.OK)
    assert isinstance(table.view(), ScoreView)


def test_no_hand_ends_early_a_redeal_is_refused_once_cards_are_read() -> None:
    hand = HANDS["widow-5H"]
    table = table_in("widow", 2)
    bid(table, hand)
    for card in hand.cards[:5]:
        table.read_card(card)
    table.press(Key.HOLD_OK)
    table.press(Key.DOWN)  # Redeal
    table.press(Key.OK)
    assert table.ui.message == "hand under way: undo to the contract first"
    table.press(Key.B)
    assert isinstance(table.view(), CardsView) and len(table.draft.cards) == 5
