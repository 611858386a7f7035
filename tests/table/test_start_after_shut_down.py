"""Issue 22: the start after the menu's "Shut down" opens on the game, not on that item.

Played with the real ``kaiser-scorer run --board mock --keys`` (the mock board has nothing
to power off: "Shut down" only stops it, as the Pi's poweroff ends the service), started
again on the same database with ``--screenshots``: its first frame is the screen the game
was on before the menu, and the first OK there does what it does on that screen.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Scorer
from PIL import Image, ImageChops

from hardware.journal import Journal
from hardware.screens import render
from kaiser_core.cards import Seat
from kaiser_core.messages import Message
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table

SHUT_DOWN = ["HOLD-OK", "UP", "OK"]  # the menu; up from the top wraps to Shut down; choose


def frames(folder: Path) -> list[Image.Image]:
    return [Image.open(p).convert("1") for p in sorted(folder.glob("frame-*.png"))]


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a.convert("1"), b.convert("1")).getbbox() is None


def stored_screen(db: Path) -> tuple[Screen, tuple[Screen, ...], str]:
    journal = Journal(db)
    try:
        ui = journal.saved().ui
        return ui.screen, ui.stack, str(ui.message)
    finally:
        journal.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    "before",
    [["UP"], ["UP", "OK", "RIGHT", "RIGHT", "UP", "OK", "RIGHT", "DOWN"]],
    ids=["score", "tricks"],
)
def test_the_start_after_shut_down_opens_where_the_game_was(
    scorer: Scorer, tmp_path: Path, before: list[str]
) -> None:
    first = tmp_path / "first"
    played = scorer.run([*before, *SHUT_DOWN, "UP"], "--screenshots", str(first))
    assert played.stdout.split()[-2:] == [str(len(before) + 3), "OK"]  # "UP" never pressed
    shots = frames(first)

    table = Table(Rules(), choose_seat=lambda: Seat.N)  # the same keys without the hardware
    for name in before:
        table.press(Key(name))
    game = render(table.view())
    home = table.ui.screen
    assert same(shots[-4], game)  # the game, then the menu, Shut down, "shutting down"

    again = tmp_path / "again"
    scorer.run([], "--screenshots", str(again))
    assert same(frames(again)[0], game), "the start after Shut down is not on the game"
    assert stored_screen(scorer.db) == (home, (), "")
    for name in SHUT_DOWN:
        table.press(Key(name))
    assert (table.ui.screen, table.ui.stack) == (home, ())  # the menu closed as it is stored
    table.say(Message("menu.shutting_down"))
    assert same(shots[-1], render(table.view()))  # said over the game while it powers off

    then = tmp_path / "then"
    scorer.run(["OK"], "--screenshots", str(then))  # the first OK does what it does there
    table.press(Key.OK)
    assert stored_screen(scorer.db)[0] is table.ui.screen
    assert same(frames(then)[-1], render(table.view()))
