"""The contract's screens: SCORE (totals), BIDDER (who bid) and BID (number and trump)."""

from __future__ import annotations

from kaiser_core.bidding import Contract, table_bid
from kaiser_core.cards import TEAMS, Team
from kaiser_core.entries import TRUMP_CYCLE, ContractEntry, Mode, RedealEntry
from kaiser_core.hand import Hand, must_enter_by_trick
from kaiser_core.messages import Message
from kaiser_core.rules import MAX_BID
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key, seat_for
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import BidderView, BidView, ScoreView


def press_score(desk: Desk, key: Key) -> Change:
    """OK starts the contract."""
    if key is Key.OK:
        desk.go(Screen.BIDDER)
    return Change()


def warnings(desk: Desk) -> tuple[str, ...]:
    """Notes on the score screen: a team at the cap, near the target or the losing total."""
    game = desk.game
    assert game is not None
    rules = desk.rules
    out = []
    for team in TEAMS:
        if game.at_cap(team):
            out.append(Message("score.at_cap", name=desk.names[team], cap=rules.defender_cap_at))
    for team in TEAMS:
        if game.totals[team] >= game.target - 12:
            out.append(Message("score.needs", team=team, points=game.target - game.totals[team]))
    if rules.losing_total is not None:
        for team in TEAMS:
            if game.totals[team] <= rules.losing_total + 12:
                out.append(Message("score.near_loss", team=team, total=rules.losing_total))
    return tuple(out)


def view_score(desk: Desk) -> ScoreView:
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
    )


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


def press_bidder(desk: Desk, key: Key) -> Change:
    """A direction names the bidder; A is a redeal; B goes back."""
    seat = seat_for(key)
    if seat is not None:
        desk.go(
            Screen.BID, bidder=seat, number=desk.rules.min_bid, trump=0, low=False, bid_before_nt=0
        )
    elif key is Key.A:
        return redeal(desk, passed=not desk.rules.dealer_must_bid)
    elif key is Key.B:
        desk.go(Screen.SCORE)
    return Change()


def redeal(desk: Desk, passed: bool = False) -> Change:
    """Enter a redeal and say so on the SCORE screen it returns to (``passed``: all four
    passed, a redeal of its own when the dealer need not bid)."""
    change = desk.enter(RedealEntry(passed))
    assert desk.game is not None
    desk.say(Message("menu.redealt", dealer=desk.game.dealer))
    return change


def view_bidder(desk: Desk) -> BidderView:
    """The dealer, to find the bidder from."""
    assert desk.game is not None
    passed = "hint.redeal" if desk.rules.dealer_must_bid else "hint.all_passed"
    hint = (step("A", passed), step("B", "hint.back"))
    return BidderView(desk.game.dealer, desk.ui.message, hint)


def press_bid(desk: Desk, key: Key) -> Change:
    """UP/DOWN the number, LEFT/RIGHT the trump (NT low too), A low, OK enters the contract."""
    ui, rules = desk.ui, desk.rules
    trump = TRUMP_CYCLE[ui.trump]
    low_limit = rules.nt_minimum if trump is None else rules.min_bid
    if key in (Key.UP, Key.DOWN):
        step = 1 if key is Key.UP else -1
        number = max(low_limit, min(MAX_BID, ui.number + step))
        if number != ui.number:  # a press refused at the limit keeps the way back
            desk.go(Screen.BID, number=number, bid_before_nt=0)
    elif key in (Key.LEFT, Key.RIGHT):
        places = trump_places(desk)
        here = (ui.trump, ui.low and rules.low_nt_bid and trump is None)
        at = places.index(here) if here in places else ui.trump
        index, low = places[(at + (1 if key is Key.RIGHT else -1)) % len(places)]
        if not rules.low_nt_bid:
            low = ui.low
        number, before = _trump_number(desk, TRUMP_CYCLE[index] is None)
        desk.go(Screen.BID, trump=index, number=number, low=low, bid_before_nt=before)
    elif key is Key.A:
        if rules.low_nt_bid:
            desk.say(Message("bid.low_is_a_bid"))
        elif rules.low_allowed:
            desk.go(Screen.BID, low=not ui.low)
        else:
            desk.say(Message("bid.no_low"))
    elif key is Key.B:
        desk.go(Screen.BIDDER)
    elif key is Key.OK and ui.bidder is not None:
        return enter_contract(desk)
    return Change()


def _trump_number(desk: Desk, to_nt: bool) -> tuple[int, int]:
    """The number after a trump change, and the number to come back to from NT (0: none).

    NT raises the number to its minimum and remembers the one it raised; the step on
    from NT to a suit brings that one back (UP/DOWN on NT forget it).
    """
    ui, rules = desk.ui, desk.rules
    from_nt = TRUMP_CYCLE[ui.trump] is None
    if to_nt:
        if ui.number < rules.nt_minimum:
            desk.say(Message("bid.nt_minimum", number=rules.nt_minimum))
            return rules.nt_minimum, ui.number
        return ui.number, ui.bid_before_nt if from_nt else 0
    if from_nt and ui.bid_before_nt:
        return max(rules.min_bid, min(MAX_BID, ui.bid_before_nt)), 0
    return ui.number, 0


def enter_contract(desk: Desk) -> Change:
    """Enter the bid on screen; a hand QUICK cannot score goes to TRICKS, saying why."""
    ui, rules = desk.ui, desk.rules
    assert ui.bidder is not None
    trump = TRUMP_CYCLE[ui.trump]
    first_lead = rules.trump_by_first_lead and trump is not None
    trump = None if first_lead else trump
    low = ui.low and (trump is None or not rules.low_nt_bid)
    mode = ui.mode
    if mode is Mode.READER and not desk.reader_available:
        mode = Mode.PER_TRICK
    handed_over = False
    bid = table_bid(ui.number, trump is None and not first_lead, low, rules)
    if mode is Mode.PER_HAND and must_enter_by_trick(rules, Contract(ui.bidder, bid)):
        mode, handed_over = Mode.PER_TRICK, True
    change = desk.enter(ContractEntry(ui.bidder, ui.number, trump, low, mode, first_lead))
    desk.go(desk.ui.screen, quick_tricks=4, quick_five="", quick_three="", bid_before_nt=0)
    if handed_over:
        desk.say(Message("bid.by_trick", bid=bid.label))
    return change


def view_bid(desk: Desk) -> BidView:
    """The bid being chosen and its lowest number."""
    ui, rules = desk.ui, desk.rules
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
        ui.message,
        rules.low_nt_bid,
        hint,
        rules.trump_by_first_lead,
    )


PAGES = (
    register(Page(Screen.SCORE, press_score, view_score)),
    register(Page(Screen.BIDDER, press_bidder, view_bidder, home=Screen.SCORE, owns=("bidder",))),
    register(
        Page(
            Screen.BID,
            press_bid,
            view_bid,
            home=Screen.SCORE,
            owns=("number", "trump", "low", "bid_before_nt"),
        )
    ),
)
