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
import typing
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


def option(
    default: Any,
    *,
    low: int | None = None,
    high: int | None = None,
    needs: Callable[[Rules], bool] | None = None,
    why: str = "",
    reason: bool = False,
) -> Any:
    """A field of ``Rules`` with what is checked of it: a whole number's range (``low`` to
    ``high``), an option that means something only with another (``needs``: a test on the
    whole rules, ``why``: the rest of the error line), and ``reason``: a house rule that
    names itself on SUMMARY and the score sheet when it changes a team's points. Its type
    says the rest (true/false, one of an enum's values, ``None`` allowed)."""
    checks = {"low": low, "high": high, "needs": needs, "why": why, "reason": reason}
    return dataclasses.field(default=default, metadata=checks)


def _cap_and_target(rules: Rules) -> bool:
    return rules.target_after_nt is not None and rules.defender_cap_at is not None


@dataclass(frozen=True)
class Rules:
    """Every option of RULES.md; the defaults are the standard game.

    A new option is a field here (``option``: its default and checks), its words in
    ``rule_words``, and the code where it acts; nothing else lists the options."""

    target: int = option(52, low=1, high=10_000)
    min_bid: int = option(6, low=4, high=8)
    nt_min_bid: int = option(6, low=4, high=8)
    nt_ranking: NTRanking = option(NTRanking.ABOVE_SAME_NUMBER)
    dealer_may_take: bool = option(True)
    nt_made_multiplier: int = option(2, low=1, high=2)
    nt_set_multiplier: int = option(2, low=1, high=2)
    made_scores: MadeScores = option(MadeScores.POINTS)
    defender_cap_at: int | None = option(45, low=1, high=10_000)
    bidder_must_go_out: bool = option(False)
    kaiser_bid_wins: bool = option(False)
    redeal_worthless_hand: bool = option(True)
    deal: Deal = option(Deal.STANDARD)
    low_allowed: bool = option(False)
    card_passing: bool = option(False)
    series: bool = option(False)
    target_after_nt: int | None = option(None, low=1, high=10_000)
    losing_total: int | None = option(None, low=-10_000, high=-1)
    max_hands: int | None = option(None, low=1, high=1_000)
    both_reach_target: BothReach = option(BothReach.BIDDERS)
    defenders_cannot_go_out: bool = option(False, reason=True)
    cap_follows_target: bool = option(
        False,
        needs=_cap_and_target,
        why="needs target_after_nt and defender_cap_at (the cap follows the target)",
        reason=True,
    )
    capped_five_wins: bool = option(
        False,
        needs=lambda r: r.defender_cap_at is not None,
        why="needs defender_cap_at (a number: it is about defenders at the cap)",
        reason=True,
    )
    three_spades_needs_tricks: int = option(0, low=0, high=8, reason=True)
    kaiser_bid_alone: bool = option(
        False,
        needs=lambda r: r.kaiser_bid_wins,
        why="needs kaiser_bid_wins true (it changes when the Kaiser bid is made)",
        reason=True,
    )
    kaiser_bid_loses: bool = option(
        False,
        needs=lambda r: r.kaiser_bid_wins,
        why="needs kaiser_bid_wins true (it is the other side of the Kaiser bid)",
    )
    low_specials: LowSpecials = option(
        LowSpecials.HIGH,
        needs=lambda r: r.low_allowed,
        why="low needs low_allowed true (it ranks the specials in a low hand)",
    )
    low_bid: LowBid = option(
        LowBid.DECLARED,
        needs=lambda r: r.low_allowed,
        why="bid needs low_allowed true (low must be allowed to be bid)",
    )
    trump_by_first_lead: bool = option(False)
    three_spades_value: int = option(-3, low=-3, high=-2)  # -3, or -2 with some Joffre decks
    dealer_must_bid: bool = option(True)
    profile: str = "standard"

    def __post_init__(self) -> None:
        for name, kind in _KINDS.items():
            value = getattr(self, name)
            if kind is bool:
                if not isinstance(value, bool):
                    raise RulesError(f"option {name} must be true or false, not {value!r}")
            elif kind in _ENUM_KINDS and not isinstance(value, kind):
                choices = ", ".join(m.value for m in kind)
                raise RulesError(f"option {name} must be one of {choices}, not {value!r}")
        for name, (low, high) in _RANGES.items():
            value = getattr(self, name)
            if value is not None or name not in _NULLABLE:
                _check_int(name, value, low, high)
        for name, (needs, why) in _NEEDS.items():
            if getattr(self, name) != _DEFAULTS[name] and not needs(self):
                raise RulesError(f"option {name} {why}")

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
_FIELDS = [f for f in dataclasses.fields(Rules) if f.name != "profile"]
#: Each option's type: bool, int, or an enum (``_NULLABLE``: ``None`` allowed too).
_KINDS: dict[str, Any] = {}
_NULLABLE: set[str] = set()
_HINTS = typing.get_type_hints(Rules)
for _field in _FIELDS:
    _hint = _HINTS[_field.name]
    _args = [a for a in typing.get_args(_hint) if a is not type(None)]
    if _args:
        _NULLABLE.add(_field.name)
        _hint = _args[0]
    _KINDS[_field.name] = _hint
_DEFAULTS = {f.name: f.default for f in _FIELDS}
_RANGES = {
    f.name: (f.metadata["low"], f.metadata["high"])
    for f in _FIELDS
    if f.metadata["high"] is not None
}
_NEEDS = {f.name: (f.metadata["needs"], f.metadata["why"]) for f in _FIELDS if f.metadata["needs"]}
#: The house rules that name themselves on SUMMARY and the sheet when they change points.
HOUSE_REASONS = frozenset(f.name for f in _FIELDS if f.metadata["reason"])
_ENUMS = {n: k for n, k in _KINDS.items() if isinstance(k, type) and issubclass(k, enum.Enum)}
_ENUM_KINDS = set(_ENUMS.values())


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
        elif _KINDS[name] is bool:
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
