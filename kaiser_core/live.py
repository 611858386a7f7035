"""The contract's live state while a hand is entered: exact over everything still possible.

What can still happen is who wins each trick to come and in which of those tricks each
special still out falls (a special out after the last trick went to a seat that took one).
``live_state`` looks at every such outcome, scored by the real ``score_hand``: the most the
bidders can still reach counts the 3♠ still out as well as the 5♥ (so the first trick of a
hand shows "max 12", not 13), and MADE or SET shows as soon as every outcome agrees.

>>> from kaiser_core.bidding import Bid, Contract
>>> live = live_state(Rules(), Contract(Seat.N, Bid(8)), (), None, None)
>>> live.points, live.needed, live.most_possible, live.status
(0, 8, 12, '')
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from kaiser_core.bidding import Contract
from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Card, Seat, Team
from kaiser_core.rules import Rules
from kaiser_core.scoring import Outcome, score_hand
from kaiser_core.views import LiveContract

_NO_TOTALS = {Team.NS: 0, Team.EW: 0}  # raw points and made do not depend on the totals


def _splits(left: int) -> Iterator[tuple[int, int, int]]:
    """Every way ``left`` tricks split between the bidder, the partner and the defenders."""
    for bidder in range(left + 1):
        for partner in range(left - bidder + 1):
            yield bidder, partner, left - bidder - partner


def _outcomes(
    contract: Contract,
    winners: Sequence[Seat],
    takers: dict[Card, Seat | None],
    left: int,
    next_holds: Collection[Card],
) -> set[Outcome]:
    """Every outcome still possible, as team counts plus the seats that took a trick."""
    bidder = contract.bidder
    seats = (bidder, bidder.partner, bidder.after(1))  # one defender stands for both
    out: set[Outcome] = set()
    firsts: tuple[Seat | None, ...] = seats if next_holds and left else (None,)
    for first in firsts:
        rest = left - (first is not None)
        for split in _splits(rest):
            counts = {seat: n for seat, n in zip(seats, split, strict=True)}
            if first is not None:
                counts[first] += 1
            won = [s for s in winners] + [s for s in seats for _ in range(counts[s])]
            coming = {s.team for s in seats if counts[s]} if left else {s.team for s in won}
            choices: list[tuple[Team, ...]] = []
            for card, taker in takers.items():
                if taker is not None:
                    choices.append((taker.team,))
                elif first is not None and card in next_holds:
                    choices.append((first.team,))
                else:
                    choices.append(tuple(coming))
            ns = sum(1 for s in won if s.team is Team.NS)
            for five in choices[0]:
                for three in choices[1]:
                    out.add(Outcome(ns, len(won) - ns, five, three, frozenset(won)))
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
    left = rules.tricks_per_hand - len(winners)
    points = sum(1 for w in winners if w.team is bidders)
    points += 5 if five is not None and five.team is bidders else 0
    points -= 3 if three is not None and three.team is bidders else 0
    takers = {FIVE_HEARTS: five, THREE_SPADES: three}
    scores = [
        score_hand(rules, contract, outcome, _NO_TOTALS)
        for outcome in _outcomes(contract, winners, takers, left, next_holds)
    ]
    raws = [s.raw[bidders] for s in scores]
    made = {s.made for s in scores}
    status = "MADE" if made == {True} else "SET" if made == {False} else ""
    return LiveContract(points, contract.bid.number, max(raws), status)
