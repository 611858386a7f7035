"""QUICK, per-hand entry: the bidders' tricks and the side that took each special."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.bidding import Contract, table_bid
from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES
from kaiser_core.entries import Mode, TakenEntry
from kaiser_core.live import live_state
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import step
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views.base import LiveContract
from kaiser_core.views.quick import QuickView

_NEXT_SIDE = {"": "bidders", "bidders": "defenders", "defenders": "bidders"}


@dataclass(frozen=True)
class Count:
    """QUICK's cursors: the bidders' tricks, and the side ("bidders", "defenders" or "")
    that took 5♥ and 3♠."""

    quick_tricks: int = 4
    quick_five: str = ""
    quick_three: str = ""


def sweep(desk: Desk, ui: Count) -> str:
    """The side that took every trick ("bidders" at 8, "defenders" at 0), else ""."""
    tricks = ui.quick_tricks
    if tricks == desk.rules.tricks_per_hand:
        return "bidders"
    return "defenders" if tricks == 0 else ""


def sides(desk: Desk, ui: Count) -> tuple[str, str]:
    """Who took 5♥ and 3♠ as entered: the sweeping side's when one took every trick.

    The cursors keep what A and B set, so moving the count off 0 or 8 gives it back.
    """
    swept = sweep(desk, ui)
    return (swept, swept) if swept else (ui.quick_five, ui.quick_three)


def count(desk: Desk, ui: Count, key: Key) -> None:
    """UP/DOWN the tricks."""
    n = desk.rules.tricks_per_hand
    desk.set(quick_tricks=max(0, min(n, ui.quick_tricks + (1 if key is Key.UP else -1))))


def side(desk: Desk, ui: Count, key: Key) -> None:
    """A moves 5♥, B moves 3♠ to the other side (a sweep's side has both)."""
    swept = sweep(desk, ui)
    if swept:
        desk.say(Message("quick.swept", side=swept, tricks=desk.rules.tricks_per_hand))
    elif key is Key.A:
        desk.set(quick_five=_NEXT_SIDE[ui.quick_five])
    else:
        desk.set(quick_three=_NEXT_SIDE[ui.quick_three])


def enter(desk: Desk, ui: Count, key: Key) -> Change | None:
    """OK enters the hand's count (refused while a special has no side that took a trick)."""
    n = desk.rules.tricks_per_hand
    tricks = {"bidders": ui.quick_tricks, "defenders": n - ui.quick_tricks}
    five, three = sides(desk, ui)
    for card, taker in ((FIVE_HEARTS, five), (THREE_SPADES, three)):
        if not taker:
            desk.say(Message("quick.who", card=card))
            return None
        if tricks[taker] == 0:
            desk.say(Message("quick.no_trick", card=card, side=taker))
            return None
    return desk.enter(TakenEntry(ui.quick_tricks, five, three))


def live(desk: Desk, ui: Count) -> LiveContract:
    """The hand's state for the count shown: points, needed, the most, MADE or SET.

    A special not set yet (or set with a side that took no trick, which OK refuses) may
    still be with either side that took a trick, so MADE/SET shows only once it is certain.
    """
    c = desk.draft.contract
    assert c is not None
    n = desk.rules.tricks_per_hand
    tricks = ui.quick_tricks
    seat = {"bidders": c.bidder, "defenders": c.bidder.after(1)}
    counts = {"bidders": tricks, "defenders": n - tricks}
    five, three = (seat[s] if s and counts[s] else None for s in sides(desk, ui))
    contract = Contract(c.bidder, table_bid(c.number, c.no_trump, c.low, desk.rules))
    winners = [seat["bidders"]] * tricks + [seat["defenders"]] * (n - tricks)
    return live_state(desk.rules, contract, winners, five, three, mode=Mode.PER_HAND)


def view(desk: Desk, ui: Count) -> QuickView:
    """The count being entered, and where the specials went (a sweep's side's)."""
    five, three = sides(desk, ui)
    hint = step("OK", "hint.score_hand") if five and three else step("A/B", "hint.who_took")
    return QuickView(
        desk.contract_label(),
        ui.quick_tricks,
        desk.rules.tricks_per_hand,
        five,
        three,
        desk.ui.message,
        desk.progress(),
        (hint,),
        live=live(desk, ui),
    )


PAGES = (
    Page(
        Screen.QUICK,
        view,
        {Key.UP: count, Key.DOWN: count, Key.A: side, Key.B: side, Key.OK: enter},
        state=Count,
    ),
)
