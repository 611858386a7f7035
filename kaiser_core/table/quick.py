"""QUICK, per-hand entry: the bidders' tricks and the side that took each special."""

from __future__ import annotations

from kaiser_core.bidding import Contract, table_bid
from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES
from kaiser_core.entries import Mode, TakenEntry
from kaiser_core.live import live_state
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.hints import say, step
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import LiveContract, QuickView

_NEXT_SIDE = {"": "bidders", "bidders": "defenders", "defenders": "bidders"}


def sweep(desk: Desk) -> str:
    """The side that took every trick ("bidders" at 8, "defenders" at 0), else ""."""
    tricks = desk.ui.quick_tricks
    if tricks == desk.rules.tricks_per_hand:
        return "bidders"
    return "defenders" if tricks == 0 else ""


def sides(desk: Desk) -> tuple[str, str]:
    """Who took 5♥ and 3♠ as entered: the sweeping side's when one took every trick.

    The cursors keep what A and B set, so moving the count off 0 or 8 gives it back.
    """
    swept = sweep(desk)
    return (swept, swept) if swept else (desk.ui.quick_five, desk.ui.quick_three)


def press(desk: Desk, key: Key) -> Change:
    """UP/DOWN the tricks, A moves 5♥, B moves 3♠, OK enters the hand's count."""
    ui = desk.ui
    n = desk.rules.tricks_per_hand
    swept = sweep(desk)
    if key in (Key.UP, Key.DOWN):
        step = 1 if key is Key.UP else -1
        desk.go(Screen.QUICK, quick_tricks=max(0, min(n, ui.quick_tricks + step)))
    elif key in (Key.A, Key.B) and swept:
        desk.say(Message("quick.swept", side=swept, tricks=n))
    elif key is Key.A:
        desk.go(Screen.QUICK, quick_five=_NEXT_SIDE[ui.quick_five])
    elif key is Key.B:
        desk.go(Screen.QUICK, quick_three=_NEXT_SIDE[ui.quick_three])
    elif key is Key.OK:
        tricks = {"bidders": ui.quick_tricks, "defenders": n - ui.quick_tricks}
        five, three = sides(desk)
        for card, side in ((FIVE_HEARTS, five), (THREE_SPADES, three)):
            if not side:
                desk.say(Message("quick.who", card=card))
                return Change()
            if tricks[side] == 0:
                desk.say(Message("quick.no_trick", card=card, side=side))
                return Change()
        return desk.enter(TakenEntry(ui.quick_tricks, five, three))
    return Change()


def live(desk: Desk) -> LiveContract:
    """The hand's state for the count shown: points, needed, the most, MADE or SET.

    A special not set yet (or set with a side that took no trick, which OK refuses) may
    still be with either side that took a trick, so MADE/SET shows only once it is certain.
    """
    c = desk.draft.contract
    assert c is not None
    n = desk.rules.tricks_per_hand
    tricks = desk.ui.quick_tricks
    seat = {"bidders": c.bidder, "defenders": c.bidder.after(1)}
    counts = {"bidders": tricks, "defenders": n - tricks}
    five, three = (seat[s] if s and counts[s] else None for s in sides(desk))
    contract = Contract(c.bidder, table_bid(c.number, c.no_trump, c.low, desk.rules))
    winners = [seat["bidders"]] * tricks + [seat["defenders"]] * (n - tricks)
    return live_state(desk.rules, contract, winners, five, three, mode=Mode.PER_HAND)


def view(desk: Desk) -> QuickView:
    """The count being entered, and where the specials went (a sweep's side's)."""
    ui = desk.ui
    five, three = sides(desk)
    hint = step("OK", "hint.score_hand") if five and three else say("hint.who")
    return QuickView(
        desk.contract_label(),
        ui.quick_tricks,
        desk.rules.tricks_per_hand,
        five,
        three,
        ui.message,
        desk.progress(),
        (hint,),
        live=live(desk),
    )


PAGE = register(Page(Screen.QUICK, press, view, owns=("quick_tricks", "quick_five", "quick_three")))
