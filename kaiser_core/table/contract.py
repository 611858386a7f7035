"""The contract's screens: SCORE (totals), BIDDER (who bid) and BID (number and trump)."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.bidding import Contract, table_bid
from kaiser_core.cards import TEAMS, Seat, Team
from kaiser_core.entries import TRUMP_CYCLE, ContractEntry, Mode, RedealEntry
from kaiser_core.hand import Hand, must_enter_by_trick
from kaiser_core.messages import Message
from kaiser_core.rules import MAX_BID
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import DIRECTIONS, Key, seat_for
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change, NoState
from kaiser_core.views.contract import BidderView, BidView, ScoreView


@dataclass(frozen=True)
class BidState:
    """BID's cursors: the bidder (from BIDDER), the number, the trump (an index into
    ``TRUMP_CYCLE``), low, and the number NT raised to its minimum (0: none)."""

    bidder: Seat | None = None
    number: int = 6
    trump: int = 0
    low: bool = False
    bid_before_nt: int = 0


def start(desk: Desk, state: NoState, key: Key) -> None:
    """OK starts the contract."""
    desk.go(Screen.BIDDER)


def warnings(desk: Desk) -> tuple[str, ...]:
    """Notes on the score screen: a team at the cap, near the target or the losing total."""
    game = desk.game
    assert game is not None
    rules = desk.rules
    out = []
    for team in TEAMS:
        if game.at_cap(team):  # the cap in force (it may follow the target), "or more": a
            # total over it (NS 50) is not "at 45"
            out.append(Message("score.at_cap", name=desk.names[team], cap=game.cap))
    for team in TEAMS:
        if game.totals[team] >= game.target - 12:
            out.append(Message("score.needs", team=team, points=game.target - game.totals[team]))
    if rules.losing_total is not None:
        for team in TEAMS:
            if game.totals[team] <= rules.losing_total + 12:
                out.append(Message("score.near_loss", team=team, total=rules.losing_total))
    return tuple(out)


def view_score(desk: Desk, state: NoState) -> ScoreView:
    """Both totals, the dealer, who bids first, the warnings."""
    game = desk.game
    assert game is not None
    return ScoreView(
        desk.team_score(Team.NS),
        desk.team_score(Team.EW),
        game.dealer,
        game.dealer.next,
        game.target,
        game.hands_played + 1,
        warnings(desk),
        desk.series,
        desk.ui.message,
        desk.progress(),
        last_result(desk),
        (step("OK", "hint.contract"),),
        tips(desk),
    )


#: The hands of a game whose SCORE and BIDDER say the two long presses.
TIP_HANDS = 2


def tips(desk: Desk) -> tuple[str, ...]:
    """In a game's first hands: hold B to undo, hold OK for the menu (none after)."""
    game = desk.game
    if game is None or game.hands_played >= TIP_HANDS:
        return ()
    return (Message("tip.undo"), Message("tip.menu"))


def last_result(desk: Desk) -> str:
    """The last hand's result: ``last: NS 8♥ made +8/-2`` (the bidders' change first)."""
    game = desk.game
    if game is None or not game.results:
        return ""
    r = game.results[-1]
    if r.score is None or not isinstance(r.entry, Hand):
        return Message("score.last_redeal", dealer=r.dealer)
    c = r.entry.contract
    team = c.bidder.team
    return Message(
        "score.last",
        team=team,
        bid=c.bid.number,
        trump=r.entry.trump or ("" if not c.bid.no_trump else Message("bid.nt")),
        result=Message("word.made" if r.score.made else "word.set"),
        delta=signed(r.score.delta[team]),
        other=signed(r.score.delta[team.other]),
    )


def signed(n: int) -> str:
    """``+8``, ``-2``, ``0``."""
    return f"{n:+d}" if n else "0"


def trump_places(desk: Desk) -> list[tuple[int, bool]]:
    """The bid screen's trump cycle as (index into TRUMP_CYCLE, low): NT low is its own."""
    places = [(i, False) for i in range(len(TRUMP_CYCLE))]
    if desk.rules.trump_by_first_lead:  # no suit: the plain place (0) and NT
        places = [(0, False), (TRUMP_CYCLE.index(None), False)]
    if desk.rules.low_nt_bid:
        places.append((TRUMP_CYCLE.index(None), True))
    return places


def name_bidder(desk: Desk, state: NoState, key: Key) -> None:
    """A direction names the bidder."""
    desk.go(Screen.BID, bidder=seat_for(key), number=desk.rules.min_bid)


def redeal_key(desk: Desk, state: NoState, key: Key) -> Change:
    """A is a redeal (all four passed, when the dealer need not bid)."""
    return redeal(desk, passed=not desk.rules.dealer_must_bid)


def back_to_score(desk: Desk, state: NoState, key: Key) -> None:
    """B goes back."""
    desk.go(Screen.SCORE)


def redeal(desk: Desk, passed: bool = False) -> Change:
    """Enter a redeal and say so on the SCORE screen it returns to (``passed``: all four
    passed, a redeal of its own when the dealer need not bid)."""
    change = desk.enter(RedealEntry(passed))
    assert desk.game is not None
    desk.say(Message("menu.redealt", dealer=desk.game.dealer))
    return change


def view_bidder(desk: Desk, state: NoState) -> BidderView:
    """The dealer, to find the bidder from."""
    assert desk.game is not None
    passed = "hint.redeal" if desk.rules.dealer_must_bid else "hint.all_passed"
    hint = (step("A", passed), step("B", "hint.back"))
    return BidderView(desk.game.dealer, desk.ui.message, hint, tips(desk))


def bid_number(desk: Desk, ui: BidState, key: Key) -> None:
    """UP/DOWN the number."""
    rules = desk.rules
    low_limit = rules.nt_minimum if TRUMP_CYCLE[ui.trump] is None else rules.min_bid
    number = max(low_limit, min(MAX_BID, ui.number + (1 if key is Key.UP else -1)))
    if number != ui.number:  # a press refused at the limit keeps the way back
        desk.set(number=number, bid_before_nt=0)


def bid_trump(desk: Desk, ui: BidState, key: Key) -> None:
    """LEFT/RIGHT the trump (NT low too, where it is a bid of its own)."""
    rules = desk.rules
    places = trump_places(desk)
    here = (ui.trump, ui.low and rules.low_nt_bid and TRUMP_CYCLE[ui.trump] is None)
    at = places.index(here) if here in places else ui.trump
    index, low = places[(at + (1 if key is Key.RIGHT else -1)) % len(places)]
    if not rules.low_nt_bid:
        low = ui.low
    number, before = _trump_number(desk, ui, TRUMP_CYCLE[index] is None)
    desk.set(trump=index, number=number, low=low, bid_before_nt=before)


def bid_low(desk: Desk, ui: BidState, key: Key) -> None:
    """A: low (where the rules have it)."""
    rules = desk.rules
    if rules.low_nt_bid:
        desk.say(Message("bid.low_is_a_bid"))
    elif rules.low_allowed:
        desk.set(low=not ui.low)
    else:
        desk.say(Message("bid.no_low"))


def back_to_bidder(desk: Desk, ui: BidState, key: Key) -> None:
    """B goes back to BIDDER."""
    desk.go(Screen.BIDDER)


def _trump_number(desk: Desk, ui: BidState, to_nt: bool) -> tuple[int, int]:
    """The number after a trump change, and the number to come back to from NT (0: none).

    NT raises the number to its minimum and remembers the one it raised; the step on
    from NT to a suit brings that one back (UP/DOWN on NT forget it).
    """
    rules = desk.rules
    from_nt = TRUMP_CYCLE[ui.trump] is None
    if to_nt:
        if ui.number < rules.nt_minimum:
            desk.say(Message("bid.nt_minimum", number=rules.nt_minimum))
            return rules.nt_minimum, ui.number
        return ui.number, ui.bid_before_nt if from_nt else 0
    if from_nt and ui.bid_before_nt:
        return max(rules.min_bid, min(MAX_BID, ui.bid_before_nt)), 0
    return ui.number, 0


def enter_contract(desk: Desk, ui: BidState, key: Key) -> Change | None:
    """OK enters the bid on screen; a hand QUICK cannot score goes to TRICKS, saying why."""
    rules = desk.rules
    if ui.bidder is None:
        return None
    trump = TRUMP_CYCLE[ui.trump]
    first_lead = rules.trump_by_first_lead and trump is not None
    trump = None if first_lead else trump
    low = ui.low and (trump is None or not rules.low_nt_bid)
    mode = desk.settings.mode
    if mode is Mode.READER and not desk.reader_available:
        mode = Mode.PER_TRICK
    handed_over = False
    bid = table_bid(ui.number, trump is None and not first_lead, low, rules)
    if mode is Mode.PER_HAND and must_enter_by_trick(rules, Contract(ui.bidder, bid)):
        mode, handed_over = Mode.PER_TRICK, True
    change = desk.enter(ContractEntry(ui.bidder, ui.number, trump, low, mode, first_lead))
    if handed_over:
        desk.say(Message("bid.by_trick", bid=bid.label))
    return change


def view_bid(desk: Desk, ui: BidState) -> BidView:
    """The bid being chosen and its lowest number."""
    rules = desk.rules
    assert ui.bidder is not None
    trump = TRUMP_CYCLE[ui.trump]
    minimum = rules.nt_minimum if trump is None else rules.min_bid
    low = ui.low and (trump is None or not rules.low_nt_bid)
    a_toggles = rules.low_allowed and not rules.low_nt_bid
    hint = (
        step("OK", "hint.enter"),
        *((step("A", "hint.low"),) if a_toggles else ()),
        step("B", "hint.back"),
    )
    return BidView(
        ui.bidder,
        ui.number,
        trump,
        low,
        a_toggles,
        minimum,
        desk.ui.message,
        rules.low_nt_bid,
        hint,
        rules.trump_by_first_lead,
    )


PAGES = (
    Page(Screen.SCORE, view_score, {Key.OK: start}),
    Page(
        Screen.BIDDER,
        view_bidder,
        {**dict.fromkeys(DIRECTIONS, name_bidder), Key.A: redeal_key, Key.B: back_to_score},
        home=Screen.SCORE,
    ),
    Page(
        Screen.BID,
        view_bid,
        {
            Key.UP: bid_number,
            Key.DOWN: bid_number,
            Key.LEFT: bid_trump,
            Key.RIGHT: bid_trump,
            Key.A: bid_low,
            Key.B: back_to_bidder,
            Key.OK: enter_contract,
        },
        state=BidState,
        home=Screen.SCORE,
    ),
)
