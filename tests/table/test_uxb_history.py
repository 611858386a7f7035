"""History across games: the finished games (date, names, totals, winner) and each one's
hands with readable changes, still there after NEW GAME and after a restart."""

from __future__ import annotations

import time

import pytest
from scripts import per_trick_hand
from uxb_play import Room, restart

from hardware import history
from hardware.config import parse_config
from kaiser_core.table import Screen

#: Game to 10: N deals, E wins 8 hearts with 11 (TABLE.md's example): EW 11, NS -1, over.
WIN = per_trick_hand("E", 8, "H", list("ESEEWNEW"), 4, 6)
CFG = {"names": {"NS": "Us", "EW": "Them"}, "game": {"options": {"target": 10}}}
#: From 0 in the menu: UP wraps to Shut down, so History is 5 down.
HISTORY = ["HOLD-OK", *["DOWN"] * 5, "OK"]


@pytest.fixture
def dated(monkeypatch):
    when = time.mktime((2026, 11, 28, 20, 15, 0, 0, 0, -1))
    monkeypatch.setattr(history, "clock", lambda: when)


def lines(room: Room) -> list[str]:
    return [str(line) for line in room.table.view().lines]


def test_finished_games_stay_in_history_after_new_game_and_a_restart(tmp_path, dated):
    db = tmp_path / "kaiser.db"
    cfg = parse_config(CFG)
    room = Room(db, cfg)
    room.press("UP", *WIN)
    assert room.table.ui.screen is Screen.GAME_OVER
    room.press("OK")  # GAME OVER -> NEW GAME
    assert room.table.ui.screen is Screen.NEW_GAME and room.table.game is None
    room.press(*HISTORY)
    assert room.table.view().title == "Games"
    assert lines(room) == ["2026-11-28 20:15 Us -1, Them 11: Them won"]
    room.press("OK")  # the game's hands
    assert room.table.view().title == "Us / Them"
    assert lines(room) == ["1. E 8♥ made -1 / +11 (-1 / 11)"]
    room.press("B")  # back to the games
    assert room.table.view().title == "Games"
    room.press("B", "B")  # the menu, then NEW GAME again
    room.press("LEFT", "OK", "RIGHT")  # a second game: W deals, E to bid ...
    room.press("B", "B")  # ... not yet
    room = restart(room, db, cfg)
    room.press(*HISTORY)
    assert lines(room) == [
        "This game: Us 0, Them 0",
        "2026-11-28 20:15 Us -1, Them 11: Them won",
    ]
    room.press("DOWN", "OK")
    assert lines(room) == ["1. E 8♥ made -1 / +11 (-1 / 11)"]
    room.close()


def test_an_abandoned_game_is_not_listed_and_an_undone_finish_leaves_the_list(tmp_path, dated):
    db = tmp_path / "kaiser.db"
    cfg = parse_config(CFG)
    room = Room(db, cfg)
    room.press("UP", *WIN)
    room.press("HOLD-B")  # the finish taken back: the game goes on
    room.press("OK")  # and finished again
    room.press("OK", "UP")  # NEW GAME, then a second game (N deals)
    room.press(*per_trick_hand("E", 8, "H", list("NNNNNNSW"), 1, 2)[:4])  # a contract
    room.press("HOLD-OK", *["DOWN"] * 4, "OK", "OK")  # MENU > New game > yes: abandoned
    room.press("UP", *HISTORY)  # a third game
    listed = lines(room)
    assert listed[0] == "This game: Us 0, Them 0" and len(listed) == 2
    assert room.table.past[0].number == 1 and len(room.table.past) == 1
    room.close()


def test_old_games_without_a_date_are_listed_by_number(tmp_path):
    db = tmp_path / "kaiser.db"
    cfg = parse_config(CFG)
    room = Room(db, cfg)
    room.press("UP", *WIN, "OK")
    room.journal.db.execute("DELETE FROM meta WHERE key LIKE 'ended:%'")
    room = restart(room, db, cfg)
    room.press(*HISTORY)
    assert lines(room) == ["Game 1: Us -1, Them 11: Them won"]
    room.close()


def test_no_game_yet_says_so(tmp_path):
    room = Room(tmp_path / "kaiser.db")
    room.press(*HISTORY)
    assert lines(room) == ["no games yet"]
    room.press("OK")  # nothing to open: back to the menu
    assert room.table.ui.screen is Screen.MENU
    room.close()
