"""Issue 24: ``Flip`` is a real request handled by the display, and the board's sinks come
from one list (``hardware.boards.SINKS``).

The picture is checked on luma's ``dummy`` device (it keeps the last image it was sent):
after the table's ``Flip`` request the frame is the view turned by 180 degrees. Before,
``Flip`` went to a handler that did nothing and each frame copied the table's state.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from hardware.boards import SINKS, build, make_sinks
from hardware.config import parse_config
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import Scorer
from hardware.screens import render
from hardware.sinks.wake import WakeSink
from hardware.sinks.watchdog import WatchdogSink
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import MenuItem, Table
from kaiser_core.table.requests import Flip


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


def shown(scorer: Scorer) -> Image.Image:
    image: Image.Image = scorer.display.device.image
    return image.copy()


def test_a_flip_request_turns_the_picture_on_the_device(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "kaiser.db")
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    scorer = Scorer(table, journal, Display(dummy_factory()), render)
    scorer.refresh()
    upright = render(table.view())
    assert same(shown(scorer), upright) and not same(upright, upright.rotate(180))
    scorer.dispatch(Flip(True))  # the request alone, as the loop hands it on after the commit
    scorer.refresh()
    assert same(shown(scorer), upright.transpose(Image.Transpose.ROTATE_180))
    scorer.dispatch(Flip(True))  # the same state again (a repeat): still turned
    scorer.refresh()
    assert same(shown(scorer), upright.transpose(Image.Transpose.ROTATE_180))
    scorer.dispatch(Flip(False))
    scorer.refresh()
    assert same(shown(scorer), upright)
    journal.close()


@pytest.mark.slow
def test_the_menus_flip_turns_the_picture_and_a_restart_keeps_it(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    journal = Journal(db)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    scorer = Scorer(table, journal, Display(dummy_factory()), render)
    for name in ["HOLD-OK", *["DOWN"] * table.menu_items().index(MenuItem.FLIP), "OK", "B"]:
        scorer.key(name)
    scorer.call(scorer.stop)
    scorer.run()
    assert table.ui.flipped and scorer.display.flipped
    assert same(shown(scorer), render(table.view()).transpose(Image.Transpose.ROTATE_180))
    journal.close()
    again_journal = Journal(db)
    again = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(again_journal, again)
    restarted = Scorer(again, again_journal, Display(dummy_factory()), render)
    restarted.refresh()  # the stored flip: the first frame is already turned
    assert same(shown(restarted), render(again.view()).transpose(Image.Transpose.ROTATE_180))
    again_journal.close()


@pytest.mark.slow
def test_the_sinks_come_from_the_one_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert [name for name, _ in SINKS] == [
        "hardware.sinks.wake",
        "hardware.sinks.watchdog",
        "hardware.sinks.voice",
    ]
    monkeypatch.delenv("WATCHDOG_USEC", raising=False)
    plain = parse_config({})
    assert make_sinks(plain) == []
    club = parse_config(
        {"club": {"broker": "h", "event": "e", "table": 1, "socket": str(tmp_path / "w")}}
    )
    monkeypatch.setenv("WATCHDOG_USEC", "15000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    made = make_sinks(club)
    assert [type(s) for s in made] == [WakeSink, WatchdogSink]
    board = build("mock", club, argparse.Namespace(db=str(tmp_path / "k.db")), keys=["OK"])
    assert [type(s) for s in board.sinks] == [WakeSink, WatchdogSink]
    for sink in (*made, *board.sinks):
        getattr(sink, "close", lambda: None)()
