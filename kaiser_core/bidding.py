"""Bids, the one-round auction and the contract it makes.

>>> Bid.from_code("7nt")
Bid.from_code('7nt')
>>> auction(["pass", "7", "pass", "7"], dealer=Seat.N, rules=Rules()).code
'N 7'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kaiser_core.cards import Seat, Team
from kaiser_core.errors import IllegalBidError
from kaiser_core.numbers import whole
from kaiser_core.rules import MAX_BID, NTRanking, Rules


@dataclass(frozen=True)
class Bid:
    """A number from the minimum to 12: plain (trump named later), no-trump, or low no-trump.

    ``low`` is only ever true with ``no_trump``: the ``7ntlow`` bid of ``low_bid`` = ``bid``,
    a no-trump in every respect but the card order.
    """

    number: int
    no_trump: bool = False
    low: bool = False

    def __post_init__(self) -> None:
        if self.low and not self.no_trump:
            raise IllegalBidError(f"{self.number}low is not a bid: low is a no-trump bid (ntlow)")

    @classmethod
    def from_code(cls, code: str) -> Bid:
        """Parse ``7``, ``7nt`` or ``7ntlow``; raises IllegalBidError for anything else."""
        low = code.endswith("ntlow")
        text = code[:-5] if low else code[:-2] if code.endswith("nt") else code
        if not text.isascii() or not text.isdigit() or text.startswith("0"):
            raise IllegalBidError(f"{code[:20]!r} is not a bid (a number like 7, or 7nt)")
        number = whole(text, 4)  # 123 gets check_range's words; 5,000 digits never int()
        if number is None:
            raise IllegalBidError(f"a bid of {len(text)} digits is out of range: {MAX_BID} at most")
        return cls(number, code.endswith("nt") or low, low)

    @property
    def code(self) -> str:
        """``7``, ``7nt`` or ``7ntlow``."""
        return f"{self.number}{'nt' if self.no_trump else ''}{'low' if self.low else ''}"

    @property
    def label(self) -> str:
        """A human label: ``7``, ``7 NT`` or ``7 NT low``."""
        if self.low:
            return f"{self.number} NT low"
        return f"{self.number} NT" if self.no_trump else str(self.number)

    def key(self, rules: Rules) -> tuple[int, int, int]:
        """The bid's place in the bid order under ``rules`` (bigger outranks).

        A low no-trump ranks just above the no-trump of the same number in both orders.
        """
        if rules.nt_ranking is NTRanking.ABOVE_ALL_SUIT_BIDS:
            return (int(self.no_trump), self.number, int(self.low))
        return (self.number, int(self.no_trump), int(self.low))

    def check_range(self, rules: Rules) -> None:
        """Raise IllegalBidError when the bid is below its minimum, above 12, or not allowed."""
        if self.low and not rules.low_nt_bid:
            raise IllegalBidError(
                f"{self.code} is not a bid under these rules (it needs low_bid bid)"
            )
        low = rules.nt_minimum if self.no_trump else rules.min_bid
        if not low <= self.number <= MAX_BID:
            kind = (
                "a low no-trump bid" if self.low else "a no-trump bid" if self.no_trump else "a bid"
            )
            raise IllegalBidError(f"{self.code} is out of range: {kind} is {low} to {MAX_BID}")

    def __repr__(self) -> str:
        return f"Bid.from_code({self.code!r})"


def table_bid(number: int, no_trump: bool, low: bool, rules: Rules) -> Bid:
    """The bid of a contract entered as number, no-trump and low.

    Under ``low_bid`` = ``bid`` a low no-trump is the bid ``Nntlow``; otherwise low is a
    declaration kept on the hand, and the bid is plain or no-trump.

    >>> table_bid(7, True, True, Rules().replace(low_allowed=True, low_bid="bid")).code
    '7ntlow'
    >>> table_bid(7, True, True, Rules(low_allowed=True)).code
    '7nt'
    """
    return Bid(number, no_trump, low and no_trump and rules.low_nt_bid)


def all_bids(rules: Rules) -> list[Bid]:
    """Every bid the rules allow, lowest first in the bid order.

    >>> [b.code for b in all_bids(Rules(min_bid=8, nt_min_bid=8))][:4]
    ['8', '8nt', '9', '9nt']
    """
    bids = [Bid(n) for n in range(rules.min_bid, MAX_BID + 1)]
    bids += [Bid(n, True) for n in range(rules.nt_minimum, MAX_BID + 1)]
    if rules.low_nt_bid:
        bids += [Bid(n, True, True) for n in range(rules.nt_minimum, MAX_BID + 1)]
    return sorted(bids, key=lambda b: b.key(rules))


@dataclass(frozen=True)
class Contract:
    """Who won the auction and what they bid."""

    bidder: Seat
    bid: Bid

    @property
    def team(self) -> Team:
        """The bidding team."""
        return self.bidder.team

    @property
    def code(self) -> str:
        """``W 7nt``: seat and bid."""
        return f"{self.bidder.code} {self.bid.code}"


Call = Bid | None
"""A call in the auction: a bid, or None for a pass."""


def parse_call(token: str) -> Call:
    """``pass`` is None; anything else must be a bid code."""
    return None if token == "pass" else Bid.from_code(token)


def check_call(call: Call, seat: Seat, dealer: Seat, highest: Bid | None, rules: Rules) -> None:
    """Raise IllegalBidError when ``seat`` may not make ``call`` after ``highest``."""
    is_dealer = seat is dealer
    if call is None:
        if is_dealer and highest is None and rules.dealer_must_bid:
            raise IllegalBidError(
                f"{seat.code} deals and the others passed: the dealer must bid at least "
                f"{rules.min_bid}"
            )
        return
    call.check_range(rules)
    if highest is None:
        return
    if call.key(rules) > highest.key(rules):
        return
    if is_dealer and rules.dealer_may_take and call == highest:
        return
    if is_dealer and rules.dealer_may_take:
        raise IllegalBidError(f"{call.code} is below {highest.code}: the dealer may only equal it")
    raise IllegalBidError(f"{call.code} does not outrank the highest bid {highest.code}")


def auction(calls: Sequence[Call | str], dealer: Seat, rules: Rules) -> Contract | None:
    """The contract made by the four calls from the dealer's left round to the dealer.

    None when all four pass, which only ``dealer_must_bid`` false allows (the hand is a
    redeal). Raises IllegalBidError for a wrong number of calls or any illegal call.
    """
    if len(calls) != 4:
        raise IllegalBidError(f"an auction has 4 calls, one per seat, not {len(calls)}")
    highest: Contract | None = None
    for i, raw in enumerate(calls):
        seat = dealer.after(i + 1)
        call = parse_call(raw) if isinstance(raw, str) else raw
        check_call(call, seat, dealer, highest.bid if highest else None, rules)
        if call is not None:
            highest = Contract(seat, call)
    return highest  # None only when the dealer was free to pass too
