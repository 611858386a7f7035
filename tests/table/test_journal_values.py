"""Issue 24: the journal stores values and hands values back; it never writes into the
table. What it reads after a commit (the series standings, the finished games) comes back
from ``Journal.store`` as a ``Journaled`` event, and only the table's ``handle`` takes it.

Played on a real journal file: a series game started (its standings read back), then a
game to 10 played to its end and left (the finished game read back for the History).
"""

from __future__ import annotations

from pathlib import Path

from scripts import per_trick_hand

from hardware.config import parse_config
from hardware.journal import Journal
from hardware.resume import resume
from kaiser_core.cards import Seat
from kaiser_core.table import Key, Screen, Table

#: Game to 10: N deals, E wins 8 hearts with 11 (TABLE.md's example): EW 11, NS -1, over.
WIN = per_trick_hand("E", 8, "H", list("ESEEWNEW"), 4, 6)


def open_table(db: Path, options: dict[str, object]) -> tuple[Journal, Table]:
    cfg = parse_config({"game": {"options": options}})
    journal = Journal(db, exclusive=True)
    table = Table(cfg.rules, choose_seat=lambda: Seat.N)
    resume(journal, table)
    return journal, table


def test_the_series_standings_come_back_as_a_value(tmp_path: Path) -> None:
    journal, table = open_table(tmp_path / "kaiser.db", {"series": True})
    change = table.press(Key.UP)  # N deals: a new game of the series
    read_back = journal.store(change, table)
    assert table.series is None, "the journal wrote the standings into the table"
    assert read_back is not None and read_back.series == (0, 0)
    table.handle(read_back)
    assert table.series == (0, 0)
    journal.close()


def test_the_finished_game_comes_back_as_a_value(tmp_path: Path) -> None:
    journal, table = open_table(tmp_path / "kaiser.db", {"target": 10})
    for name in ("UP", *WIN):
        journal.store(table.press(Key.from_name(name)), table)
    assert table.ui.screen is Screen.GAME_OVER
    listed = table.past  # read from the journal when first asked for
    read_back = journal.store(table.press(Key.OK), table)  # GAME OVER -> NEW GAME: left
    assert table.past is listed, "the journal wrote the finished games into the table"
    assert read_back is not None and read_back.past is not None
    assert [game.number for game in read_back.past] == [1]
    assert read_back.past[0].totals == (-1, 11)
    table.handle(read_back)
    assert table.past == list(read_back.past)
    journal.close()
