"""TEACH: the card reader learns the pack's tags, one card after another."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import Card
from kaiser_core.errors import KaiserError
from kaiser_core.messages import Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.keys import Key
from kaiser_core.table.requests import Teach
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change, Scene
from kaiser_core.views.lists import ListView


@dataclass(frozen=True)
class Teaching:
    """TEACH's cursor: the card of the pack the reader is asked to learn."""

    teach_index: int = 0


def _asked(desk: Desk) -> int:
    """The card asked for (its index in the pack) while TEACH shows."""
    state = desk.ui.state
    return state.teach_index if isinstance(state, Teaching) else 0


def teach_next(desk: Desk, index: int) -> Change:
    """Move to ``pack[index]`` and ask the reader to learn it."""
    pack = desk.rules.pack
    desk.set(teach_index=min(index, len(pack)))
    desk.teach_failure = desk.unsaved = ""
    if index < len(pack):
        return Change(request=Teach(pack[index]))
    desk.say(Message("teach.all_known", count=len(pack)))
    return Change()


def press(desk: Desk, ui: Teaching, key: Key) -> Change:
    """OK skips a card; B (or OK after the last) goes back to the menu.

    READER.md has no command that cancels a teach, so a card still asked for stays asked
    for on the reader: leaving says so (``left``), and a tag learnt later is explained.
    """
    pack = desk.rules.pack
    if key is Key.B or (key is Key.OK and ui.teach_index >= len(pack)):
        desk.close()
    elif key is Key.OK:
        return teach_next(desk, ui.teach_index + 1)
    return Change()


def read(desk: Desk, ui: Teaching, card: Card | None, code: str) -> Change:
    """A tag the reader knows was read while teaching: say what it is."""
    pack = desk.rules.pack
    index = ui.teach_index
    if index >= len(pack):
        desk.say(Message("teach.tag_is_taught", card=card or code))
    elif card == pack[index]:
        nxt = pack[index + 1] if index + 1 < len(pack) else Message("teach.the_end")
        desk.say(Message("teach.known", card=card, next=nxt))
    else:
        desk.say(Message("teach.tag_is", card=card or code, wanted=pack[index]))
    return Change()


def pending(desk: Desk) -> str:
    """The card the TEACH screen waits for ("" when not teaching)."""
    pack = desk.rules.pack
    if desk.ui.screen is Screen.TEACH and _asked(desk) < len(pack):
        return pack[_asked(desk)].code
    return ""


def left(desk: Desk, before: Scene) -> None:
    """After a key: if it left teach mode (B, HOLD-OK, an undo) while a card was asked for,
    say that the reader still learns the next new tag as that card."""
    pack = desk.rules.pack
    asked = before.state.teach_index if isinstance(before.state, Teaching) else len(pack)
    if (
        before.screen is Screen.TEACH
        and desk.ui.screen is not Screen.TEACH
        and asked < len(pack)
        and desk.reader_online
        and not desk.ui.message
    ):
        desk.say(Message("teach.still_open", card=pack[asked]))


def taught(desk: Desk, code: str) -> Change:
    """The reader learnt a tag as ``code``: teach the next card, or say the pack is known."""
    pack = desk.rules.pack
    index = _asked(desk)
    try:
        card: Card | str = Card.from_code(code)
    except KaiserError:
        card = code
    unsaved, desk.unsaved = desk.unsaved, ""  # any taught is the answer to the last teach
    if code == unsaved and desk.ui.screen is Screen.TEACH and index < len(pack):
        return Change(request=Teach(pack[index]))  # its save failed (save_failed): ask again
    if desk.ui.screen is not Screen.TEACH:  # a teach left open when B left teach mode
        playing = Screen.CARDS in (desk.ui.screen, desk.ui.base)
        desk.say(Message("teach.learnt_in_play" if playing else "teach.learnt_late", card=card))
    elif index < len(pack) and code == pack[index].code:
        return teach_next(desk, index + 1)
    elif index < len(pack):
        desk.say(Message("teach.learnt_other", card=card, wanted=pack[index]))
        return Change(request=Teach(pack[index]))
    else:
        desk.say(Message("teach.learnt_all", card=card))
    return Change()


def save_failed(desk: Desk, notice: str) -> Change:
    """The reader could not save its table (an ``error`` of code ``storage``).

    The firmware then still says ``taught`` for the card (it knows the tag until it
    restarts): that answer does not count (``taught``), the card is asked for again, and
    the screen says so until a key is pressed (``teach_failure``, shown over any notice).
    Outside a teach, the reader's own words (``notice``) are shown.
    """
    pack = desk.rules.pack
    index = _asked(desk)
    if desk.ui.screen is not Screen.TEACH or index >= len(pack):
        desk.say(notice)
        return Change()
    desk.unsaved = pack[index].code
    desk.say(Message("teach.not_saved", card=pack[index]))
    desk.teach_failure = desk.ui.message
    return Change()


def unknown(desk: Desk, uid: str) -> Change:
    """A tag the reader does not know was read.

    In teach mode the reader should have learnt it: it was not learning (restarted, or the
    request was lost), so it is asked again for the card shown. Elsewhere the tag is refused
    and the screen says where to teach it.
    """
    pack = desk.rules.pack
    index = _asked(desk)
    if desk.ui.screen is Screen.TEACH and index < len(pack):
        desk.unsaved = ""  # the reader is not learning: no taught answer is to come
        desk.say(Message("teach.not_learning", card=pack[index]))
        return Change(request=Teach(pack[index]))
    if desk.ui.screen is Screen.TEACH:
        desk.say(Message("teach.unknown_all"))
    else:
        desk.say(Message("reader.unknown", uid=uid[-6:]))
    return Change()


def view(desk: Desk, ui: Teaching) -> ListView:
    """The card to lay, the progress, whether the reader is there."""
    pack = desk.rules.pack
    index = ui.teach_index
    offline = () if desk.reader_online else (Message("teach.offline"),)
    if index >= len(pack):
        lines = (Message("teach.all_taught", count=len(pack)), Message("teach.b_returns"), *offline)
    else:
        lines = (
            Message("teach.lay", card=pack[index]),
            Message("teach.progress", number=index + 1, count=len(pack)),
            *offline,
            Message("teach.keys"),
        )
    return ListView(Message("teach.title"), lines, 0, desk.teach_failure or desk.ui.message)


PAGES = (
    Page(
        Screen.TEACH, view, {Key.OK: press, Key.B: press}, state=Teaching, overlay=True, read=read
    ),
)
