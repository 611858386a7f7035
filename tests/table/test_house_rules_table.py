"""The house rules of issue 13 at the table: the NT low bid, min_bid 4, max_hands, the
lone Kaiser bid, SUMMARY's reasons and the Rules screen in words."""

from __future__ import annotations

import pytest

from hardware.screens import render
from kaiser_core.cards import Seat, Suit, Team
from kaiser_core.errors import KaiserError
from kaiser_core.messages import Message
from kaiser_core.rule_words import changed_words, option_words, rule_lines
from kaiser_core.rules import OPTION_NAMES, PROFILES, Rules
from kaiser_core.table import Key, Screen, Table
from kaiser_core.views.contract import BidView, ScoreView
from kaiser_core.views.game_over import GameOverView
from kaiser_core.views.lists import ListView
from kaiser_core.views.quick import QuickView
from kaiser_core.views.summary import SummaryView

LOW_BID = Rules().replace(low_allowed=True, low_bid="bid")
K = Key


def table(rules: Rules, first: Key = K.UP) -> Table:
    t = Table(rules)
    t.press(first)  # the first dealer
    return t


def keys(t: Table, *names: str) -> None:
    for name in names:
        t.press(Key(name))


def bid_view(t: Table) -> BidView:
    view = t.view()
    assert isinstance(view, BidView)
    return view


def shown(view: BidView) -> tuple[Suit | None, bool]:
    return view.trump, view.low


# -- the bid screen -------------------------------------------------------------------------
def test_under_low_bid_nt_low_is_a_place_of_the_trump_cycle():
    t = table(LOW_BID)
    keys(t, "OK", "RIGHT")  # E bids
    seen = [shown(bid_view(t))]
    for _ in range(6):
        t.press(K.RIGHT)
        seen.append(shown(bid_view(t)))
    S, H, D, C = Suit.S, Suit.H, Suit.D, Suit.C
    assert seen == [
        (S, False),
        (H, False),
        (D, False),
        (C, False),
        (None, False),
        (None, True),
        (S, False),
    ]
    t.press(K.LEFT)  # backward from spades: NT low, then NT
    assert shown(bid_view(t)) == (None, True)
    t.press(K.LEFT)
    assert shown(bid_view(t)) == (None, False)
    assert not bid_view(t).low_allowed  # A is no toggle here: its hint is not drawn


def test_under_low_bid_a_does_nothing_but_say_why():
    t = table(LOW_BID)
    keys(t, "OK", "RIGHT", "RIGHT")
    before = t.ui
    t.press(K.A)
    assert t.ui.state.low == before.state.low and t.ui.state.trump == before.state.trump
    assert t.ui.message.key == "bid.low_is_a_bid"


def test_a_low_no_trump_bid_is_entered_scored_as_no_trump_and_kept_low():
    t = table(LOW_BID)
    keys(t, "OK", "RIGHT", "LEFT", "UP", "OK")  # E 7 NT low
    assert t.ui.screen is Screen.TRICKS
    assert t.contract_label().low and t.contract_label().trump is None
    for _ in range(10):
        t.press(K.RIGHT)  # E takes every trick, and 5♥ and 3♠
    summary = t.view()
    assert isinstance(summary, SummaryView) and summary.made
    assert summary.delta_ew == 2 * 10  # a no-trump: doubled
    t.press(K.OK)
    hand = t.core_entries()[-1]
    assert hand.contract.bid.code == "7ntlow" and hand.low  # type: ignore[union-attr]


def test_without_low_bid_a_still_toggles_a_declared_low():
    t = table(Rules(low_allowed=True))
    keys(t, "OK", "RIGHT", "A")
    assert bid_view(t).low and bid_view(t).low_allowed
    for _ in range(5):
        t.press(K.RIGHT)  # once round: no NT low place
    assert shown(bid_view(t)) == (Suit.S, True)


@pytest.mark.parametrize(("low", "nt_low"), [(4, 4), (4, 5), (5, 5), (5, 7)])
def test_min_bid_4_and_5_widen_the_bid_range(low, nt_low):
    t = table(Rules(min_bid=low, nt_min_bid=nt_low))
    keys(t, "OK", "RIGHT")
    assert bid_view(t).number == low == bid_view(t).minimum
    t.press(K.DOWN)
    assert bid_view(t).number == low  # held at the minimum
    keys(t, "LEFT")  # to NT: raised to the no-trump minimum
    assert bid_view(t).number == nt_low and bid_view(t).minimum == nt_low
    for _ in range(12):
        t.press(K.UP)
    assert bid_view(t).number == 12
    keys(t, "RIGHT")  # back to spades; DOWN reaches min_bid again
    for _ in range(12):
        t.press(K.DOWN)
    assert bid_view(t).number == low
    t.press(K.OK)  # a 4 (or 5) is a contract the table takes
    assert t.draft.contract is not None and t.draft.contract.number == low


def test_a_low_flag_on_a_suit_is_refused_under_low_bid():
    from kaiser_core.entries import ContractEntry

    t = table(LOW_BID)
    with pytest.raises(KaiserError, match="low is a no-trump bid"):
        t.apply(ContractEntry(Seat.E, 7, Suit.H, True))


# -- max_hands ------------------------------------------------------------------------------
def per_hand(t: Table) -> None:
    keys(t, "HOLD-OK", "DOWN", "DOWN", "OK", "B")  # menu: entry per hand


def quick_hand(t: Table, bidder: str, tricks: int, five: str, three: str) -> None:
    """From SCORE, per hand: ``bidder`` bids the minimum in spades; the bidders take
    ``tricks``; 5♥ and 3♠ with the bidders ("b") or the defenders ("d"); confirmed."""
    keys(t, "OK", bidder, "OK")
    keys(t, *(["UP"] * (tricks - 4) if tricks >= 4 else ["DOWN"] * (4 - tricks)))
    keys(t, *(["A"] * (1 if five == "b" else 2)), *(["B"] * (1 if three == "b" else 2)))
    keys(t, "OK", "OK")


def test_a_game_of_max_hands_counts_its_hands_and_ends_itself():
    t = table(Rules(max_hands=2))
    per_hand(t)
    view = t.view()
    assert isinstance(view, ScoreView) and view.progress == "hand 1 of 2"
    assert view.progress.key == "hand.of"  # type: ignore[attr-defined]
    keys(t, "OK", "RIGHT", "OK")  # E 6♠, per hand
    quick = t.view()
    assert isinstance(quick, QuickView) and quick.progress == "hand 1 of 2"
    keys(t, "A", "B", "B", "OK", "OK")  # EW 4 tricks + 5♥: 9 made; NS 4 - 3 = 1
    assert t.view().progress == "hand 2 of 2"  # type: ignore[union-attr]
    keys(t, "OK", "A")  # a redeal is no hand
    assert t.view().progress == "hand 2 of 2"  # type: ignore[union-attr]
    quick_hand(t, "UP", 4, "d", "b")  # N 6♠: NS 4 - 3 = 1, set: -6; EW 4 + 5 = 9
    over = t.view()
    assert isinstance(over, GameOverView) and over.winner.team is Team.EW
    assert (over.winner.total, over.loser.total) == (18, -5)
    assert over.reason == "2 hands played: the higher total wins"
    assert t.game is not None and t.game.results[-1].end_rule == "max_hands"


def test_equal_totals_after_max_hands_play_on_and_say_so():
    t = table(Rules(min_bid=5, max_hands=1))
    per_hand(t)
    quick_hand(t, "UP", 3, "b", "b")  # N 5♠: NS 3 + 5 - 3 = 5 made; EW 5 tricks: 5
    assert t.game is not None and not t.game.over and t.game.playing_on
    view = t.view()
    assert isinstance(view, ScoreView) and view.progress == "hand 2: tie, play on"
    keys(t, "OK", "RIGHT", "OK")
    assert t.view().progress == "hand 2: tie, play on"  # type: ignore[union-attr]
    keys(t, "UP", "A", "B", "B", "OK", "OK")  # E 5♠: EW 5 + 5 = 10 made; NS 3 - 3 = 0
    over = t.view()
    assert isinstance(over, GameOverView) and over.winner.team is Team.EW
    assert over.reason == "2 hands played: the higher total wins"


def test_the_score_screen_shows_the_hand_count_only_under_max_hands():
    t = table(Rules())
    view = t.view()
    assert isinstance(view, ScoreView) and view.progress == ""


# -- the Kaiser bid alone -------------------------------------------------------------------
ALONE = Rules(kaiser_bid_wins=True, kaiser_bid_alone=True)


def test_quick_hands_a_lone_12_no_trump_to_trick_by_trick_entry():
    t = table(ALONE)
    per_hand(t)
    keys(t, "OK", "RIGHT", "LEFT", *["UP"] * 6, "OK")  # E 12 NT
    assert t.ui.screen is Screen.TRICKS
    assert t.ui.message.key == "bid.by_trick" and "trick by trick" in t.ui.message
    assert t.draft.contract is not None and t.draft.contract.mode.value == "per-trick"
    for seat in ["RIGHT", "LEFT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "RIGHT", "UP"]:
        t.press(Key(seat))  # W, the partner, takes trick 2; N the last
    keys(t, "RIGHT", "UP")  # 5♥ to E, 3♠ to N: EW 7 tricks + 5♥ = 12, but not alone
    summary = t.view()
    assert isinstance(summary, SummaryView) and not summary.made
    assert any(n.startswith("EW: the bidder's partner took a trick") for n in summary.notes)
    t.press(K.OK)
    assert t.game is not None and not t.game.over  # set, not lost: no kaiser_bid_loses


def test_an_11_no_trump_stays_per_hand():
    t = table(ALONE)
    per_hand(t)
    keys(t, "OK", "RIGHT", "LEFT", *["UP"] * 5, "OK")  # E 11 NT
    assert t.ui.screen is Screen.QUICK and t.ui.message == ""


# -- SUMMARY --------------------------------------------------------------------------------
def to_summary(t: Table, bidder: str, trump: list[str], ups: int, tricks: int, sides: str) -> None:
    """From SCORE, per hand: the contract, the bidders' tricks, 5♥ and 3♠'s sides ("bd")."""
    keys(t, "OK", bidder, *trump, *["UP"] * ups, "OK")
    keys(t, *(["UP"] * (tricks - 4) if tricks >= 4 else ["DOWN"] * (4 - tricks)))
    keys(t, *(["A"] * (1 if sides[0] == "b" else 2)), *(["B"] * (1 if sides[1] == "b" else 2)))
    t.press(K.OK)
    assert t.ui.screen is Screen.SUMMARY


def summary(t: Table) -> SummaryView:
    view = t.view()
    assert isinstance(view, SummaryView)
    return view


def test_summary_names_each_rule_that_changed_a_score_and_pages_through_them():
    t = table(Rules(three_spades_needs_tricks=3))
    per_hand(t)
    to_summary(t, "RIGHT", ["LEFT"], 0, 6, "bd")  # E 6 NT: EW 6 + 5 = 11, x2; NS 3♠, 2 tricks
    view = summary(t)
    assert view.notes == ("EW NT x2", "NS took 3♠ with 2 tricks: -3")
    assert (view.delta_ew, view.delta_ns, view.raw_ns) == (22, -3, -3)
    pages = []
    for key in ("DOWN", "DOWN", "DOWN", "UP", "UP", "UP"):
        t.press(Key(key))
        pages.append(summary(t).scroll)
    assert pages == [1, 2, 2, 1, 0, 0]
    keys(t, "DOWN", "OK")  # confirmed from a page of notes: the next SUMMARY starts at 0
    to_summary(t, "DOWN", [], 0, 4, "bb")
    assert summary(t).scroll == 0


def test_the_pending_score_uses_the_cap_and_target_after_the_hands_own_no_trump():
    rules = Rules(target=30, defender_cap_at=20, target_after_nt=40, cap_follows_target=True)
    t = table(rules)
    per_hand(t)
    for _ in range(2):  # N 12♠: NS 7 tricks + 5♥ = 12 made, twice: NS 24, over the cap 20
        to_summary(t, "UP", [], 6, 7, "bd")
        t.press(K.OK)
    to_summary(t, "RIGHT", ["LEFT"], 0, 4, "bd")  # E 6 NT made: target 40, cap 30 at once
    view = summary(t)
    assert (view.delta_ew, view.delta_ns) == (18, 1)  # NS at 24 < 30 scores its 4 - 3
    assert "NS below the raised cap 30: +1" in view.notes
    t.press(K.OK)
    assert t.game is not None and t.game.totals[Team.NS] == view.ns.total == 25
    assert t.game.target == 40


def test_every_reason_is_drawn_whole_on_some_page():
    """The painter wraps each note and pages them: every word of every note is on screen."""
    from hardware.screens import fonts

    tiny = fonts()[0]
    notes = (
        "EW: the bidder's partner took a trick, 12 NT set: -24",
        "NS at the cap took 5♥: +6 and wins",
        "NS below the raised cap 55: +6",
        "EW NT x2",
    )
    base = summary_view(notes)
    for note in notes:  # a note never needs more than the page's rows
        assert len(tiny.wrap(note, 120, 8)) <= 6 and "…" not in "".join(tiny.wrap(note, 120, 8))
    first = render(base)
    later = [render(summary_view(notes, scroll=k)) for k in range(1, len(notes) + 1)]
    assert len({img.tobytes() for img in [first, *later]}) == len(notes) + 1


def summary_view(notes: tuple[str, ...], scroll: int = 0) -> SummaryView:
    from kaiser_core.views.base import ContractLabel, TeamScore

    return SummaryView(
        ContractLabel(Seat.E, 12, None),
        -2,
        12,
        False,
        6,
        -24,
        notes,
        TeamScore(Team.NS, "NS", 50),
        TeamScore(Team.EW, "EW", 10),
        scroll=scroll,
    )


# -- the Rules screen -----------------------------------------------------------------------
NON_DEFAULT = {
    "target": 62,
    "min_bid": 4,
    "nt_min_bid": 7,
    "nt_ranking": "above-all-suit-bids",
    "dealer_may_take": False,
    "nt_made_multiplier": 1,
    "nt_set_multiplier": 1,
    "made_scores": "bid",
    "defender_cap_at": None,
    "bidder_must_go_out": True,
    "kaiser_bid_wins": True,
    "redeal_worthless_hand": False,
    "deal": "widow",
    "low_allowed": True,
    "card_passing": True,
    "series": True,
    "target_after_nt": 62,
    "losing_total": -52,
    "max_hands": 10,
    "both_reach_target": "higher-total",
    "defenders_cannot_go_out": True,
    "cap_follows_target": True,
    "capped_five_wins": True,
    "three_spades_needs_tricks": 3,
    "kaiser_bid_alone": True,
    "kaiser_bid_loses": True,
    "low_specials": "low",
    "low_bid": "bid",
    "trump_by_first_lead": True,
    "three_spades_value": -2,
    "dealer_must_bid": False,
}


def test_every_option_has_words_for_its_default_and_another_value():
    assert set(NON_DEFAULT) == set(OPTION_NAMES)
    for name, value in [*Rules().options().items(), *NON_DEFAULT.items()]:
        words = option_words(name, value)
        assert words.key.startswith(f"rule.{name}"), (name, value, words)
        assert "_" not in words and ":" not in words[-2:], words  # words, not name: value


def test_the_rules_screen_lists_the_changed_options_first_in_words():
    rules = Rules.from_spec({"profile": "standard", "options": {"defender_cap_at": 45 + 10}})
    rules = rules.replace(max_hands=10, three_spades_needs_tricks=3)
    assert [str(m) for m in changed_words(rules)] == [
        "Defenders stop at 55",
        "At most 10 hands a game",
        "3♠ with under 3 tricks scores -3",
    ]
    # With a Joffre deck's -2 the 3♠ rule says so (RULES.md: its replacement score is -2).
    joffre = rules.replace(three_spades_value=-2)
    assert [str(m) for m in changed_words(joffre)][2:] == [
        "3♠ with under 3 tricks scores -2",
        "3♠ counts -2 (a Joffre deck)",
    ]
    t = table(rules)
    keys(t, "HOLD-OK", "DOWN", "DOWN", "DOWN", "OK")  # MENU > Rules
    view = t.view()
    assert isinstance(view, ListView) and view.wrap
    assert view.lines[:4] == ("changed from standard:", *changed_words(rules))
    assert len(view.lines) == len(OPTION_NAMES) + 2
    for line in view.lines:
        assert isinstance(line, Message)


@pytest.mark.slow
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_no_rules_line_is_cut_short_and_each_line_is_shown_at_its_turn(profile):
    from hardware.screens import fonts

    tiny = fonts()[0]
    lines = tuple(rule_lines(PROFILES[profile].replace(**{"max_hands": 10})))
    for line in lines:
        assert "…" not in "".join(tiny.wrap(line, 128 - 9, 5)), line
    pictures = {render(ListView("Rules", lines, i, wrap=True)).tobytes() for i in range(len(lines))}
    assert len(pictures) == len(lines)
