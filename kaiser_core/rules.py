"""Rules as data: one ``Rules`` value holds every option; named profiles are instances.

>>> find_profile("tournament").nt_min_bid
7
>>> Rules.from_spec({"profile": "standard", "options": {"target": 62}}).target
62
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from kaiser_core.cards import DECK, SKAT_PACK, Card
from kaiser_core.errors import RulesError


class Deal(enum.Enum):
    """How the cards are dealt: all 32, with a 4-card widow, or with a 2-card skat."""

    STANDARD = "standard"
    WIDOW = "widow"
    SKAT = "skat"


class NTRanking(enum.Enum):
    """Where a no-trump bid stands in the bid order."""

    ABOVE_SAME_NUMBER = "above-same-number"
    ABOVE_ALL_SUIT_BIDS = "above-all-suit-bids"


class MadeScores(enum.Enum):
    """What a made contract scores: the points taken, or the bid."""

    POINTS = "points"
    BID = "bid"


class BothReach(enum.Enum):
    """Who wins when both teams reach the target on one hand."""

    BIDDERS = "bidders"
    HIGHER_TOTAL = "higher-total"


class LowSpecials(enum.Enum):
    """Where 5♥ and 3♠ rank in a low hand: highest of their suits, or lowest."""

    HIGH = "high"
    LOW = "low"


class LowBid(enum.Enum):
    """How low is chosen: declared with any contract, or as its own no-trump bid."""

    DECLARED = "declared"
    BID = "bid"


MAX_BID = 12


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md; the defaults are the standard game."""

    target: int = 52
    min_bid: int = 6
    nt_min_bid: int = 6
    nt_ranking: NTRanking = NTRanking.ABOVE_SAME_NUMBER
    dealer_may_take: bool = True
    nt_made_multiplier: int = 2
    nt_set_multiplier: int = 2
    made_scores: MadeScores = MadeScores.POINTS
    defender_cap_at: int | None = 45
    bidder_must_go_out: bool = False
    kaiser_bid_wins: bool = False
    redeal_worthless_hand: bool = True
    deal: Deal = Deal.STANDARD
    low_allowed: bool = False
    card_passing: bool = False
    series: bool = False
    target_after_nt: int | None = None
    losing_total: int | None = None
    max_hands: int | None = None
    both_reach_target: BothReach = BothReach.BIDDERS
    defenders_cannot_go_out: bool = False
    cap_follows_target: bool = False
    capped_five_wins: bool = False
    three_spades_needs_tricks: int = 0
    kaiser_bid_alone: bool = False
    kaiser_bid_loses: bool = False
    low_specials: LowSpecials = LowSpecials.HIGH
    low_bid: LowBid = LowBid.DECLARED
    trump_by_first_lead: bool = False
    three_spades_value: int = -3
    dealer_must_bid: bool = True
    profile: str = "standard"

    def __post_init__(self) -> None:
        for name in _BOOLS:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    f"option {name} must be true or false, not {getattr(self, name)!r}"
                )
        for name, kind in _ENUMS.items():
            if not isinstance(getattr(self, name), kind):
                choices = ", ".join(m.value for m in kind)
                raise RulesError(
                    f"option {name} must be one of {choices}, not {getattr(self, name)!r}"
                )
        _check_int("target", self.target, 1, 10_000)
        _check_int("min_bid", self.min_bid, 4, 8)
        _check_int("nt_min_bid", self.nt_min_bid, 4, 8)
        _check_int("nt_made_multiplier", self.nt_made_multiplier, 1, 2)
        _check_int("nt_set_multiplier", self.nt_set_multiplier, 1, 2)
        if self.defender_cap_at is not None:
            _check_int("defender_cap_at", self.defender_cap_at, 1, 10_000)
        if self.target_after_nt is not None:
            _check_int("target_after_nt", self.target_after_nt, 1, 10_000)
        if self.losing_total is not None:
            _check_int("losing_total", self.losing_total, -10_000, -1)
        if self.max_hands is not None:
            _check_int("max_hands", self.max_hands, 1, 1_000)
        _check_int("three_spades_needs_tricks", self.three_spades_needs_tricks, 0, 8)
        _check_int("three_spades_value", self.three_spades_value, -3, -2)  # -3 or -2
        for option, needs in _NEEDS:
            if getattr(self, option) != getattr(Rules, option) and not needs(self):
                raise RulesError(f"option {option} {_NEEDS_TEXT[option]}")

    # -- derived values -------------------------------------------------------------------
    @property
    def low_nt_bid(self) -> bool:
        """True when low is a no-trump bid of its own (``7ntlow``), not a declaration."""
        return self.low_bid is LowBid.BID

    def cap_for(self, target: int) -> int | None:
        """The defender cap while ``target`` is in force (raised with ``cap_follows_target``)."""
        cap = self.defender_cap_at
        if cap is None or not self.cap_follows_target:
            return cap
        return cap + max(0, target - self.target)

    @property
    def tricks_per_hand(self) -> int:
        """8 tricks, or 7 with the widow deal."""
        return 7 if self.deal is Deal.WIDOW else 8

    @property
    def raw_total(self) -> int:
        """What both teams' raw points add up to: tricks + 5 - 3 (- 2 with a Joffre deck)."""
        return self.tricks_per_hand + 5 + self.three_spades_value

    @property
    def pack(self) -> tuple[Card, ...]:
        """The cards in use: 32, or 34 with the skat deal."""
        return SKAT_PACK if self.deal is Deal.SKAT else DECK

    @property
    def discards(self) -> int:
        """Cards the bidder discards after taking the widow or skat (0 in the standard deal)."""
        return {Deal.STANDARD: 0, Deal.WIDOW: 4, Deal.SKAT: 2}[self.deal]

    @property
    def nt_minimum(self) -> int:
        """The lowest no-trump bid: the larger of ``min_bid`` and ``nt_min_bid``."""
        return max(self.min_bid, self.nt_min_bid)

    # -- construction ---------------------------------------------------------------------
    def replace(self, **options: Any) -> Rules:
        """A copy with options changed, given as Python values or their JSON spellings.

        Raises RulesError for an unknown option or a value of the wrong type or range.
        """
        changes: dict[str, Any] = _coerce_options(options)
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_spec(cls, spec: object) -> Rules:
        """Rules from a profile name or ``{"profile": ..., "options": {...}}``.

        Raises RulesError for an unknown profile, an unknown key or option, or a bad value.
        """
        if isinstance(spec, str):
            return find_profile(spec)
        if not isinstance(spec, Mapping):
            raise RulesError("rules must be a profile name or an object with profile and options")
        unknown = set(spec) - {"profile", "options"}
        if unknown:
            raise RulesError(f"rules has an unknown key {sorted(unknown)[0]!r}")
        name = spec.get("profile", "standard")
        if not isinstance(name, str):
            raise RulesError("rules.profile must be a profile name")
        options = spec.get("options", {})
        if not isinstance(options, Mapping):
            raise RulesError("rules.options must be an object of option names and values")
        try:  # the same few specs come again and again (the director: every message)
            key = json.dumps([name, options], sort_keys=True)
        except (TypeError, ValueError):
            return find_profile(name).replace(**dict(options))
        known = _FROM_SPEC.get(key)
        if known is None:
            known = find_profile(name).replace(**dict(options))
            if len(_FROM_SPEC) >= 64:
                _FROM_SPEC.clear()
            _FROM_SPEC[key] = known
        return known

    def options(self) -> dict[str, object]:
        """Every option as its JSON value (enums as their names), without the profile."""
        out: dict[str, object] = {}
        for f in dataclasses.fields(self):
            if f.name == "profile":
                continue
            value = getattr(self, f.name)
            out[f.name] = value.value if isinstance(value, enum.Enum) else value
        return out

    def to_spec(self) -> str | dict[str, object]:
        """The shortest spec that ``from_spec`` turns back into these rules."""
        base = find_profile(self.profile)
        if base == self:
            return self.profile
        changed = {k: v for k, v in self.options().items() if base.options()[k] != v}
        return {"profile": self.profile, "options": changed}


OPTION_NAMES: tuple[str, ...] = tuple(
    f.name for f in dataclasses.fields(Rules) if f.name != "profile"
)
#: Rules made by ``Rules.from_spec``, by their spec's JSON (rules are immutable values).
_FROM_SPEC: dict[str, Rules] = {}
_ENUMS: dict[str, type[enum.Enum]] = {
    "nt_ranking": NTRanking,
    "made_scores": MadeScores,
    "deal": Deal,
    "both_reach_target": BothReach,
    "low_specials": LowSpecials,
    "low_bid": LowBid,
}
_BOOLS = {
    "dealer_may_take",
    "bidder_must_go_out",
    "kaiser_bid_wins",
    "redeal_worthless_hand",
    "low_allowed",
    "card_passing",
    "series",
    "defenders_cannot_go_out",
    "cap_follows_target",
    "capped_five_wins",
    "kaiser_bid_alone",
    "kaiser_bid_loses",
    "trump_by_first_lead",
    "dealer_must_bid",
}
_NULLABLE = {"defender_cap_at", "target_after_nt", "losing_total", "max_hands"}
# Options that mean something only with another one: (option, test on the whole rules).
_NEEDS: tuple[tuple[str, Callable[[Rules], bool]], ...] = (
    ("kaiser_bid_alone", lambda r: r.kaiser_bid_wins),
    ("kaiser_bid_loses", lambda r: r.kaiser_bid_wins),
    ("low_bid", lambda r: r.low_allowed),
    ("low_specials", lambda r: r.low_allowed),
    ("cap_follows_target", lambda r: r.target_after_nt is not None),
    ("cap_follows_target", lambda r: r.defender_cap_at is not None),
    ("capped_five_wins", lambda r: r.defender_cap_at is not None),
)
_NEEDS_TEXT = {
    "kaiser_bid_alone": "needs kaiser_bid_wins true (it changes when the Kaiser bid is made)",
    "kaiser_bid_loses": "needs kaiser_bid_wins true (it is the other side of the Kaiser bid)",
    "low_bid": "bid needs low_allowed true (low must be allowed to be bid)",
    "low_specials": "low needs low_allowed true (it ranks the specials in a low hand)",
    "cap_follows_target": "needs target_after_nt and defender_cap_at (the cap follows the target)",
    "capped_five_wins": "needs defender_cap_at (a number: it is about defenders at the cap)",
}


def _check_int(name: str, value: object, low: int, high: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"option {name} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise RulesError(f"option {name} must be from {low} to {high}, not {value}")


def _coerce_options(options: Mapping[str, object]) -> dict[str, object]:
    out: dict[str, object] = {}
    for name, value in options.items():
        if name not in OPTION_NAMES:
            raise RulesError(f"unknown option {name!r}")
        if name in _ENUMS:
            kind = _ENUMS[name]
            if isinstance(value, kind):
                out[name] = value
                continue
            choices = [m.value for m in kind]
            if value not in choices:
                raise RulesError(
                    f"option {name} must be one of {', '.join(choices)}, not {value!r}"
                )
            out[name] = kind(value)
        elif name in _BOOLS:
            if not isinstance(value, bool):
                raise RulesError(f"option {name} must be true or false, not {value!r}")
            out[name] = value
        elif value is None and name in _NULLABLE:
            out[name] = None
        else:
            if not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"option {name} must be a whole number, not {value!r}")
            out[name] = value
    return out


PROFILES: dict[str, Rules] = {
    "standard": Rules(),
    "open-defense": Rules(
        profile="open-defense",
        defender_cap_at=None,
        nt_set_multiplier=1,
        redeal_worthless_hand=False,
    ),
    "tournament": Rules(
        profile="tournament", redeal_worthless_hand=False, nt_min_bid=7, series=True
    ),
    "skat": Rules(profile="skat", deal=Deal.SKAT, min_bid=7),
    "widow": Rules(profile="widow", deal=Deal.WIDOW),
    # Quebec's Joffre (RULES.md): the first card led names trump, a made contract scores
    # the bid, game to 41, four passes redeal; the NT multipliers stay 2.
    "joffre": Rules(
        profile="joffre",
        target=41,
        min_bid=7,
        made_scores=MadeScores.BID,
        dealer_may_take=False,
        dealer_must_bid=False,
        trump_by_first_lead=True,
        defender_cap_at=None,
        redeal_worthless_hand=False,
        three_spades_value=-3,
    ),
}


def find_profile(name: str) -> Rules:
    """The named profile; raises RulesError for an unknown name."""
    try:
        return PROFILES[name]
    except (KeyError, TypeError):
        raise RulesError(f"unknown rules profile {name!r} (one of {', '.join(PROFILES)})") from None
