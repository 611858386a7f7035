"""CARDS, card-reader entry: the reader's cards in play order, refusals, revokes."""

from __future__ import annotations

from kaiser_core.cards import Card, Team
from kaiser_core.entries import CardEntry
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.hints import say
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change, NoState
from kaiser_core.views.cards import CardsView


def read(desk: Desk, state: NoState, card: Card | None, code: str) -> Change:
    """A card read while cards are entered: stored, or refused with the reason."""
    draft = desk.draft
    if card is None or card not in desk.rules.pack:
        desk.say(Message("cards.not_in_pack", card=card or code))
        return Change()
    if card in draft.cards:
        trick = draft.cards.index(card) // 4 + 1
        desk.say(Message("cards.played", card=card, trick=trick))
        return Change()
    known = len(draft.revokes())
    change = desk.enter(CardEntry(card))
    new = desk.draft.revokes()[known:]
    if new:
        seat, trick, suit = new[0]
        desk.say(Message("cards.revoke", seat=seat, suit=suit, trick=trick, card=card))
    return change


def missed(desk: Desk, card: Card | None, code: str) -> Change:
    """A read after reads the scorer never got (the reader's ``seq`` jumped): refused.

    The lost read may be a card laid before this one; entering this one would give it the
    lost card's seat. The screen says to read the lost card again, then this one. ``card``
    None with ``code`` "" is an unknown tag after the gap.
    """
    if card is None and not code:
        desk.say(Message("cards.missed_tag"))
    else:
        desk.say(Message("cards.missed", card=card or code))
    return Change()


def view(desk: Desk, state: NoState) -> CardsView:
    """The trick so far, whose turn it is, the last trick and the revokes."""
    d = desk.draft
    c = d.contract
    assert c is not None
    played = d.played_tricks()
    leader = played[-1][2] if played else c.bidder
    current = d.cards[len(played) * 4 :]
    now = tuple((leader.after(i), card) for i, card in enumerate(current))
    last = played[-1] if played else None
    last_cards = tuple((last[0].after(i), cd) for i, cd in enumerate(last[1])) if last else ()
    ns = sum(1 for _, _, w in played if w.team is Team.NS)
    revokes = tuple(Message("cards.revoked", seat=s, trick=t) for s, t, _ in d.revokes())
    return CardsView(
        desk.contract_label(),
        len(played) + 1,
        desk.rules.tricks_per_hand,
        ns,
        len(played) - ns,
        now,
        leader.after(len(current)),
        last_cards,
        last[2] if last else None,
        d.live(),
        desk.reader_online,
        revokes,
        desk.ui.message,
        (say("hint.read", seat=leader.after(len(current))),)
        if desk.reader_online
        else (say("hint.offline"),),
    )


#: The cards come from the reader: no key of its own (HOLD-B undoes, HOLD-OK the menu).
PAGES = (Page(Screen.CARDS, view, read=read),)
