"""The rules in words, for the Rules screen: each option's English text, by option and value.

``RULE_TEXTS`` joins ``messages.TEXTS``; ``option_words`` picks the text that fits a
value: ``rule.<option>.<value>`` (``true``, ``false``, ``null``, an enum's value, a
number) first, then ``rule.<option>`` with the value in it.

>>> from kaiser_core.rules import Rules
>>> [str(m) for m in changed_words(Rules(defender_cap_at=40, max_hands=10))]
['Defenders stop at 40', 'At most 10 hands a game']
"""

from __future__ import annotations

from kaiser_core.messages import PLURALS, TEXTS, Message, profile_name
from kaiser_core.rules import Rules, find_profile

#: The English words of every option; {value} is the option's value.
RULE_TEXTS: dict[str, str] = {
    "rules.changed": "changed from {profile}:",
    "rules.as_profile": "as in {profile}:",
    "rule.target": "Game to {value}",
    "rule.min_bid": "Bids from {value}",
    "rule.nt_min_bid": "No-trump bids from {value}",
    "rule.nt_ranking.above-same-number": "7NT ranks just above 7",
    "rule.nt_ranking.above-all-suit-bids": "Any no-trump outranks every suit bid",
    "rule.dealer_may_take.true": "Dealer may take the bid by equalling it",
    "rule.dealer_may_take.false": "Dealer must bid higher to take it",
    "rule.nt_made_multiplier.2": "A made no-trump scores double",
    "rule.nt_made_multiplier.1": "A made no-trump is not doubled",
    "rule.nt_set_multiplier.2": "A set no-trump loses double",
    "rule.nt_set_multiplier.1": "A set no-trump loses the bid once",
    "rule.made_scores.points": "A made bid scores its points",
    "rule.made_scores.bid": "A made bid scores the bid, not the points",
    "rule.defender_cap_at": "Defenders stop at {value}",
    "rule.defender_cap_at.null": "Defenders always score",
    "rule.bidder_must_go_out.true": "Only a made bid can win the game",
    "rule.bidder_must_go_out.false": "Any team reaching the target wins",
    "rule.kaiser_bid_wins.true": "A made 12 NT wins the game at once",
    "rule.kaiser_bid_wins.false": "12 NT is an ordinary bid",
    "rule.redeal_worthless_hand.true": "A hand without ace, face or special may redeal",
    "rule.redeal_worthless_hand.false": "Only a misdeal is redealt",
    "rule.deal.standard": "8 cards each, no kitty",
    "rule.deal.widow": "Widow: 7 cards each and 4 to the bidder",
    "rule.deal.skat": "Skat: 34 cards, 8 each and 2 to the bidder",
    "rule.low_allowed.true": "Low (cards ranked upside down) is allowed",
    "rule.low_allowed.false": "No low: cards always rank high",
    "rule.card_passing.true": "Partners pass 2 cards before bidding",
    "rule.card_passing.false": "No card passing",
    "rule.series.true": "Games add up to a series",
    "rule.series.false": "Each game stands alone",
    "rule.target_after_nt": "Target {value} once a no-trump is made",
    "rule.target_after_nt.null": "A made no-trump leaves the target",
    "rule.losing_total": "A team at {value} or below loses",
    "rule.losing_total.null": "No losing total",
    "rule.max_hands": "At most {value} hands a game",
    "rule.max_hands.null": "No limit on the hands",
    "rule.both_reach_target.bidders": "Both reach the target: the bidders win",
    "rule.both_reach_target.higher-total": "Both reach the target: the higher total wins",
    "rule.defenders_cannot_go_out.true": "Defenders cannot go out: only bidding wins",
    "rule.defenders_cannot_go_out.false": "Defenders may go out",
    "rule.cap_follows_target.true": "The defenders' stop rises with the target",
    "rule.cap_follows_target.false": "The defenders' stop stays when the target rises",
    "rule.capped_five_wins.true": "Stopped defenders taking 5♥ win the game",
    "rule.capped_five_wins.false": "5♥ does not lift the defenders' stop",
    "rule.three_spades_needs_tricks": "3♠ with under {value} tricks scores -3",
    "rule.three_spades_needs_tricks.0": "3♠ counts -3, whatever the tricks",
    "rule.kaiser_bid_alone.true": "12 NT: the bidder's partner may take no trick",
    "rule.kaiser_bid_alone.false": "12 NT: the partner may help",
    "rule.kaiser_bid_loses.true": "A failed 12 NT loses the game",
    "rule.kaiser_bid_loses.false": "A failed 12 NT is only set",
    "rule.low_specials.high": "Low: 5♥ and 3♠ stay top of their suits",
    "rule.low_specials.low": "Low: 5♥ and 3♠ rank lowest of their suits",
    "rule.low_bid.declared": "Low is declared with the trump",
    "rule.low_bid.bid": "Low no-trump is a bid of its own (7ntlow)",
    "rule.trump_by_first_lead.true": "The first card led names trump",
    "rule.trump_by_first_lead.false": "The bidder names trump",
    "rule.three_spades_value.-3": "3♠ counts -3",
    "rule.three_spades_value.-2": "3♠ counts -2 (a Joffre deck)",
    "rule.dealer_must_bid.true": "All pass: the dealer must bid",
    "rule.dealer_must_bid.false": "All four pass: the same dealer redeals",
    "rule.three_spades_needs_tricks.penalty": "3♠ with under {value} tricks scores {penalty}",
}
TEXTS.update(RULE_TEXTS)
PLURALS["rule.three_spades_needs_tricks.penalty"] = (
    "value",
    "3♠ with under {value} tricks scores {penalty}",
)


def _tag(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def option_words(name: str, value: object, rules: Rules | None = None) -> Message:
    """One option in words (``Defenders stop at 45``); the bare name and value if none fit.

    ``rules``, where given, says what 3♠ is worth in the words of the 3♠ rule.
    """
    penalty = rules.three_spades_value if rules is not None else -3
    if name == "three_spades_needs_tricks" and value and penalty != -3:
        return Message("rule.three_spades_needs_tricks.penalty", value=value, penalty=penalty)
    for key in (f"rule.{name}.{_tag(value)}", f"rule.{name}"):
        if key in TEXTS:
            return Message(key, value=value)
    return Message("rules.option", name=name, value=value)


def changed_words(rules: Rules) -> list[Message]:
    """The options that differ from the rules' profile, in words."""
    base = find_profile(rules.profile).options()
    return [option_words(k, v, rules) for k, v in rules.options().items() if base.get(k) != v]


def rule_lines(rules: Rules) -> list[Message]:
    """Every option in words: those changed from the profile first, under a heading."""
    base = find_profile(rules.profile).options()
    options = rules.options()
    changed = [k for k, v in options.items() if base.get(k) != v]
    same = [k for k in options if k not in changed]
    out: list[Message] = []
    if changed:
        out.append(Message("rules.changed", profile=profile_name(rules.profile)))
        out += [option_words(k, options[k], rules) for k in changed]
        out.append(Message("rules.as_profile", profile=profile_name(rules.profile)))
    out += [option_words(k, options[k], rules) for k in same]
    return out
