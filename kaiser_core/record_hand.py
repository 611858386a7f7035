"""One hand of a game record (GAME_RECORD.md) parsed and validated: every refusal names
the hand (1-based) and the field, as ``kaiser-scorer score`` prints it."""

from __future__ import annotations

import re
from typing import Any, NoReturn

from kaiser_core.bidding import Bid, Call, Contract, auction, check_call
from kaiser_core.cards import TEAMS, Card, Seat, Suit, Team, pack_set
from kaiser_core.errors import KaiserError, RecordError
from kaiser_core.hand import ByCard, ByTeam, ByTrick, Entry, Hand, Redeal
from kaiser_core.hand import must_enter_by_trick as _by_trick_only
from kaiser_core.hand import settle_low as _settle_low
from kaiser_core.record_write import FIRST_LEAD
from kaiser_core.rules import Rules

_HAND_FIELDS = {
    "auction",
    "contract",
    "trump",
    "tricks",
    "taken",
    "plays",
    "five_hearts",
    "three_spades",
    "low",
}
_FOUR_PASSES = ["pass", "pass", "pass", "pass"]
_CALL = re.compile(r"\A(pass|[1-9][0-9]*(nt(low)?)?)\Z")


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a fractional number"
    if isinstance(value, str):
        return f"the string {value!r}" if len(value) <= 20 else "a long string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class _Hand:
    """Parses one hand object; every error names the hand and the field."""

    def __init__(self, number: int, data: object, rules: Rules, dealer: Seat) -> None:
        self.n = number
        self.rules = rules
        self.dealer = dealer
        if not isinstance(data, dict):
            self.fail("hand", f"a hand must be an object, not {_kind(data)}")
        self.data: dict[str, Any] = data

    def fail(self, name: str, message: str) -> NoReturn:
        raise RecordError(message, hand=self.n, field=name)

    def seat(self, name: str, value: object) -> Seat:
        if not isinstance(value, str) or value not in ("N", "E", "S", "W"):
            self.fail(name, f"{name} must be a seat (N, E, S or W), not {_kind(value)}")
        return Seat(value)

    def seat_or_team(self, name: str, value: object) -> Seat | Team:
        if isinstance(value, str) and value in ("NS", "EW"):
            return Team(value)
        if isinstance(value, str) and value in ("N", "E", "S", "W"):
            return Seat(value)
        return self.fail(
            name, f"{name} must be a seat or a team (N E S W, NS EW), not {_kind(value)}"
        )

    def parse(self) -> Entry:
        data = self.data
        if "redeal" in data:
            if len(data) != 1 or data["redeal"] is not True:
                self.fail("redeal", 'a redeal is exactly {"redeal": true}, with no other field')
            return Redeal()
        for key in data:
            if key not in _HAND_FIELDS:
                self.fail(key, f"unknown field {key!r}")
        if data.get("auction") == _FOUR_PASSES and not self.rules.dealer_must_bid:
            for key in data:
                if key != "auction":
                    self.fail(key, f"all four passed: the hand is redealt and has no {key}")
            return Redeal(passed=True)
        contract, calls = self.contract()
        low = self.low()
        contract, low = self.low_bid(contract, calls is not None, low)
        trump = self.trump(contract)
        forms = [k for k in ("tricks", "taken", "plays") if k in data]
        if not forms:
            self.fail("tricks", "a played hand needs its outcome: tricks, taken or plays")
        if len(forms) > 1:
            self.fail(
                forms[1], f"give only one of tricks, taken and plays, not {' and '.join(forms)}"
            )
        form = forms[0]
        if form == "plays":
            for special in ("five_hearts", "three_spades"):
                if special in data:
                    self.fail(special, f"{special} is not allowed with plays: the cards tell")
            if not contract.bid.no_trump and trump is None and not self.rules.trump_by_first_lead:
                self.fail("trump", "a suit contract given as plays needs its trump (S, H, D or C)")
            result: ByTrick | ByTeam | ByCard = self.plays(contract, trump, low)
        elif form == "tricks":
            result = self.tricks()
        else:
            if _by_trick_only(self.rules, contract):
                self.fail(
                    "taken",
                    f"taken cannot tell whether {contract.bidder.code}'s partner took a trick, "
                    "which decides a 12 no-trump under kaiser_bid_alone: give tricks or plays",
                )
            result = self.taken()
        return Hand(contract, result, trump, low, calls)

    def contract(self) -> tuple[Contract, tuple[Call, ...] | None]:
        data = self.data
        from_auction: Contract | None = None
        calls: tuple[Call, ...] | None = None
        if "auction" in data:
            from_auction, calls = self.auction(data["auction"])
        if "contract" not in data:
            if from_auction is None:
                self.fail("contract", "a played hand needs its contract (or its auction)")
            assert from_auction is not None
            return from_auction, calls
        raw = data["contract"]
        if not isinstance(raw, dict):
            self.fail("contract", f"contract must be an object, not {_kind(raw)}")
        for key in raw:
            if key not in ("bidder", "bid", "no_trump"):
                self.fail(f"contract.{key}", f"contract has an unknown field {key!r}")
        if "bidder" not in raw:
            self.fail("contract.bidder", "contract.bidder is missing")
        if "bid" not in raw:
            self.fail("contract.bid", "contract.bid is missing")
        bidder = self.seat("contract.bidder", raw["bidder"])
        number = raw["bid"]
        if not isinstance(number, int) or isinstance(number, bool):
            self.fail("contract.bid", f"contract.bid must be a whole number, not {_kind(number)}")
        no_trump = raw.get("no_trump", False)
        if not isinstance(no_trump, bool):
            self.fail(
                "contract.no_trump",
                f"contract.no_trump must be true or false, not {_kind(no_trump)}",
            )
        bid = Bid(number, no_trump)
        try:
            bid.check_range(self.rules)
        except KaiserError as err:
            self.fail("contract.bid", f"contract.bid {err}")
        contract = Contract(bidder, bid)
        if from_auction is not None and (
            from_auction.bidder,
            from_auction.bid.number,
            from_auction.bid.no_trump,
        ) != (bidder, number, no_trump):
            self.fail(
                "contract",
                f"contract {contract.code} disagrees with the auction, which gives "
                f"{from_auction.code}",
            )
        return from_auction or contract, calls

    def auction(self, raw: object) -> tuple[Contract, tuple[Call, ...]]:
        if not isinstance(raw, list) or len(raw) != 4:
            self.fail("auction", "auction must be a list of the 4 calls from the dealer's left")
        calls: list[Call] = []
        for i, token in enumerate(raw):
            seat = self.dealer.after(i + 1)
            if not isinstance(token, str) or not _CALL.match(token):
                self.fail(
                    "auction",
                    f"auction call {i + 1} ({seat.code}) must be pass, "
                    f"{'7, 7nt or 7ntlow' if self.rules.low_nt_bid else '7 or 7nt'}, "
                    f"not {_kind(token)}",
                )
            try:
                calls.append(None if token == "pass" else Bid.from_code(token))
            except KaiserError as err:
                self.fail("auction", f"auction call {i + 1} ({seat.code}): {err}")
        highest: Contract | None = None
        for i, call in enumerate(calls):
            seat = self.dealer.after(i + 1)
            try:
                check_call(call, seat, self.dealer, highest.bid if highest else None, self.rules)
            except KaiserError as err:
                self.fail("auction", f"auction call {i + 1} ({seat.code}): {err}")
            if call is not None:
                highest = Contract(seat, call)
        made = auction(calls, self.dealer, self.rules)
        if made is None:  # parse() took four passes as a redeal where they may be one
            self.fail("auction", "all four passed: the dealer must bid")
        return made, tuple(calls)

    def trump(self, contract: Contract) -> Suit | None:
        raw = self.data.get("trump")
        if raw is None:
            return None
        by_lead = self.rules.trump_by_first_lead
        if raw == FIRST_LEAD:
            if not by_lead:
                self.fail("trump", 'trump "first-lead" needs the trump_by_first_lead option')
            if contract.bid.no_trump:
                self.fail("trump", 'trump "first-lead" with a no-trump contract: leave it out')
            return None
        if by_lead and raw in ("S", "H", "D", "C"):
            self.fail(
                "trump",
                f"trump {raw}: under trump_by_first_lead the first card led names trump: "
                'write "first-lead" or leave it out',
            )
        if not isinstance(raw, str) or raw not in ("S", "H", "D", "C"):
            self.fail(
                "trump", f"trump must be S, H, D or C (or null with no-trump), not {_kind(raw)}"
            )
        if contract.bid.no_trump:
            self.fail("trump", f"trump {raw} with a no-trump contract: leave it out or null")
        return Suit(raw)

    def low(self) -> bool:
        raw = self.data.get("low", False)
        if not isinstance(raw, bool):
            self.fail("low", f"low must be true or false, not {_kind(raw)}")
        if raw and not self.rules.low_allowed:
            self.fail("low", "low is not allowed by these rules (low_allowed is false)")
        return raw

    def low_bid(self, contract: Contract, by_auction: bool, low: bool) -> tuple[Contract, bool]:
        try:
            return _settle_low(self.rules, contract, low, "low" in self.data, by_auction)
        except KaiserError as err:
            self.fail("low", str(err))

    def specials(self) -> tuple[Seat | Team, Seat | Team]:
        out = []
        for name in ("five_hearts", "three_spades"):
            if name not in self.data:
                self.fail(name, f"{name} is missing: who captured it?")
            out.append(self.seat_or_team(name, self.data[name]))
        return out[0], out[1]

    def tricks(self) -> ByTrick:
        raw = self.data["tricks"]
        count = self.rules.tricks_per_hand
        if not isinstance(raw, list):
            self.fail("tricks", f"tricks must be a list of {count} seats, not {_kind(raw)}")
        if len(raw) != count:
            self.fail("tricks", f"tricks has {len(raw)} winners, not {count}")
        winners = tuple(self.seat(f"tricks[{i + 1}]", s) for i, s in enumerate(raw))
        five, three = self.specials()
        for name, who in (("five_hearts", five), ("three_spades", three)):
            took = who in winners if isinstance(who, Seat) else any(s.team is who for s in winners)
            if not took:
                self.fail(name, f"{name} names {who.code}, which took no trick")
        return ByTrick(winners, five, three)

    def taken(self) -> ByTeam:
        raw = self.data["taken"]
        count = self.rules.tricks_per_hand
        if not isinstance(raw, dict):
            self.fail(
                "taken", f'taken must be an object like {{"NS": 3, "EW": 5}}, not {_kind(raw)}'
            )
        for key in raw:
            if key not in ("NS", "EW"):
                self.fail("taken", f"taken has {key!r}, which is not a team (NS or EW)")
        tricks = {}
        for team in TEAMS:
            value = raw.get(team.code)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= count:
                self.fail(
                    f"taken.{team.code}",
                    f"taken.{team.code} must be 0 to {count}, not {_kind(value)}",
                )
            tricks[team] = value
        if tricks[Team.NS] + tricks[Team.EW] != count:
            self.fail(
                "taken", f"taken adds up to {tricks[Team.NS] + tricks[Team.EW]} tricks, not {count}"
            )
        five, three = self.specials()
        teams = []
        for name, who in (("five_hearts", five), ("three_spades", three)):
            team = who.team if isinstance(who, Seat) else who
            if tricks[team] == 0:
                self.fail(name, f"{name} names {who.code}, but {team.code} took no trick")
            teams.append(team)
        return ByTeam(tricks[Team.NS], tricks[Team.EW], teams[0], teams[1])

    def plays(self, contract: Contract, trump: Suit | None, low: bool) -> ByCard:
        raw = self.data["plays"]
        count = self.rules.tricks_per_hand
        if not isinstance(raw, list):
            self.fail("plays", f"plays must be a list of {count} tricks, not {_kind(raw)}")
        if len(raw) != count:
            self.fail("plays", f"plays has {len(raw)} tricks, not {count}")
        pack = pack_set(self.rules.pack)
        seen: dict[Card, int] = {}
        tricks = []
        for t, trick in enumerate(raw, 1):
            where = f"plays[{t}]"
            if not isinstance(trick, list) or len(trick) != 4:
                self.fail(where, f"plays: trick {t} must be a list of 4 cards")
            cards = []
            for code in trick:
                if not isinstance(code, str):
                    self.fail(
                        where, f"plays: trick {t}: a card must be a code like AS, not {_kind(code)}"
                    )
                try:
                    card = Card.from_code(code)
                except KaiserError as err:
                    self.fail(where, f"plays: trick {t}: {err}")
                if card not in pack:
                    self.fail(
                        where, f"plays: trick {t}: {code} is not in the {len(pack)}-card pack"
                    )
                if card in seen:
                    self.fail(
                        where,
                        f"plays: trick {t}: {card.code} was already played in trick {seen[card]}",
                    )
                seen[card] = t
                cards.append(card)
            tricks.append(tuple(cards))
        result = ByCard(tuple(tricks))
        try:
            result.play_out(self.rules, contract, trump, low)
        except KaiserError as err:
            self.fail("plays", f"plays: {err}")
        return result
