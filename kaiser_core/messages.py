"""Messages as ids and values: what the table says, ready to be put in any language.

A ``Message`` is a ``str`` (its English text, so it prints, compares and draws as one)
that also carries its ``key`` and its ``params`` as values (``Card``, ``Seat``, ``Suit``,
``Team``, ``Mode``, numbers, other messages). A painter in another language looks the key
up in its own catalogue and formats the values its own way; ``TEXTS`` is the English one.

>>> from kaiser_core.cards import Card, Seat
>>> m = Message("cards.played", card=Card.from_code("AS"), trick=1)
>>> m, m.key, m.params["trick"]
('A♠ was already played (trick 1): refused', 'cards.played', 1)
>>> Message.from_json(m.to_json()) == m and Message.from_json(m.to_json()).key == m.key
True
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any

from kaiser_core.cards import Card, Seat, Suit, Team
from kaiser_core.errors import KaiserInputError
from kaiser_core.modes import Mode

#: The English text of every message the core says, by key.
TEXTS: dict[str, str] = {
    # undo, anywhere
    "undo.nothing": "nothing to undo",
    "undo.done": "undone: {what}",
    "entry.start": "start",
    "entry.redeal": "redeal",
    "entry.contract": "contract {bidder} {number}{trump}",
    "entry.trick": "trick to {seat}",
    "entry.card": "card {card}",
    "entry.special": "{card} to {seat}",
    "entry.taken": "hand's tricks",
    "entry.confirm": "confirmed hand",
    # scoring and the end of the game
    "score.bid_scored": "{team} scores the bid",
    "score.nt_times": "{team} NT x{times}",
    "score.capped": "{team} at {cap}: no points",
    "end.kaiser_bid": "made the Kaiser bid",
    "end.kaiser_bid_failed": "{team} failed the Kaiser bid",
    "end.capped_five": "took 5♥ at the cap",
    "end.both_reached_higher": "both reached {target}: the higher total wins",
    "end.max_hands": "{played} hands played: the higher total wins",
    # the house rules' reasons (scoring.Reason.text)
    "reason.three_spades_needs_tricks": "{team} took 3♠ with {tricks} {trick_word}: {amount}",
    "reason.nt_made_multiplier": "{team} NT made x{times}",
    "reason.nt_set_multiplier": "{team} NT set: {amount}",
    "reason.made_scores": "{team} scores the bid: {amount}",
    "reason.defender_cap_at": "{team} at {limit}: no points",
    "reason.cap_follows_target": "{team} below the raised cap {limit}: {signed}",
    "reason.capped_five_wins": "{team} at the cap took 5♥: {signed} and wins",
    "reason.defenders_cannot_go_out": "{team} defends and cannot reach {limit}: 0",
    "reason.kaiser_bid_alone": "{team}: the bidder's partner took a trick, 12 NT set: {amount}",
    "reason.other": "{team} {rule}: {amount}",
    "word.trick": "trick",
    "word.tricks": "tricks",
    "end.both_reached": "both reached {target}: the bidding team wins",
    "end.reached": "reached {target}",
    "end.both_fell": "both fell to {total}: the bidding team loses",
    "end.fell": "{team} fell to {total}",
    # the contract
    "bid.nt_minimum": "no-trump starts at {number}",
    "bid.no_low": "low is not allowed by these rules",
    "bid.low_is_a_bid": "low is a bid of its own here: ◀▶ to NT low",
    "bid.by_trick": "{bid} alone: enter it trick by trick",
    "hand.of": "hand {number} of {of}",
    "hand.play_on": "hand {number}: tie, play on",
    "score.at_cap": "{name} cannot score as defenders: {cap} or more",
    "score.needs": "{team} needs {points} to win",
    "score.near_loss": "{team} near {total}: loses there",
    # tricks and the questions
    "tricks.marked": "{card} was taken in trick {trick}",
    "ask.no_trick": "{seat} took no trick: who took {card}?",
    "quick.who": "who took {card}? A sets 5♥, B sets 3♠",
    "quick.no_trick": "{card}: the {side} took no trick",
    "quick.swept": "{side} took all {tricks}: 5♥, 3♠ theirs",
    # the card reader
    "cards.not_in_pack": "{card} is not in this pack: refused",
    "cards.played": "{card} was already played (trick {trick}): refused",
    "cards.revoke": "{seat} revoked {suit} in trick {trick}: now plays {card}",
    "cards.revoked": "{seat} revoked T{trick}",
    "cards.in_menu": "{card} not taken: close the menu, then read it again",
    "cards.ignored": "{card} ignored: cards are not being entered now",
    "cards.missed": "a card may be missing: read it, then {card}",
    "cards.missed_tag": "a card may have been missed: read it again",
    "summary.revoked": "{seat} revoked in trick {trick} ({suit})",
    "summary.not_played": "{card} discarded: no one's",
    # the menu
    "menu.hand_under_way": "hand under way: undo to the contract first",
    "menu.mode": "entry: {mode} (from the next contract)",
    "menu.shutting_down": "shutting down",
    "menu.shutdown_refused": "shut down refused: see the log",
    "menu.item.undo": "Undo",
    "menu.item.redeal": "Redeal",
    "menu.item.mode": "Entry: {mode}",
    "menu.item.rules": "Rules",
    "menu.item.new_game": "New game",
    "menu.item.history": "History",
    "menu.item.flip": "Flip display: {state}",
    "menu.item.teach": "Teach cards",
    "menu.item.shut_down": "Shut down",
    "word.on": "on",
    "word.off": "off",
    "word.made": "made",
    "word.set": "set",
    "confirm_new.title": "New game?",
    "confirm_new.line1": "Abandon this game",
    "confirm_new.line2": "and start anew?",
    "confirm_new.line3": "OK = yes, B = no",
    # the lists
    "rules.title": "Rules: {profile}",
    "rules.option": "{name}: {value}",
    "history.title": "History",
    "history.no_game": "no game",
    "history.no_hands": "no hands yet",
    "history.redeal": "{number}. {dealer} redeal",
    "history.hand": "{number}. {bidder} {bid}{trump} {result} {ns}-{ew}",
    # teach mode
    "teach.all_known": "all {count} cards are known: B returns",
    "teach.known": "{card} is known already: OK skips to {next}",
    "teach.the_end": "the end",
    "teach.tag_is_taught": "that tag is {card}; every card is taught",
    "teach.tag_is": "that tag is {card}: lay {wanted}",
    "teach.learnt_elsewhere": "the reader learnt a tag as {card}",
    "teach.learnt_other": "the reader learnt {card}, not {wanted}: lay {wanted}",
    "teach.learnt_all": "the reader learnt {card}; every card is taught",
    "teach.title": "Teach cards",
    "teach.offline": "reader offline",
    "teach.all_taught": "all {count} cards taught",
    "teach.b_returns": "B returns",
    "teach.lay": "lay {card} on the reader",
    "teach.progress": "card {number} of {count}",
    "teach.keys": "OK skips, B stops",
    # i18n: the painters' words, the values' names, the plural forms
    "seat.N": "N",
    "seat.E": "E",
    "seat.S": "S",
    "seat.W": "W",
    "team.NS": "NS",
    "team.EW": "EW",
    "mode.per-trick": "per trick",
    "mode.per-hand": "per hand",
    "mode.card-reader": "card reader",
    "word.nt": "NT",
    "word.lead": "first lead",  # trump_by_first_lead: the suit of the first card led
    "word.low": "low",
    "word.redeal": "redeal",
    "word.back": "back",
    "word.random": "random",
    "status.made": "MADE",
    "status.set": "SET",
    "contract.label": "{bidder} {number}{trump}",
    "contract.label_low": "{bidder} {number}{trump} low",
    "contract.label_lead": "{bidder} {number} lead",  # trump_by_first_lead: no suit named
    "hint.push": "push toward",
    "hint.the_bidder": "the bidder",
    "hint.the_dealer": "the dealer",
    "hint.the_seat": "the seat",
    "score.to": "to",
    "score.deals": "{seat} deals,",
    "score.bids": "{seat} bids",
    "bidder.title": "BID WON BY?",
    "bidder.dealt": "{seat} dealt",
    "bid.min": "min {number}",
    "bid.keys": "▲▼ bid  ◀▶ trump",
    "cards.trick_of": "trick {trick}/{of}",
    "cards.teams": "{ns} {tricks_ns} {ew} {tricks_ew}",
    "cards.points": "points {points}/{needed}",
    "cards.max": "at most {most}",
    "cards.last": "last",
    "tricks.holder": "{card} {seat}",
    "tricks.here": "{card} here",
    "tricks.key": "{key} {card}",
    "ask.who_took": "Who took",
    "new_game.title": "NEW GAME",
    "new_game.who": "Who deals?",
    "club.on": "ON",
    "club.off": "OFF",
    "game_over.title": "GAME OVER",
    "game_over.wins": "{name} wins",
    "game_over.win": "{name} win",
    "game_over.skunk": "SKUNK",
    "menu.title": "MENU",
    "menu.b_close": "B close",
    "menu.item.language": "Language: {language}",
    "menu.language": "language: {language}",
    "menu.item.voice": "Voice: {state}",
    "menu.item.voice_fails": "Voice: no sound",
    "menu.item.volume": "Volume: {volume}%",
    "menu.voice": "voice: {state}",
    "menu.volume": "volume: {volume}%",
    "menu.voice_fails": "no sound: {reason}",
    "voice.not_installed": "{program} is not installed",
    "language.name": "English",
    "quick.bidders": "bidders'",
    "quick.tricks": "tricks",
    "quick.of": "of {of}",
    "quick.keys": "A/B: who took 5♥/3♠",
    "summary.pts": "points",
    "summary.change": "change",
    "summary.total": "total",
    "summary.why": "why {page}/{pages}",
    "side.bidders": "bidders",
    "side.defenders": "defenders",
    "bid.bidder": "{seat} bids",
    # uxa
    "hint.step": "{key} {what}",
    "hint.contract": "enter the contract",
    "hint.bidder": "push toward the bidder",
    "hint.redeal": "redeal",
    "hint.all_passed": "all pass",  # dealer_must_bid false: four passes redeal
    "hint.back": "back",
    "hint.enter": "enter",
    "hint.low": "low",
    "hint.winner": "push toward the winner",
    "hint.seat": "push toward who took it",
    "hint.who_took": "who took 5♥ and 3♠",  # after the A/B chip
    "hint.score_hand": "score the hand",
    "hint.confirm": "confirm",
    "hint.reasons": "why",
    "hint.new_game": "new game",
    "hint.move": "move",
    "hint.choose": "choose",
    "hint.close": "close",
    "hint.leave": "close",  # B on Language and Entry's lists: the menu closes too
    "hint.scroll": "scroll",
    "hint.yes": "yes",
    "hint.no": "no",
    "hint.random": "random dealer",
    "hint.read": "read {seat}'s card",
    "hint.offline": "reader offline",
    "score.turn": "{dealer} deals, {bidder} bids first",
    "score.hand": "#{number}",
    "score.last": "last: {team} {bid}{trump} {result} {delta}/{other}",
    "score.last_redeal": "last: {dealer} redealt",
    "score.last_short": "{team} {bid}{trump} {result} {delta}/{other}",
    "bid.won_by": "bid won by {seat}",
    "bid.nt": "NT",
    "bid.nt_low": "NTlow",
    "menu.redealt": "hand redealt: {dealer} deals",
    "menu.flipped": "display flipped: {state}",
    "menu.item.large": "Large type: {state}",
    "menu.item.help": "Help",
    # a built-in profile's name and what it is (English keeps the config's names)
    "profile.name.standard": "standard",
    "profile.name.open-defense": "open-defense",
    "profile.name.tournament": "tournament",
    "profile.name.skat": "skat",
    "profile.name.widow": "widow",
    "profile.name.joffre": "joffre",
    "profile.about.standard": "game to 52, defenders stop at 45",
    "profile.about.open-defense": "defenders score past 45",
    "profile.about.tournament": "a series, no-trump from 7",
    "profile.about.skat": "two cards aside, bids from 7",
    "profile.about.widow": "a widow, 7 tricks a hand",
    "profile.about.joffre": "first card led is trump, game to 41",
    "profile.described": "{rules}: {about}",
    "choose.language": "Language",
    "choose.chosen": "* {what}",
    "choose.other": "  {what}",
    "choose.mode": "How hands are entered",
    "tip.undo": "hold B to undo",
    "tip.menu": "hold OK for the menu",
    "help.title": "Help",
    "help.next": "OK: the next step (the bottom line says which)",
    "help.push": "Push the joystick toward a seat",
    "help.seats": "N up, E right, S down, W left",
    "help.marks": "A and B: 5♥ and 3♠ in this trick",
    "help.undo": "Hold B: undo the last entry, as often as needed",
    "help.menu": "Hold OK: this menu; hold OK again to close it",
    "help.back": "B: one step back",
    "tricks.count": "tricks: {ns} {tricks_ns}, {ew} {tricks_ew}",
    "live.points": "{points} of {needed} points",
    "live.most": "at most {most}",
    "menu.large": "large type: {state}",
    "game_over.wins_alone": "wins",
    "game_over.series": "NS {ns}:{ew} EW",
    # uxc
    "target.raised": "NT made: the target is now {target}",
    "reader.fault": "reader: {message}",
    "storage.not_saved": "NOT SAVED: storage error",
    "reader.fault_code": "card reader fault {code}: no details",
    "reader.unknown": "unknown tag ..{uid}: Teach cards in the menu",
    "teach.not_learning": "the reader was not learning: lay {card} again",
    "teach.unknown_all": "a new tag, but every card is taught",
    "teach.still_open": "the reader learns the next new tag as {card}",
    "teach.learnt_in_play": "teach left open: tag is now {card}; read it again",
    "teach.learnt_late": "teach left open: a tag is now {card}",
    "teach.not_saved": "the reader could not save {card}: not taught",
    # uxb
    "names.title": "Who sits where?",
    "names.keys": "▲▼ name  ◀▶ seat  OK on",
    "names.twice": "{name} sits twice: change one",
    "names.dealer_back": "B: back to the names",
    "rules.title_house": "{profile} + {count} house rules",
    "rules.title_one_house": "{profile} + 1 house rule",
    "rules.house": "config: {profile} + {count} house rules",
    "rules.house_one": "config: {profile} + 1 house rule",
    "profile.menu": "Rules for new games",
    "profile.title": "Rules for new games",
    "profile.chosen": "next game: {rules}",
    "profile.now": "new game: {rules}",
    "history.games_title": "Games",
    "history.no_games": "no games yet",
    "history.this_game": "This game: {ns} {ns_total}, {ew} {ew_total}",
    "history.game": "{date} {ns} {ns_total}, {ew} {ew_total}: {winner} won",
    "history.game_undated": "Game {number}: {ns} {ns_total}, {ew} {ew_total}: {winner} won",
    "history.hands_title": "{ns} / {ew}",
    "history.change": (
        "{number}. {bidder} {bid}{trump} {result} {ns} / {ew} ({ns_total} / {ew_total})"
    ),
    "history.redealt": "{dealer} redealt (no hand)",
    "rules.named": "{name}: {rules}",
    "names.seat": "{seat} {name}",
    # fix11
    "hint.name": "name",
    "hint.next_seat": "seat",
    "hint.on": "on",
    "hint.names": "names",
    "hint.hands": "hands",
    # perf2: club mode's words, moved here from table/waiting.py and table/round_over.py
    # (they load with club mode only; a saved message must still be known)
    "club.waiting": "waiting for round {round}",
    "club.event_over": "the event is over",
    "club.broker_on": "broker reachable",
    "club.broker_off": "broker not reachable",
    "club.round_table": "Round {round}, table {table}",
    "club.locked": "locked in club play",
    "club.bad_round": "round message refused: {why}",
    "club.round_over": "ROUND {round} OVER",
    "club.won": "{team} won",
    "club.ended": "ended by the director",
    "club.ok_waiting": "OK: wait for next round",
    # the emulator's key help under the picture (key names stay as the keyboard prints them)
    "emulator.help": (
        "arrows: seats/joystick  Enter: OK  a/b: A/B  m: menu (hold OK)  u: undo (hold B)  q: quit"
    ),
}

#: Messages with plural forms: the value that counts, and the English text for other counts.
PLURALS: dict[str, tuple[str, str]] = {
    "word.trick": ("count", "tricks"),
    "end.max_hands": ("played", "{played} hands played: the higher total wins"),
    "teach.all_known": ("count", "all {count} cards are known: B returns"),
    "teach.all_taught": ("count", "all {count} cards taught"),
    "rule.max_hands": ("value", "At most {value} hands a game"),
    "rule.three_spades_needs_tricks": ("value", "3♠ with under {value} tricks scores -3"),
}

_READ: dict[str, Callable[[str], Any]] = {
    "card": Card.from_code,
    "seat": Seat.from_code,
    "suit": Suit.from_code,
    "team": Team.from_code,
    "mode": Mode,
}


def text_of(value: Any) -> str:
    """A value as English text: a card's label, a seat's or team's code, a suit's symbol."""
    if isinstance(value, Card):
        return value.label
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, (Seat, Team)):
        return value.code
    if isinstance(value, enum.Enum):
        label = getattr(value, "label", None)
        return label if isinstance(label, str) else str(value.value)
    return str(value)


class Message(str):
    """A message by key and values, whose ``str`` is its English text."""

    key: str
    params: Mapping[str, Any]

    def __new__(cls, key: str, /, **params: Any) -> Message:
        """The message ``key`` with these values; raises KaiserError for an unknown key."""
        try:
            template = TEXTS[key]
        except KeyError:
            raise KaiserInputError(f"unknown message {key!r}") from None
        if key in PLURALS:
            name, other = PLURALS[key]
            template = other if params.get(name, 1) != 1 else template
        text = template.format(**{name: text_of(value) for name, value in params.items()})
        message = super().__new__(cls, text)
        message.key = key
        message.params = dict(params)
        return message

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.key, dict(self.params)))

    def to_json(self) -> dict[str, Any]:
        """``{"key": ..., "params": {...}}`` with each value tagged by its kind."""
        return {"key": self.key, "params": {k: _param_json(v) for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: Any) -> Message:
        """Read back ``to_json``; raises KaiserError for anything else."""
        try:
            params = {k: _param_from_json(v) for k, v in data["params"].items()}
            return cls(data["key"], **params)
        except (KeyError, TypeError, AttributeError, ValueError) as err:
            raise KaiserInputError(f"unreadable message {data!r}: {err}") from None


def _rebuild(key: str, params: dict[str, Any]) -> Message:
    return Message(key, **params)


def _param_json(value: Any) -> Any:
    if isinstance(value, Message):
        return {"message": value.to_json()}
    if isinstance(value, Card):
        return {"card": value.code}
    if isinstance(value, (Seat, Team, Suit)):
        kind = {Seat: "seat", Team: "team", Suit: "suit"}[type(value)]
        return {kind: value.code}
    if isinstance(value, Mode):
        return {"mode": value.value}
    return value


def _param_from_json(data: Any) -> Any:
    if not isinstance(data, dict):
        return data
    if "message" in data:
        return Message.from_json(data["message"])
    ((kind, code),) = data.items()
    return _READ[kind](code)


def profile_name(code: str) -> str:
    """A profile's name: a built-in one's in the table's language, another as it is."""
    return Message(f"profile.name.{code}") if f"profile.name.{code}" in TEXTS else code


def profile_about(code: str) -> str | None:
    """What a built-in profile is, in a sentence (None: not a built-in one)."""
    key = f"profile.about.{code}"
    return Message(key) if key in TEXTS else None
