"""The UI state in the journal: old stored forms resume on the same screen; the overlay stack;
each screen's own state."""

from __future__ import annotations

import dataclasses
import json

import pytest

from kaiser_core.cards import FIVE_HEARTS, Card, Seat, Suit, Team
from kaiser_core.entries import (
    KINDS,
    CardEntry,
    ConfirmEntry,
    ContractEntry,
    Mode,
    RedealEntry,
    SpecialEntry,
    Start,
    TableEntry,
    TakenEntry,
    TrickEntry,
    entry_from_json,
    entry_to_json,
)
from kaiser_core.errors import KaiserError
from kaiser_core.rules import Rules
from kaiser_core.table import SCREENS, Key, Saved, Scene, Screen, Table, describe, read_scene
from kaiser_core.table.ui import read_state, state_json

# What the code before the screen stack stored, for a game at trick 1 (E bid 7♠):
# the tricks screen, the menu over it, and the rules list opened from that menu.
OLD_COMMON = (
    '"bidder": "E", "number": 7, "trump": 0, "low": false, "mark_five": false,'
    ' "mark_three": false, "quick_tricks": 4, "quick_five": "", "quick_three": "",'
)
OLD_TAIL = ' "teach_index": 0, "mode": "per-trick", "flipped": false, "message": ""}'
OLD_TRICKS = (
    '{"screen": "tricks", ' + OLD_COMMON + ' "menu_index": 0, "back": "score",'
    ' "list_kind": "", "list_index": 0,' + OLD_TAIL
)
OLD_MENU = (
    '{"screen": "menu", ' + OLD_COMMON + ' "menu_index": 0, "back": "tricks",'
    ' "list_kind": "", "list_index": 0,' + OLD_TAIL
)
OLD_LIST = (
    '{"screen": "list", ' + OLD_COMMON + ' "menu_index": 3, "back": "tricks",'
    ' "list_kind": "rules", "list_index": 0,' + OLD_TAIL
)
ENTRIES: list[TableEntry] = [Start(Seat.N), ContractEntry(Seat.E, 7, Suit.S)]


def resumed(stored: str) -> Table:
    table = Table(Rules())
    table.load(Rules(), list(ENTRIES), read_scene(json.loads(stored)))
    return table


def test_an_old_stored_screen_resumes_where_it_was():
    table = resumed(OLD_TRICKS)
    assert table.ui.screen is Screen.TRICKS and table.ui.stack == ()
    contract = table.view().contract  # type: ignore[attr-defined]
    assert contract.bidder is Seat.E and contract.number == 7  # the bid cursors: in the entries


def test_an_old_menu_resumes_over_its_screen_and_b_returns_there():
    table = resumed(OLD_MENU)
    assert table.ui.screen is Screen.MENU and table.ui.stack == (Screen.TRICKS,)
    table.press(Key.B)
    assert table.ui.screen is Screen.TRICKS and table.ui.stack == ()


def test_an_old_list_resumes_and_goes_back_through_the_menu():
    table = resumed(OLD_LIST)
    assert table.ui.screen is Screen.LIST and table.ui.state.list_kind == "rules"
    assert table.ui.layers[1].state.menu_index == 3  # the menu under the list
    table.press(Key.B)
    assert table.ui.screen is Screen.MENU
    table.press(Key.B)
    assert table.ui.screen is Screen.TRICKS


def test_an_overlay_over_a_screen_the_entries_left_falls_back_home():
    stored = json.loads(OLD_MENU)
    stored["back"] = "bid"  # the contract is entered: BID does not fit any more
    table = Table(Rules())
    table.load(Rules(), list(ENTRIES), read_scene(stored))
    assert table.ui.screen is Screen.TRICKS and table.ui.stack == ()


def test_the_stack_round_trips_and_hold_ok_closes_every_overlay():
    table = resumed(OLD_TRICKS)
    table.press(Key.HOLD_OK)
    for _ in range(3):
        table.press(Key.DOWN)
    table.press(Key.OK)  # Rules
    assert table.ui.stack == (Screen.TRICKS, Screen.MENU)
    data = json.loads(json.dumps(table.ui.to_json()))
    assert [layer["screen"] for layer in data["layers"]] == ["tricks", "menu", "list"]
    assert data["version"] == 2 and "back" not in data and "stack" not in data
    assert read_scene(data) == table.ui
    table.press(Key.HOLD_OK)
    assert table.ui.screen is Screen.TRICKS and table.ui.stack == ()


def test_bad_stack_values_fall_back_to_no_stack():
    ui = read_scene({"screen": "menu", "stack": ["nowhere"]})
    assert ui.screen is Screen.MENU and ui.stack == ()
    assert read_scene({"screen": "menu", "stack": 3}).stack == ()


def test_a_screen_is_its_name_and_the_list_names_every_screen():
    assert Screen("bid") is Screen.BID and Screen.BID in SCREENS
    assert [s.value for s in SCREENS][:2] == ["new-game", "score"]
    for bad in ("Nowhere", "", "no where", 3):
        with pytest.raises(ValueError):
            Screen(bad)  # type: ignore[arg-type]
    assert Scene.at(Screen.SCORE).screen is Screen.SCORE


def test_every_screen_owns_a_frozen_state_that_round_trips_through_json():
    table = Table(Rules())
    kinds = {screen: table.pages[screen].state for screen in SCREENS}
    for screen, kind in kinds.items():
        assert dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen, screen
        state = kind()
        assert read_state(kind, json.loads(json.dumps(state_json(state)))) == state
    # the cursors of the old shared Ui each belong to one screen now
    owners = {f.name: s for s, k in kinds.items() for f in dataclasses.fields(k)}
    assert owners["bidder"] is Screen.BID and owners["mark_five"] is Screen.TRICKS
    assert owners["quick_tricks"] is Screen.QUICK and owners["menu_index"] is Screen.MENU
    assert len(owners) == sum(len(dataclasses.fields(k)) for k in set(kinds.values()))


SAMPLES: list[tuple[TableEntry, str]] = [
    (Start(Seat.W), "start"),
    (RedealEntry(), "redeal"),
    (ContractEntry(Seat.E, 8, Suit.H, low=True, mode=Mode.PER_HAND), "contract E 8♥"),
    (ContractEntry(Seat.W, 7, None), "contract W 7NT"),
    (TrickEntry(Seat.S, five=True), "trick to S"),
    (CardEntry(Card.from_code("TH")), "card 10♥"),
    (SpecialEntry(FIVE_HEARTS, Seat.N), "5♥ to N"),
    (TakenEntry(5, "bidders", "defenders"), "hand's tricks"),
    (ConfirmEntry(), "confirmed hand"),
]


@pytest.mark.parametrize(("entry", "text"), SAMPLES)
def test_each_entry_kind_reads_back_and_describes_itself(entry: TableEntry, text: str):
    data = json.loads(json.dumps(entry_to_json(entry)))
    assert KINDS[data["kind"]] is type(entry)
    assert entry_from_json(data) == entry
    assert describe(entry) == text


def test_every_entry_class_is_a_kind():
    assert {type(e) for e, _ in SAMPLES} == set(KINDS.values())


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "contract", "bidder": "E", "number": True, "trump": None, "low": 0, "mode": "x"},
        {"kind": "taken", "bidders_tricks": 3, "five": "us", "three": "bidders"},
        {"kind": "trick"},
        {"kind": ["trick"]},
        {"kind": "nothing"},
        ["trick"],
    ],
)
def test_bad_entries_are_refused(data: object):
    with pytest.raises(KaiserError):
        entry_from_json(data)


def test_a_table_resumes_from_the_values_a_journal_hands_back():
    saved = Saved(
        Rules(),
        tuple(ENTRIES),
        read_scene(json.loads(OLD_MENU)),
        {Team.NS: "Us"},
        (2, 1),
    )
    table = Table(Rules(), names={Team.EW: "Them"})
    table.resume(saved)
    assert table.ui.screen is Screen.MENU and table.ui.stack == (Screen.TRICKS,)
    assert table.names == {Team.NS: "Us", Team.EW: "Them"} and table.series == (2, 1)
    assert table.entries == ENTRIES
    with pytest.raises(KaiserError):
        table.resume(Saved(Rules(), (ContractEntry(Seat.E, 7, Suit.S),)))
