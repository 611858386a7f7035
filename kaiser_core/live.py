"""The contract's live state while a hand is entered: exact over everything still possible.

What can still happen is who wins each trick to come, and where each special not yet
accounted for is. Per trick (and per hand) the marks are optional: the table may answer
"5♥ taken by?" at the end, so a special not marked may be in any trick, one already entered
as well as one to come. The card reader sees every card: a special it has not seen is in a
trick to come or, under the widow or the skat, was discarded (no one's). ``live_state``
looks at every such outcome, scored as ``score_hand`` scores it: the most the bidders can
still reach counts the 3♠ still out as well as the 5♥ (so the first trick of a hand shows
"max 12", not 13), and MADE or SET shows only when every outcome agrees.

>>> from kaiser_core.bidding import Bid, Contract
>>> live = live_state(Rules(), Contract(Seat.N, Bid(8)), (), None, None)
>>> live.points, live.needed, live.most_possible, live.status
(0, 8, 12, '')
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import NamedTuple

from kaiser_core.bidding import Contract
from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Card, Seat
from kaiser_core.modes import Mode
from kaiser_core.rules import Rules
from kaiser_core.scoring import is_kaiser_bid
from kaiser_core.views.base import LiveContract


class _Position(NamedTuple):
    """What the outcome depends on, as small values (a cache key: a tuple hashes fast)."""

    left: int  # tricks still to come
    ours: int  # the bidders' tricks so far
    theirs: int  # the defenders' tricks so far
    partner: bool  # the bidder's partner took a trick already
    takers: tuple[bool | None, bool | None]  # 5♥, 3♠: with the bidders? None while out
    holds: tuple[bool, bool]  # 5♥, 3♠ on the table in the trick being played
    number: int  # the bid
    need: int  # three_spades_needs_tricks
    penalty: int  # three_spades_value: -3, or -2 with some Joffre decks
    alone: bool  # a 12 no-trump under kaiser_bid_alone
    earlier: bool  # a special still out may be in a trick already entered (marks optional)
    lost: bool  # a special still out may be in no trick (the reader, widow or skat discards)


def _score(
    p: _Position, ours: int, five: bool | None, three: bool | None, partner: bool
) -> tuple[int, bool]:
    """The bidders' raw points and made, as ``score_hand`` finds them (its first steps).

    ``ours``: the bidders' tricks; ``five``/``three``: the bidders took that special (None:
    no one did, it was discarded); ``partner``: the bidder's partner took a trick (for
    ``kaiser_bid_alone``).
    """
    raw = ours + (5 if five else 0) + (p.penalty if three else 0)
    if three and ours < p.need:
        raw = p.penalty
    return raw, raw >= p.number and not (partner and p.alone)


@lru_cache(maxsize=4096)
def _most_and_status(p: _Position) -> tuple[int, str]:
    """The most the bidders can still reach, and MADE/SET when every outcome agrees."""
    out: set[tuple[int, bool]] = set()
    left = p.left
    past = [side for side, n in ((True, p.ours), (False, p.theirs)) if n]
    for k in range(left + 1):  # the bidders' tricks still to come
        coming = [side for side, n in ((True, k), (False, left - k)) if n]
        # where a special still out can be: a trick to come, one entered, or none
        anywhere: list[bool | None] = list(coming)
        anywhere += [side for side in past if p.earlier and side not in coming]
        anywhere += [None] if p.lost or not anywhere else []
        # the partner takes one of the k or not; who wins the trick on the table, if it holds one
        for mate in {p.partner, True} if k else {p.partner}:
            for first in coming if any(p.holds) and left else [None]:
                sides: list[list[bool | None]] = []
                for taker, held in zip(p.takers, p.holds, strict=True):
                    if taker is not None:
                        sides.append([taker])
                    elif held and first is not None:
                        sides.append([first])
                    else:
                        sides.append(anywhere)
                for five in sides[0]:
                    for three in sides[1]:
                        out.add(_score(p, p.ours + k, five, three, mate))
    made = {m for _, m in out}
    return max(r for r, _ in out), "MADE" if made == {True} else "SET" if made == {False} else ""


def live_state(
    rules: Rules,
    contract: Contract,
    winners: Sequence[Seat],
    five: Seat | None,
    three: Seat | None,
    next_holds: Collection[Card] = (),
    mode: Mode = Mode.PER_TRICK,
) -> LiveContract:
    """Points so far, needed, the most still possible, and MADE/SET once certain.

    ``winners`` are the tricks' winners so far, ``five``/``three`` the seats that took the
    specials (None while out); ``next_holds`` the specials already on the table in the trick
    being played (card-reader entry): they go to that trick's winner. ``mode`` says where a
    special still out can be: per trick or per hand in any trick, entered or to come (the
    specials may be answered at the end); from the reader in a trick to come, or discarded
    when the deal has discards.
    """
    team = contract.team
    ours = sum(1 for w in winners if w.team is team)
    points = ours + (5 if five is not None and five.team is team else 0)
    points += rules.three_spades_value if three is not None and three.team is team else 0
    position = _Position(
        left=rules.tricks_per_hand - len(winners),
        ours=ours,
        theirs=len(winners) - ours,
        partner=contract.bidder.partner in winners,
        takers=(
            None if five is None else five.team is team,
            None if three is None else three.team is team,
        ),
        holds=(FIVE_HEARTS in next_holds, THREE_SPADES in next_holds),
        number=contract.bid.number,
        need=rules.three_spades_needs_tricks,
        penalty=rules.three_spades_value,
        alone=rules.kaiser_bid_alone and is_kaiser_bid(contract),
        earlier=mode is not Mode.READER,
        lost=mode is Mode.READER and rules.discards > 0,
    )
    most, status = _most_and_status(position)
    return LiveContract(points, contract.bid.number, most, status)
