"""A hand as entered: the contract, the trump, and the outcome in one of three forms.

The forms are those of the game record: trick winners (``ByTrick``), tricks per team
(``ByTeam``) and every card played (``ByCard``). Each turns into an ``Outcome``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kaiser_core.bidding import Bid, Call, Contract
from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Card, Seat, Suit, Team, pack_set
from kaiser_core.errors import IllegalBidError, IllegalPlayError
from kaiser_core.rules import LowSpecials, Rules
from kaiser_core.scoring import Outcome, is_kaiser_bid
from kaiser_core.tricks import Revoke, find_revokes, trick_winner


def _team(who: Seat | Team) -> Team:
    return who.team if isinstance(who, Seat) else who


@dataclass(frozen=True)
class ByTrick:
    """The winning seat of each trick, and the seat (or team) that took each special."""

    winners: tuple[Seat, ...]
    five_hearts: Seat | Team
    three_spades: Seat | Team

    def outcome(self, rules: Rules) -> Outcome:
        """The outcome; raises IllegalPlayError for a wrong count or taker."""
        if len(self.winners) != rules.tricks_per_hand:
            raise IllegalPlayError(
                f"tricks has {len(self.winners)} winners, not {rules.tricks_per_hand}"
            )
        for name, who in (("five_hearts", self.five_hearts), ("three_spades", self.three_spades)):
            if isinstance(who, Seat) and who not in self.winners:
                raise IllegalPlayError(f"{name} names {who.code}, which took no trick")
        ns = sum(1 for s in self.winners if s.team is Team.NS)
        return Outcome(
            ns,
            len(self.winners) - ns,
            _team(self.five_hearts),
            _team(self.three_spades),
            frozenset(self.winners),
        )


@dataclass(frozen=True)
class ByTeam:
    """Tricks per team, and the team that took each special."""

    tricks_ns: int
    tricks_ew: int
    five_hearts: Team
    three_spades: Team

    def outcome(self, rules: Rules) -> Outcome:
        """The outcome (checked when scored)."""
        return Outcome(self.tricks_ns, self.tricks_ew, self.five_hearts, self.three_spades)


@dataclass(frozen=True)
class PlayedTrick:
    """One trick of a ``ByCard`` hand: leader, cards in play order, winner."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat

    def seat_of(self, index: int) -> Seat:
        """The seat that played ``cards[index]``."""
        return self.leader.after(index)


@dataclass(frozen=True)
class ByCard:
    """Every card of the hand in play order, trick by trick, the first from the leader."""

    tricks: tuple[tuple[Card, ...], ...]
    # The last play_out (its arguments, its tricks): the record's check, the outcome and the
    # revokes all need it, and playing a hand out three times was most of scoring ``plays``.
    _played: tuple[tuple[object, ...], tuple[PlayedTrick, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def play_out(
        self, rules: Rules, contract: Contract, trump: Suit | None, low: bool
    ) -> list[PlayedTrick]:
        """Leaders and winners of every trick; raises IllegalPlayError for impossible cards."""
        key = (rules, contract, trump, low)
        memo = self._played
        if memo is not None and memo[0] == key:
            return list(memo[1])
        played = self._play_out(rules, contract, trump, low)
        object.__setattr__(self, "_played", (key, tuple(played)))
        return played

    def _play_out(
        self, rules: Rules, contract: Contract, trump: Suit | None, low: bool
    ) -> list[PlayedTrick]:
        if len(self.tricks) != rules.tricks_per_hand:
            raise IllegalPlayError(
                f"plays has {len(self.tricks)} tricks, not {rules.tricks_per_hand}"
            )
        pack = pack_set(rules.pack)
        seen: set[Card] = set()
        played: list[PlayedTrick] = []
        leader = contract.bidder
        trump = first_lead_trump(rules, contract, trump, self)
        for t, cards in enumerate(self.tricks, 1):
            if len(cards) != 4:
                raise IllegalPlayError(f"trick {t} has {len(cards)} cards, not 4")
            for card in cards:
                if card not in pack:
                    raise IllegalPlayError(f"trick {t}: {card.code} is not in the pack")
                if card in seen:
                    raise IllegalPlayError(f"trick {t}: {card.code} was already played")
                seen.add(card)
            winner = trick_winner(cards, leader, trump, low, rules.low_specials is LowSpecials.LOW)
            played.append(PlayedTrick(leader, cards, winner))
            leader = winner
        for special in (FIVE_HEARTS, THREE_SPADES):
            if special not in seen and not rules.discards:
                raise IllegalPlayError(f"{special.code} was never played (it cannot be discarded)")
        return played

    def outcome(self, rules: Rules, contract: Contract, trump: Suit | None, low: bool) -> Outcome:
        """What each team took; a special in no trick (discarded) is no one's."""
        played = self.play_out(rules, contract, trump, low)
        taker = {card: tr.winner.team for tr in played for card in tr.cards}
        winners = [tr.winner for tr in played]
        ns = sum(1 for s in winners if s.team is Team.NS)
        return Outcome(
            ns,
            len(winners) - ns,
            taker.get(FIVE_HEARTS),
            taker.get(THREE_SPADES),
            frozenset(winners),
        )

    def revokes(
        self, rules: Rules, contract: Contract, trump: Suit | None, low: bool
    ) -> list[Revoke]:
        """Revokes in the hand (see ``find_revokes``)."""
        played = self.play_out(rules, contract, trump, low)
        return find_revokes([(tr.leader, tr.cards) for tr in played])


Result = ByTrick | ByTeam | ByCard


def first_lead_trump(
    rules: Rules, contract: Contract, trump: Suit | None, result: Result
) -> Suit | None:
    """The trump in play: under ``trump_by_first_lead`` a suit contract's trump is the suit
    of the first card led, which only a hand given card by card knows (None otherwise)."""
    if not rules.trump_by_first_lead or contract.bid.no_trump or trump is not None:
        return trump
    if isinstance(result, ByCard) and result.tricks and result.tricks[0]:
        return result.tricks[0][0].suit
    return None


def must_enter_by_trick(rules: Rules, contract: Contract) -> bool:
    """True when the hand needs who took each trick: a 12 no-trump under ``kaiser_bid_alone``.

    Tricks per team cannot tell whether the bidder's partner took one, so such a hand is
    entered trick by trick (``ByTrick``) or card by card (``ByCard``), never ``ByTeam``.
    """
    return rules.kaiser_bid_alone and is_kaiser_bid(contract)


def settle_low(
    rules: Rules, contract: Contract, low: bool, low_given: bool, by_auction: bool
) -> tuple[Contract, bool]:
    """The contract and low flag of a hand as entered (``low_given``: the flag was given).

    With ``low_bid`` = ``bid`` low is the no-trump bid of its own (``7ntlow``): a low flag
    turns a no-trump contract into the low one; an auction decides it, and a given flag
    must agree. Raises IllegalBidError for low with a suit contract or a disagreement.
    """
    if not rules.low_nt_bid:
        return contract, low
    bid = contract.bid
    if low and not bid.no_trump:
        raise IllegalBidError(
            f"with low_bid bid, low is a no-trump bid (like 7ntlow), not {bid.code} low"
        )
    if by_auction:
        if low_given and low != bid.low:
            word = "true" if low else "false"
            raise IllegalBidError(f"low {word} disagrees with the auction's {bid.code}")
        return contract, bid.low
    if low:
        contract = Contract(contract.bidder, Bid(bid.number, True, True))
    return contract, low


@dataclass(frozen=True)
class Hand:
    """A played hand: contract, trump (None with no-trump), low, and its outcome."""

    contract: Contract
    result: Result
    trump: Suit | None = None
    low: bool = False
    auction: tuple[Call, ...] | None = field(default=None, compare=False)

    def check(self, rules: Rules) -> None:
        """Raise KaiserError when the hand does not fit ``rules``."""
        self.contract.bid.check_range(rules)
        if self.contract.bid.no_trump and self.trump is not None:
            raise IllegalBidError("a no-trump contract has no trump suit")
        if self.low and not rules.low_allowed:
            raise IllegalBidError("low is not allowed by these rules (low_allowed is false)")
        if rules.low_nt_bid and self.low != self.contract.bid.low:
            raise IllegalBidError(
                "with low_bid bid, low is the no-trump bid of its own (like 7ntlow): "
                f"low {'true' if self.low else 'false'} does not fit {self.contract.bid.code}"
            )
        if isinstance(self.result, ByTeam) and must_enter_by_trick(rules, self.contract):
            raise IllegalPlayError(
                "a 12 no-trump under kaiser_bid_alone needs who took each trick: "
                "tricks per team cannot tell whether the bidder's partner took one"
            )
        if rules.trump_by_first_lead and self.trump is not None:
            raise IllegalBidError(
                f"trump {self.trump.code}: under trump_by_first_lead the first card led "
                "names trump, the bidder names none"
            )
        if (
            isinstance(self.result, ByCard)
            and not self.contract.bid.no_trump
            and self.trump is None
            and not rules.trump_by_first_lead
        ):
            raise IllegalPlayError("a suit contract played card by card needs its trump")

    def trump_in_play(self, rules: Rules) -> Suit | None:
        """The trump: named, or under ``trump_by_first_lead`` the first card led's suit
        (None when the hand was not given card by card: scoring never needs it)."""
        return first_lead_trump(rules, self.contract, self.trump, self.result)

    def outcome(self, rules: Rules) -> Outcome:
        """What each team took."""
        if isinstance(self.result, ByCard):
            return self.result.outcome(rules, self.contract, self.trump, self.low)
        return self.result.outcome(rules)

    def revokes(self, rules: Rules) -> list[Revoke]:
        """Revokes (only a hand entered card by card can show them)."""
        if isinstance(self.result, ByCard):
            return self.result.revokes(rules, self.contract, self.trump, self.low)
        return []


@dataclass(frozen=True)
class Redeal:
    """A hand thrown in: nothing scored, the same dealer deals again.

    ``passed``: all four passed (a redeal only under ``dealer_must_bid`` false); the record
    keeps such a hand as its four-pass auction.
    """

    passed: bool = field(default=False, compare=False)


Entry = Hand | Redeal
