"""What the table says is a message id with values; its str is the English text."""

from __future__ import annotations

import copy
import json
import pickle
import re
import string

import pytest

from kaiser_core.cards import Card, Seat, Suit, Team
from kaiser_core.entries import Mode
from kaiser_core.errors import KaiserError
from kaiser_core.messages import TEXTS, Message, text_of
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table, read_scene
from kaiser_core.views.cards import CardsView
from kaiser_core.views.lists import ListView, MenuView

KEYS_USED = re.compile(r'Message\(\s*f?"([a-z_.{}]+)"')


def test_a_message_is_its_english_text_and_keeps_its_values():
    m = Message("cards.revoke", seat=Seat.E, suit=Suit.S, trick=3, card=Card.from_code("JS"))
    assert m == "E revoked ♠ in trick 3: now plays J♠"
    assert m.key == "cards.revoke" and m.params["seat"] is Seat.E and m.params["trick"] == 3
    assert isinstance(m, str) and hash(m) == hash(str(m))


@pytest.mark.parametrize(
    "clone", [copy.copy, copy.deepcopy, lambda m: pickle.loads(pickle.dumps(m))]
)
def test_a_message_survives_copies(clone):
    m = Message("undo.done", what=Message("entry.card", card=Card.from_code("TH")))
    other = clone(m)
    assert other == "undone: card 10♥" and other.key == "undo.done"
    assert other.params["what"].key == "entry.card"


def test_a_message_reads_back_from_json_with_its_values():
    m = Message(
        "history.hand",
        number=2,
        bidder=Seat.W,
        bid=7,
        trump="NT",
        result=Message("word.set"),
        ns=10,
        ew=-3,
    )
    back = Message.from_json(json.loads(json.dumps(m.to_json())))
    assert back == m == "2. W 7NT set 10--3"
    assert back.params == m.params
    mode = Message.from_json(Message("menu.mode", mode=Mode.READER).to_json())
    assert (
        mode.params["mode"] is Mode.READER and mode == "entry: card reader (from the next contract)"
    )
    team = Message.from_json(Message("score.needs", team=Team.EW, points=4).to_json())
    assert team.params["team"] is Team.EW


@pytest.mark.parametrize("bad", [{"key": "nowhere", "params": {}}, {"key": "undo.done"}, 3, None])
def test_bad_stored_messages_are_refused(bad):
    with pytest.raises(KaiserError):
        Message.from_json(bad)


def test_every_key_the_core_uses_has_a_text():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "kaiser_core"
    used = set()
    for path in root.rglob("*.py"):
        used.update(KEYS_USED.findall(path.read_text(encoding="utf-8")))
    fixed = {k for k in used if "{" not in k}
    assert fixed and fixed <= set(TEXTS), fixed - set(TEXTS)
    for prefix in {k.split("{")[0] for k in used if "{" in k}:
        assert any(t.startswith(prefix) for t in TEXTS), prefix
    for text in TEXTS.values():  # every template is a valid format string
        list(string.Formatter().parse(text))


def test_text_of_formats_values():
    assert [
        text_of(v) for v in (Card.from_code("TH"), Suit.D, Seat.S, Team.NS, Mode.PER_HAND, 5)
    ] == [
        "10♥",
        "♦",
        "S",
        "NS",
        "per hand",
        "5",
    ]


def test_the_table_speaks_in_messages_that_survive_the_journal():
    table = Table(Rules(), reader_available=True)
    table.press(Key.UP)
    table.press(Key.HOLD_B)
    assert table.ui.message == "nothing to undo" and table.ui.message.key == "undo.nothing"
    for key in (Key.OK, Key.RIGHT, Key.OK, Key.A, Key.UP, Key.A):  # a trick with 5♥, then A
        table.press(key)
    message = table.view().message
    assert message == "5♥ was taken in trick 1" and message.key == "tricks.marked"
    assert message.params["card"] == Card.from_code("5H")
    stored = json.loads(json.dumps(table.ui.to_json()))
    back = read_scene(stored)
    assert back == table.ui and back.message.key == "tricks.marked"
    assert read_scene({**stored, "message_id": {"key": "?"}}).message == message  # the text stays


def test_views_carry_messages_for_lists_and_the_menu():
    table = Table(Rules(), reader_available=True)
    table.press(Key.HOLD_OK)
    menu = table.view()
    assert isinstance(menu, MenuView)
    assert [getattr(item, "key", None) for item in menu.items][:3] == [
        "menu.item.undo",
        "menu.item.redeal",
        "menu.item.mode",
    ]
    assert menu.items[2] == "Entry: per trick" and menu.items[2].params["mode"] is Mode.PER_TRICK
    for _ in range(7):
        table.press(Key.DOWN)
    table.press(Key.OK)  # Teach cards
    teach = table.view()
    assert isinstance(teach, ListView) and teach.title.key == "teach.title"
    assert teach.lines[0] == "lay A♠ on the reader" and teach.lines[0].params[
        "card"
    ] == Card.from_code("AS")


def test_card_reader_refusals_and_revokes_are_messages():
    table = Table(Rules(), reader_available=True)
    table.press(Key.UP)
    table.press(Key.HOLD_OK)
    for _ in range(2):
        table.press(Key.DOWN)
    table.press(Key.OK)  # per hand
    table.press(Key.OK)  # card reader
    table.press(Key.B)
    for key in (Key.OK, Key.RIGHT, Key.OK):
        table.press(key)
    table.read_card("AS")
    table.read_card("AS")
    view = table.view()
    assert isinstance(view, CardsView)
    assert view.message == "A♠ was already played (trick 1): refused"
    assert view.message.key == "cards.played" and view.message.params["trick"] == 1
    for code in ("AD", "KS", "QS", "9D"):  # S did not follow spades in trick 1 ...
        table.read_card(code)
    table.read_card("JS")  # ... and shows a spade in trick 2
    view = table.view()
    assert isinstance(view, CardsView)
    assert view.revokes == ("S revoked T1",) and view.revokes[0].params["seat"] is Seat.S
