"""What the table says aloud: messages made from a stored change and the facts after it.

Spoken words are full words ("East", "North-South", "hearts"), not the screen's letters
and symbols, so they have message ids of their own (``voice.*``), which join ``TEXTS``
when this module is imported (the catalogs' ``update`` imports it too) and translate in
the ``kaiser`` domain like every other word. Numbers stay digits: espeak-ng reads them in
the voice's language; a negative one is said with the language's word for minus (a minus
sign is read in English by some voices and not at all by others).

``utterances`` only reads the change and its ``Facts`` (``hardware.sinks``: the names, the
totals, the hand scored, the language): it makes ``Message`` values and does no
translating, so the key path pays for a few small objects, never for words or sound.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hardware.speech.config import DEFAULT_SAY, TOPICS
from kaiser_core.cards import Card, Seat, Team
from kaiser_core.entries import CardEntry, ConfirmEntry, ContractEntry, TrickEntry
from kaiser_core.messages import TEXTS, Message
from kaiser_core.table import Change

if TYPE_CHECKING:
    from hardware.sinks import Facts

VOICE_TEXTS = {
    "voice.seat.N": "North",
    "voice.seat.E": "East",
    "voice.seat.S": "South",
    "voice.seat.W": "West",
    "voice.team.NS": "North-South",
    "voice.team.EW": "East-West",
    # the contract: "East, 7 hearts" (the suit as a bid names it)
    "voice.bid.H": "hearts",
    "voice.bid.D": "diamonds",
    "voice.bid.C": "clubs",
    "voice.bid.S": "spades",
    "voice.bid.NT": "no-trump",
    "voice.contract": "{seat}, {number} {trump}",
    "voice.contract_low": "{seat}, {number} {trump}, low",
    "voice.trick": "trick to {seat}",
    # the hand's result: "made, plus 10"; "set, minus 8"
    "voice.made": "made",
    "voice.set": "set",
    "voice.result": "{result}, {points}",
    "voice.plus": "plus {number}",
    "voice.minus": "minus {number}",
    "voice.totals": "{first} {first_total}, {second} {second_total}",
    "voice.game_over": "game over, {team} wins",
    # a card read: "7 of clubs" (the suit as a card names it)
    "voice.rank.A": "ace",
    "voice.rank.K": "king",
    "voice.rank.Q": "queen",
    "voice.rank.J": "jack",
    "voice.card.H": "{rank} of hearts",
    "voice.card.D": "{rank} of diamonds",
    "voice.card.C": "{rank} of clubs",
    "voice.card.S": "{rank} of spades",
}
TEXTS.update(VOICE_TEXTS)

#: Topics where a newer utterance makes a waiting older one pointless (a newer score).
REPLACEABLE = frozenset({"contract", "result", "totals", "game"})


@dataclass(frozen=True)
class Utterance:
    """One thing to say: its topic (one of ``TOPICS``), the words as a ``Message``
    (translated by the speaker, off the key path) and the language."""

    topic: str
    words: Message
    language: str


def seat(s: Seat) -> Message:
    """A seat's full name ("East")."""
    return Message(f"voice.seat.{s.code}")


def team(facts: Facts, t: Team) -> Any:
    """A team as said: its name from the config or the game ("the Smiths"), else its seats
    ("North-South")."""
    name = facts.names[0 if t is Team.NS else 1]
    return Message(f"voice.team.{t.code}") if name == t.code else name


def signed(n: int) -> Message:
    """A number with the language's word for its sign ("plus 10", "minus 8")."""
    return Message("voice.plus" if n >= 0 else "voice.minus", number=abs(n))


def said_number(n: int) -> Any:
    """A total as said: digits, with the word for minus when it is below zero."""
    return n if n >= 0 else Message("voice.minus", number=-n)


def contract(entry: ContractEntry) -> Message:
    """ "East, 7 hearts"; "South, 8 no-trump" (", low" after a low one)."""
    trump = Message(f"voice.bid.{entry.trump.code if entry.trump else 'NT'}")
    key = "voice.contract_low" if entry.low else "voice.contract"
    return Message(key, seat=seat(entry.bidder), number=entry.number, trump=trump)


def card(c: Card) -> Message:
    """ "7 of clubs", "ace of spades": the number of a number card stays digits."""
    rank: Any = 10 if c.rank == "T" else int(c.rank) if c.rank.isdigit() else None
    if rank is None:
        rank = Message(f"voice.rank.{c.rank}")
    return Message(f"voice.card.{c.suit.code}", rank=rank)


def totals(facts: Facts) -> Message:
    """ "North-South 34, East-West 28" (the teams' names where the game has them)."""
    ns, ew = facts.totals if facts.totals is not None else (0, 0)
    return Message(
        "voice.totals",
        first=team(facts, Team.NS),
        first_total=said_number(ns),
        second=team(facts, Team.EW),
        second_total=said_number(ew),
    )


def hand_over(facts: Facts, say: Collection[str]) -> list[tuple[str, Message]]:
    """The hand just confirmed: its result, the totals, and the winner if the game ended."""
    if facts.totals is None:
        return []
    said: list[tuple[str, Message]] = []
    hand, score = facts.hand, facts.score
    if hand is not None and score is not None and "result" in say:
        result = Message("voice.made" if score.made else "voice.set")
        points = signed(score.delta[hand.contract.team])
        said.append(("result", Message("voice.result", result=result, points=points)))
    if "totals" in say:
        said.append(("totals", totals(facts)))
    if facts.over and facts.winner is not None and "game" in say:  # this hand ended it
        said.append(("game", Message("voice.game_over", team=team(facts, facts.winner))))
    return said


def utterances(change: Change, facts: Facts, say: Collection[str]) -> list[Utterance]:
    """What to say after ``change`` was stored, in the facts' language: nothing for most
    keys."""
    said: list[tuple[str, Message]] = []
    for entry in change.append:
        if isinstance(entry, ContractEntry) and "contract" in say:
            said.append(("contract", contract(entry)))
        elif isinstance(entry, TrickEntry) and "tricks" in say:
            said.append(("tricks", Message("voice.trick", seat=seat(entry.winner))))
        elif isinstance(entry, CardEntry) and "cards" in say:
            said.append(("cards", card(entry.card)))
        elif isinstance(entry, ConfirmEntry):
            said.extend(hand_over(facts, say))
    return [Utterance(topic, words, facts.language) for topic, words in said]


def score(facts: Facts) -> list[Utterance]:
    """The score on demand (a long press of A): the totals, and the winner once it is over."""
    said = [Utterance("totals", totals(facts), facts.language)]
    if facts.over and facts.winner is not None:
        words = Message("voice.game_over", team=team(facts, facts.winner))
        said.append(Utterance("game", words, facts.language))
    return said


__all__ = [
    "DEFAULT_SAY",
    "REPLACEABLE",
    "TOPICS",
    "VOICE_TEXTS",
    "Utterance",
    "card",
    "contract",
    "score",
    "totals",
    "utterances",
]
