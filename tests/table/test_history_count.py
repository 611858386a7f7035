"""History counts hands as SCORE's # and the web sheet do (issue 27: a redeal was counted
as a hand), and names the teams in the table's language (it showed "NS / EW" in every
language)."""

from __future__ import annotations

from hardware import i18n
from kaiser_core.cards import Seat
from kaiser_core.modes import Mode
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table
from kaiser_core.table.menu import MenuItem
from kaiser_core.views.contract import ScoreView
from kaiser_core.views.lists import ListView

#: From SCORE, per hand: N wins 7♠ and takes all 8 tricks.
HAND = "OK UP UP OK UP UP UP UP OK OK"
REDEAL = "OK A"  # BIDDER: A redeals


def keys(table: Table, names: str) -> None:
    for name in names.split():
        table.press(Key.from_name(name))


def hands_list(table: Table) -> ListView:
    keys(table, "HOLD-OK")
    for _ in range(table.menu_items().index(MenuItem.HISTORY)):
        table.press(Key.DOWN)
    keys(table, "OK OK")  # History, then this game's hands
    view = table.view()
    assert isinstance(view, ListView)
    return view


def game() -> Table:
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    table.choose(mode=Mode.PER_HAND)
    table.press(Key.UP)
    keys(table, f"{HAND} {REDEAL} {HAND}")
    return table


def test_a_redeal_is_not_numbered_as_a_hand() -> None:
    table = game()
    score = table.view()
    assert isinstance(score, ScoreView) and score.hand_number == 3  # two hands played
    lines = [str(line) for line in hands_list(table).lines]
    numbered = [line for line in lines if line[:1].isdigit()]
    assert [line.split(".")[0] for line in numbered] == ["1", "2"], lines
    assert any("redealt" in line for line in lines), lines


def test_the_hands_title_names_the_teams_in_the_tables_language() -> None:
    view = hands_list(game())
    i18n.set_language("ru")
    try:
        title = i18n.localize(view.title)
    finally:
        i18n.set_language("en")
    assert "NS" not in title and "EW" not in title, title
    assert "СЮ" in title and "ВЗ" in title, title
