"""The contract's live state while a hand is entered: exact over everything still possible.

What can still happen is who wins each trick to come and in which of those tricks each
special still out falls (a special out after the last trick went to a seat that took one).
``live_state`` looks at every such outcome, scored as ``score_hand`` scores it: the most the
bidders can still reach counts the 3♠ still out as well as the 5♥ (so the first trick of a
hand shows "max 12", not 13), and MADE or SET shows as soon as every outcome agrees.

>>> from kaiser_core.bidding import Bid, Contract
>>> live = live_state(Rules(), Contract(Seat.N, Bid(8)), (), None, None)
>>> live.points, live.needed, live.most_possible, live.status
(0, 8, 12, '')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from kaiser_core.bidding import Contract
from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Card, Seat
from kaiser_core.rules import Rules
from kaiser_core.scoring import is_kaiser_bid
from kaiser_core.views import LiveContract


def _score(
    rules: Rules, contract: Contract, ours: int, five: bool, three: bool, partner: bool
) -> tuple[int, bool]:
    """The bidders' raw points and made, as ``score_hand`` finds them (its first steps).

    ``ours``: the bidders' tricks; ``five``/``three``: the bidders took that special;
    ``partner``: the bidder's partner took a trick (for ``kaiser_bid_alone``).
    """
    raw = ours + (5 if five else 0) - (3 if three else 0)
    if three and ours < rules.three_spades_needs_tricks:
        raw = -3
    made = raw >= contract.bid.number
    if made and partner and rules.kaiser_bid_alone and is_kaiser_bid(contract):
        made = False
    return raw, made


def _results(
    rules: Rules,
    contract: Contract,
    winners: Sequence[Seat],
    takers: tuple[Seat | None, Seat | None],
    next_holds: Collection[Card],
) -> set[tuple[int, bool]]:
    """(raw, made) for the bidders in every outcome still possible."""
    bidder = contract.bidder
    team = bidder.team
    left = rules.tricks_per_hand - len(winners)
    ours = sum(1 for w in winners if w.team is team)
    theirs = len(winners) - ours
    partner = bidder.partner in winners
    holds = [card in next_holds for card in (FIVE_HEARTS, THREE_SPADES)]
    out: set[tuple[int, bool]] = set()
    for k in range(left + 1):  # the bidders' tricks still to come
        counts = ((True, k), (False, left - k)) if left else ((True, ours), (False, theirs))
        coming = [side for side, n in counts if n]
        # the partner takes one of the k or not; who wins the trick on the table, if it holds one
        for mate in {partner, True} if k else {partner}:
            for first in coming if any(holds) and left else [None]:
                sides: list[list[bool]] = []
                for taker, held in zip(takers, holds, strict=True):
                    if taker is not None:
                        sides.append([taker.team is team])
                    elif held and first is not None:
                        sides.append([first])
                    else:
                        sides.append(coming)
                for five in sides[0]:
                    for three in sides[1]:
                        out.add(_score(rules, contract, ours + k, five, three, mate))
    return out


def live_state(
    rules: Rules,
    contract: Contract,
    winners: Sequence[Seat],
    five: Seat | None,
    three: Seat | None,
    next_holds: Collection[Card] = (),
) -> LiveContract:
    """Points so far, needed, the most still possible, and MADE/SET once certain.

    ``winners`` are the tricks' winners so far, ``five``/``three`` the seats that took the
    specials (None while out); ``next_holds`` the specials already on the table in the trick
    being played (card-reader entry): they go to that trick's winner.
    """
    bidders = contract.team
    points = sum(1 for w in winners if w.team is bidders)
    points += 5 if five is not None and five.team is bidders else 0
    points -= 3 if three is not None and three.team is bidders else 0
    results = _results(rules, contract, winners, (five, three), next_holds)
    made = {m for _, m in results}
    status = "MADE" if made == {True} else "SET" if made == {False} else ""
    return LiveContract(points, contract.bid.number, max(r for r, _ in results), status)
