"""The live contract state (TRICKS and CARDS) against a brute force of every outcome left.

The brute force knows nothing of ``kaiser_core.live``: it lists every seat that could win
each trick still to come and every place a special still out could be (per trick: any
trick, entered or to come, since the table may answer "5♥ taken by?" at the end; from the
card reader: a trick to come, or no trick under the widow or the skat, discarded), builds
the finished hand's outcome and scores it with ``score_hand``. The completion properties go
further: they finish the hand through the ``Draft`` as the table does and check that no
MADE or SET shown on the way was wrong.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import house_rules

from kaiser_core.bidding import Contract, table_bid
from kaiser_core.cards import FIVE_HEARTS, SEATS, THREE_SPADES, Card, Seat, Suit, Team
from kaiser_core.entries import CardEntry, ContractEntry, Mode, SpecialEntry, TrickEntry
from kaiser_core.rules import LowSpecials, Rules, find_profile
from kaiser_core.scoring import HandScore, Outcome, score_hand
from kaiser_core.table.draft import Draft
from kaiser_core.tricks import trick_winner
from kaiser_core.views.base import LiveContract

pytestmark = pytest.mark.slow

ZERO = {Team.NS: 0, Team.EW: 0}
SPECIALS = (FIVE_HEARTS, THREE_SPADES)


def places(
    card: Card,
    taker: Seat | None,
    future: tuple[Seat, ...],
    every: tuple[Seat, ...],
    on_table: Sequence[Card],
    reader: bool,
    discards: bool,
) -> set[Seat | None]:
    """Who can end up with ``card`` (None: no one, it was discarded)."""
    if taker is not None:
        return {taker}
    if card in on_table:
        return {future[0]}  # on the table: it goes to this trick's winner
    if not reader:
        return set(every)  # not marked: any trick, one entered as well as one to come
    return set(future) | ({None} if discards else set())  # unseen: to come, or discarded


def brute_force(
    rules: Rules,
    contract: Contract,
    winners: Sequence[Seat],
    five: Seat | None,
    three: Seat | None,
    on_table: Sequence[Card] = (),
    reader: bool = False,
) -> tuple[int, str]:
    """(the most the bidders can still score, "MADE"/"SET"/"") over every outcome left."""
    left = rules.tricks_per_hand - len(winners)
    futures: list[tuple[Seat, ...]] = [()]
    if left:
        rest = list(itertools.combinations_with_replacement(SEATS, left - 1))
        futures = [(first, *more) for first in SEATS for more in rest]
    raws: set[int] = set()
    made: set[bool] = set()
    discards = rules.discards > 0
    for future in futures:
        every = (*winners, *future)
        ns = sum(1 for s in every if s.team is Team.NS)
        for f in places(FIVE_HEARTS, five, future, every, on_table, reader, discards):
            for t in places(THREE_SPADES, three, future, every, on_table, reader, discards):
                team_f, team_t = (None if s is None else s.team for s in (f, t))
                outcome = Outcome(ns, len(every) - ns, team_f, team_t, frozenset(every))
                score = score_hand(rules, contract, outcome, ZERO)
                raws.add(score.raw[contract.team])
                made.add(score.made)
    status = "MADE" if made == {True} else "SET" if made == {False} else ""
    return max(raws), status


@st.composite
def some_rules(draw: st.DrawFn) -> Rules:
    base = find_profile(draw(st.sampled_from(["standard", "widow", "skat", "tournament"])))
    kaiser = draw(st.booleans())
    low = draw(st.booleans())
    return base.replace(
        three_spades_needs_tricks=draw(st.sampled_from([0, 0, 2, 3])),
        kaiser_bid_wins=kaiser,
        kaiser_bid_alone=kaiser and draw(st.booleans()),
        low_allowed=low,
        low_specials=draw(st.sampled_from(["high", "low"])) if low else "high",
    )


@st.composite
def contracts(draw: st.DrawFn, rules: Rules, mode: Mode) -> ContractEntry:
    no_trump = draw(st.booleans())
    lowest = rules.nt_minimum if no_trump else rules.min_bid
    number = draw(st.sampled_from([*range(lowest, 13), 12, 12, 11]))
    trump = None if no_trump else draw(st.sampled_from(list(Suit)))
    low = rules.low_allowed and (no_trump or not rules.low_nt_bid) and draw(st.booleans())
    return ContractEntry(draw(st.sampled_from(SEATS)), number, trump, low, mode)


def core_contract(rules: Rules, c: ContractEntry) -> Contract:
    return Contract(c.bidder, table_bid(c.number, c.no_trump, c.low, rules))


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_per_trick_entry_is_exact(data: st.DataObject) -> None:
    rules = data.draw(some_rules())
    entry = data.draw(contracts(rules, Mode.PER_TRICK))
    n = rules.tricks_per_hand
    played = data.draw(st.integers(0, n - 1))
    winners = data.draw(st.lists(st.sampled_from(SEATS), min_size=played, max_size=played))
    five_in = data.draw(st.sampled_from([None, *range(played)]))
    three_in = data.draw(st.sampled_from([None, *range(played)]))
    draft = Draft(rules)
    draft.push(entry)
    for i, seat in enumerate(winners):
        draft.push(TrickEntry(seat, five_in == i, three_in == i))
    five = winners[five_in] if five_in is not None else None
    three = winners[three_in] if three_in is not None else None
    live = draft.live()
    contract = core_contract(rules, entry)
    assert (live.most_possible, live.status) == brute_force(rules, contract, winners, five, three)
    team = entry.bidder.team
    points = sum(w.team is team for w in winners)
    points += (5 if five.team is team else 0) if five else 0
    points -= (3 if three.team is team else 0) if three else 0
    assert (live.points, live.needed) == (points, entry.number)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_card_reader_entry_is_exact(data: st.DataObject, seed: int) -> None:
    rules = data.draw(some_rules())
    entry = data.draw(contracts(rules, Mode.READER))
    n = rules.tricks_per_hand
    cards = list(rules.pack)
    random.Random(seed).shuffle(cards)
    count = data.draw(st.integers(0, 4 * n - 1))
    draft = Draft(rules)
    draft.push(entry)
    for card in cards[:count]:
        draft.push(CardEntry(card))
    winners: list[Seat] = []
    taker: dict[Card, Seat] = {}
    leader = entry.bidder
    specials_low = rules.low_specials is LowSpecials.LOW
    for start in range(0, count - count % 4, 4):
        trick = cards[start : start + 4]
        leader = trick_winner(trick, leader, entry.trump, entry.low, specials_low)
        winners.append(leader)
        taker.update(dict.fromkeys(trick, leader))
    on_table = cards[len(winners) * 4 : count]
    live = draft.live()
    assert (live.most_possible, live.status) == brute_force(
        rules,
        core_contract(rules, entry),
        winners,
        taker.get(FIVE_HEARTS),
        taker.get(THREE_SPADES),
        on_table,
        reader=True,
    )


def score(rules: Rules, draft: Draft, totals: dict[Team, int] = ZERO) -> HandScore:
    """The finished draft scored as the game scores it."""
    hand = draft.hand()
    return score_hand(rules, hand.contract, hand.outcome(rules), totals)


def per_trick(rules: Rules, bidder: Seat, number: int, *tricks: TrickEntry) -> Draft:
    draft = Draft(rules)
    draft.push(ContractEntry(bidder, number, Suit.H))
    for trick in tricks:
        draft.push(trick)
    return draft


def test_the_first_trick_shows_max_12_not_13() -> None:
    live = per_trick(Rules(), Seat.N, 8).live()
    assert (live.points, live.needed, live.most_possible, live.status) == (0, 8, 12, "")
    widow = find_profile("widow")
    assert widow.tricks_per_hand == 7 and per_trick(widow, Seat.N, 8).live().most_possible == 11


def test_set_waits_until_no_place_of_the_three_could_make_it() -> None:
    # 12 bid, one trick lost with no mark: the 3♠ may be in it (answered at the end), so
    # 7 tricks and the 5♥ can still make 12; another trick lost makes it certain.
    live = per_trick(Rules(), Seat.N, 12, TrickEntry(Seat.E)).live()
    assert (live.most_possible, live.status) == (12, "")
    live = per_trick(Rules(), Seat.N, 12, TrickEntry(Seat.E), TrickEntry(Seat.W)).live()
    assert (live.most_possible, live.status) == (11, "SET")
    # the 3♠ marked with the defenders: 12 is still within reach
    live = per_trick(Rules(), Seat.N, 12, TrickEntry(Seat.E, three=True)).live()
    assert (live.most_possible, live.status) == (12, "")


def test_issue_22_unmarked_specials_may_be_in_a_trick_already_entered() -> None:
    """E bids 7♥, EW take seven tricks with no mark, N the last: not MADE (5♥ and 3♠ may
    be answered N and E: 7 - 3 = 4, set); N takes the first with 5♥ marked, EW the rest:
    not SET (the 3♠ may be in N's trick: 7, made)."""
    tricks = [TrickEntry(Seat.E)] * 7 + [TrickEntry(Seat.N)]
    for played in range(1, 9):
        live = per_trick(Rules(), Seat.E, 7, *tricks[:played]).live()
        assert live.status == "", (played, live)
    draft = per_trick(Rules(), Seat.E, 7, *tricks)
    draft.push(SpecialEntry(FIVE_HEARTS, Seat.N))
    draft.push(SpecialEntry(THREE_SPADES, Seat.E))
    assert not score(Rules(), draft).made
    tricks = [TrickEntry(Seat.N, five=True)] + [TrickEntry(Seat.E)] * 7
    for played in range(1, 9):
        live = per_trick(Rules(), Seat.E, 7, *tricks[:played]).live()
        assert live.status == "", (played, live)
    draft = per_trick(Rules(), Seat.E, 7, *tricks)
    draft.push(SpecialEntry(THREE_SPADES, Seat.N))
    assert score(Rules(), draft).made


def test_a_special_the_reader_has_not_seen_may_be_discarded() -> None:
    """Widow, 12 bid: 7 tricks and the 5♥ with the 3♠ discarded make 12 (RULES.md:
    discarded cards score for no one), so SET is not certain before a card is read."""
    widow = find_profile("widow")
    draft = Draft(widow)
    draft.push(ContractEntry(Seat.N, 12, Suit.H, mode=Mode.READER))
    assert (draft.live().most_possible, draft.live().status) == (12, "")


def test_made_waits_until_the_three_cannot_undo_it() -> None:
    tricks = [TrickEntry(Seat.N, five=True), *[TrickEntry(Seat.S)] * 4]
    live = per_trick(Rules(), Seat.N, 9, *tricks).live()  # 5 tricks + 5♥, 3♠ out
    assert (live.points, live.status) == (10, "")  # 3♠ with them, no more tricks: 7
    more = [TrickEntry(Seat.S)] * 2
    live = per_trick(Rules(), Seat.N, 9, *tricks, *more).live()
    assert (live.points, live.status) == (12, "MADE")  # at worst 12 - 3 = 9


def test_a_lone_kaiser_bid_is_set_when_the_partner_takes_a_trick() -> None:
    rules = Rules().replace(kaiser_bid_wins=True, kaiser_bid_alone=True)
    draft = Draft(rules)
    draft.push(ContractEntry(Seat.N, 12, None))
    assert draft.live().status == ""
    draft.push(TrickEntry(Seat.S))
    assert draft.live().status == "SET"


def check_shown(shown: list[LiveContract], final: HandScore, team: Team) -> None:
    """No MADE or SET on the way that the finished hand contradicts; the max was not passed."""
    wrong = "SET" if final.made else "MADE"
    for step, live in enumerate(shown):
        assert live.status != wrong, (step, live, final)
        assert final.raw[team] <= live.most_possible, (step, live, final)


@st.composite
def totals(draw: st.DrawFn) -> dict[Team, int]:
    return {team: draw(st.integers(-60, 70)) for team in Team}  # at the cap or not


@settings(max_examples=150, deadline=None)
@given(data=st.data(), before=totals())
def test_per_trick_made_or_set_holds_for_every_way_the_hand_ends(
    data: st.DataObject, before: dict[Team, int]
) -> None:
    """Whatever the marks and the answers at the end, a MADE or SET shown stays true."""
    rules = data.draw(house_rules())
    entry = data.draw(contracts(rules, Mode.PER_TRICK))
    n = rules.tricks_per_hand
    team = entry.bidder.team
    ours = data.draw(st.integers(0, n))  # as likely 7 tricks of 8 as 4
    sides = data.draw(st.permutations([True] * ours + [False] * (n - ours)))
    of_side = {b: [s for s in SEATS if (s.team is team) is b] for b in (True, False)}
    winners = [data.draw(st.sampled_from(of_side[b])) for b in sides]
    marked = {card: data.draw(st.sampled_from([None] * n + [*range(n)])) for card in SPECIALS}
    answer = {}
    for card in SPECIALS:  # a seat of the team drawn, if it took a trick
        side = data.draw(st.booleans())
        took = [s for s in winners if (s.team is team) is side] or winners
        answer[card] = data.draw(st.sampled_from(took))
    draft = Draft(rules)
    draft.push(entry)
    shown = [draft.live()]
    for i, seat in enumerate(winners):
        draft.push(TrickEntry(seat, marked[FIVE_HEARTS] == i, marked[THREE_SPADES] == i))
        shown.append(draft.live())
    for card in SPECIALS:
        if draft.special_taker(card) is None:  # asked at the end: "5♥ taken by?"
            draft.push(SpecialEntry(card, answer[card]))
    check_shown(shown, score(rules, draft, before), entry.bidder.team)


@settings(max_examples=100, deadline=None)
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), before=totals())
def test_card_reader_made_or_set_holds_for_every_way_the_hand_ends(
    data: st.DataObject, seed: int, before: dict[Team, int]
) -> None:
    """Card by card to the end (the widow's and skat's last cards discarded)."""
    rules = data.draw(house_rules())
    entry = data.draw(contracts(rules, Mode.READER))
    cards = list(rules.pack)
    random.Random(seed).shuffle(cards)
    draft = Draft(rules)
    draft.push(entry)
    shown = [draft.live()]
    for card in cards[: 4 * rules.tricks_per_hand - 1]:
        draft.push(CardEntry(card))
        shown.append(draft.live())
    draft.push(CardEntry(cards[4 * rules.tricks_per_hand - 1]))
    check_shown(shown, score(rules, draft, before), entry.bidder.team)
