"""The table side in one process: [club] in the config, the journal's id and rev, the
club screens (waiting, seating, ROUND OVER, locked menu) and their painters."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from club_helpers import REPO

from hardware.club.link import attach
from hardware.config import ConfigError, load_config
from hardware.journal import Journal
from hardware.resume import commit
from hardware.screens import render
from kaiser_core.cards import Seat, Team
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table, waiting
from kaiser_core.table.club_state import ClubState
from kaiser_core.table.menu import MenuItem, choose
from kaiser_core.views.club import ClubRoundView, ClubWaitView, RoundOverView
from kaiser_core.views.game_over import GameOverView

GOOD = '[club]\nbroker = "10.0.0.5:1884"\nevent = "tue-1"\ntable = 3\n'
ROUND_RULES = {"profile": "standard", "options": {"max_hands": 2}}
HAND = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK".split()  # noqa: SIM905


def round_msg(number: int, ended: bool = False, table: int = 3) -> dict:
    return {
        "round": number,
        "ended": ended,
        "hands_per_round": 2,
        "rules": ROUND_RULES,
        "tables": {str(table): ["Ann", "Bob", "Cy", "Di"], "9": ["E", "F", "G", "H"]},
        "sitting_out": [],
    }


def test_the_club_table_is_read_with_its_defaults(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text(GOOD + 'username = "table-3"\npassword = "pw"\n')
    club = load_config(path).club
    assert club is not None
    assert (club.host, club.port, club.event, club.table) == ("10.0.0.5", 1884, "tue-1", 3)
    assert club.login() == ("table-3", "pw") and club.title == "tue-1"
    path.write_text('[club]\nbroker = "broker.local"\nevent = "e"\ntable = 1\n')
    assert load_config(path).club.port == 1883  # type: ignore[union-attr]
    assert load_config(None).club is None


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[club]\nevent = "e"\ntable = 1\n', "club.broker is missing"),
        ('[club]\nbroker = "h:0"\nevent = "e"\ntable = 1\n', "club.broker must be"),
        ('[club]\nbroker = "h"\nevent = "Tue Night"\ntable = 1\n', "club.event must be"),
        ('[club]\nbroker = "h"\nevent = "e"\ntable = 0\n', "club.table must be"),
        ('[club]\nbroker = "h"\nevent = "e"\ntable = true\n', "club.table must be"),
        ('[club]\nbroker = "h"\nevent = "e"\ntable = 1\npassword = "x"\n', "needs club.username"),
        ('[club]\nbroker = "h"\nevent = "e"\ntable = 1\nport = 1\n', "club.port is not a setting"),
        ("club = 3\n", "[club] must be a table"),
    ],
)
def test_each_mistake_in_club_is_one_line_naming_the_key(tmp_path: Path, text, words) -> None:
    path = tmp_path / "c.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert words in str(err.value) and "\n" not in str(err.value)
    assert str(err.value).startswith(str(path))


@pytest.mark.slow
def test_publish_without_club_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('board = "mock"\n')
    result = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "publish", "--config", str(path)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert result.returncode == 2 and "no [club]" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def table_with_journal(path: Path) -> tuple[Table, Journal]:
    journal = Journal(path, exclusive=True)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    return table, journal


def press(table: Table, journal: Journal, *keys: str) -> None:
    for key in keys:
        commit(journal, table.press(Key.from_name(key)), table)


def test_a_new_database_has_a_journal_id_and_rev_raised_by_every_change_and_undo(
    tmp_path: Path,
) -> None:
    table, journal = table_with_journal(tmp_path / "k.db")
    ident = journal.get("journal")
    assert ident is not None and len(ident) == 16 and journal.get("rev") == "0"
    revs = []
    for key in ["UP", *HAND[:6], "HOLD-B", "OK"]:
        press(table, journal, key)
        revs.append(int(journal.get("rev") or 0))
    assert revs == list(range(1, len(revs) + 1))  # undo (HOLD-B) raises it too
    journal.close()
    again = Journal(tmp_path / "k.db", exclusive=True)
    assert again.get("journal") == ident and again.get("rev") == str(len(revs))
    again.close()


def test_an_older_database_gets_the_ids_and_its_games_are_untouched(tmp_path: Path) -> None:
    table, journal = table_with_journal(tmp_path / "old.db")
    press(table, journal, "UP", *HAND)
    journal.close()
    db = sqlite3.connect(tmp_path / "old.db")
    with db:
        db.execute("DELETE FROM meta WHERE key IN ('journal', 'rev')")  # as before issue 15
    games = db.execute("SELECT * FROM games").fetchall()
    entries = db.execute("SELECT * FROM entries").fetchall()
    db.close()
    journal = Journal(tmp_path / "old.db", exclusive=True)
    assert journal.get("journal") and journal.get("rev") == "0"
    assert journal.db.execute("SELECT * FROM games").fetchall() == games
    assert journal.db.execute("SELECT * FROM entries").fetchall() == entries
    journal.close()


@pytest.mark.slow
def test_recover_makes_a_new_journal_and_keeps_the_club_values(tmp_path: Path) -> None:
    table, journal = table_with_journal(tmp_path / "a.db")
    table.club = ClubState("Tue", 3)
    press(table, journal, "UP")
    old = journal.get("journal")
    journal.close()
    out = tmp_path / "b.db"
    subprocess.run(
        [sys.executable, "-m", "hardware.cli", "recover", "--db", str(tmp_path / "a.db"),
         "--out", str(out)],
        check=True, capture_output=True, cwd=REPO,
    )  # fmt: skip
    new = Journal(out, read_only=True)
    assert new.get("journal") not in (None, old) and new.meta_json("club")["table"] == 3
    new.close()


def club_table() -> Table:
    table = Table(Rules(), names={Team.NS: "Us"}, choose_seat=lambda: Seat.N)
    table.club = ClubState("Tuesday Kaiser", 3)
    return table


def test_waiting_then_the_round_seating_then_its_game_under_its_rules() -> None:
    table = club_table()
    view = table.view()
    assert isinstance(view, ClubWaitView)
    assert (view.event, view.waiting, view.online) == (
        "Tuesday Kaiser",
        "waiting for round 1",
        False,
    )
    waiting.set_broker(table, True)
    assert table.view().broker == "broker reachable"  # type: ignore[union-attr]
    assert waiting.receive(table, round_msg(1)).stored
    view = table.view()
    assert isinstance(view, ClubRoundView) and view.title == "Round 1, table 3"
    assert view.seats == {Seat.N: "Ann", Seat.E: "Bob", Seat.S: "Cy", Seat.W: "Di"}
    change = table.press(Key.LEFT)  # W deals first
    assert change.new_game == Rules.from_spec(ROUND_RULES) and table.game is not None
    assert table.rules.max_hands == 2 and table.names == {Team.NS: "Ann & Cy", Team.EW: "Bob & Di"}
    assert table.club is not None and table.club.seat_names() == {
        "N": "Ann",
        "E": "Bob",
        "S": "Cy",
        "W": "Di",
    }
    assert table.new_game_rules == Rules()  # a later free game has the config's rules


def test_a_round_arriving_mid_game_waits_and_round_over_goes_back_to_it() -> None:
    table = club_table()
    waiting.receive(table, round_msg(1))
    table.press(Key.UP)
    for key in HAND:
        table.press(Key.from_name(key))
    waiting.receive(table, round_msg(2))  # the next round, while round 1's game is on
    assert table.game is not None and not table.game.over
    for key in HAND:
        table.press(Key.from_name(key))
    view = table.view()  # two hands of two: ROUND OVER instead of GAME OVER
    assert isinstance(view, RoundOverView) and view.title == "ROUND 1 OVER"
    assert view.result == "Bob & Di won" and [r.total for r in view.rows] == [22, -2]
    table.press(Key.HOLD_B)  # undo works as always
    assert len(table.game.entries) == 1 and not isinstance(table.view(), RoundOverView)
    for key in HAND[-1:]:
        table.press(Key.from_name(key))
    assert isinstance(table.view(), RoundOverView)
    change = table.press(Key.OK)
    assert not change.abandon and table.game is None
    view = table.view()
    assert isinstance(view, ClubRoundView) and view.title == "Round 2, table 3"
    assert table.names[Team.NS] == "Us"


def test_the_director_ending_the_round_stops_the_game() -> None:
    table = club_table()
    waiting.receive(table, round_msg(1))
    table.press(Key.UP)
    for key in HAND:
        table.press(Key.from_name(key))
    waiting.receive(table, round_msg(1, ended=True))
    view = table.view()
    assert isinstance(view, RoundOverView) and view.result == "ended by the director"
    before = list(table.entries)
    for key in ["HOLD-B", "RIGHT", "UP", "A", "B"]:
        table.press(Key.from_name(key))
    assert table.entries == before  # no more hands for an ended round
    assert table.press(Key.OK).abandon and isinstance(table.view(), ClubWaitView)
    assert table.view().waiting == "waiting for round 2"  # type: ignore[union-attr]


def test_a_round_without_this_table_or_a_bad_message_keeps_it_waiting() -> None:
    table = club_table()
    waiting.receive(table, round_msg(1, table=4))
    assert table.view().waiting == "waiting for round 2"  # type: ignore[union-attr]
    waiting.receive(table, {"round": "two"})
    assert "round message refused" in table.view().message
    table.press(Key.UP)  # a free game, not the round's
    assert table.club is not None and table.club.game_round is None and table.game is not None


def test_the_menu_locks_rules_and_new_game_during_the_round() -> None:
    table = club_table()
    waiting.receive(table, round_msg(1))
    table.press(Key.UP)
    table.press(Key.HOLD_OK)
    for item in (MenuItem.RULES, MenuItem.NEW_GAME):
        choose(table, item)
        assert table.ui.message == "locked in club play"
    table.press(Key.HOLD_OK)
    free = Table(Rules())
    choose(free, MenuItem.RULES)
    assert free.ui.message != "locked in club play"


def test_the_club_state_is_journaled_and_resumed(tmp_path: Path) -> None:
    table, journal = table_with_journal(tmp_path / "k.db")
    table.club = ClubState("Tue", 3)
    commit(journal, waiting.receive(table, round_msg(1)), table)
    press(table, journal, "UP", *HAND)
    assert journal.get("club.round.1") == "1"
    journal.close()
    journal = Journal(tmp_path / "k.db", exclusive=True)
    again = Table(Rules())
    from hardware.resume import resume

    resume(journal, again)

    class Host:  # what attach needs of the scorer
        pass

    host = Host()
    host.apply, host.journal = again.handle, journal  # type: ignore[attr-defined]
    from hardware.club.config import ClubConfig

    attach(host, ClubConfig("h", 1883, "tue", 3, "Tue"))  # type: ignore[arg-type]
    assert again.club is not None and again.club.game_round == 1
    assert again.names[Team.EW] == "Bob & Di" and len(again.game.entries) == 1
    assert journal.game(1).names == {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    journal.close()


@pytest.mark.parametrize("kind", ["wait", "round", "over"])
def test_the_club_screens_paint(kind: str) -> None:
    table = club_table()
    if kind != "wait":
        waiting.receive(table, round_msg(1))
    if kind == "over":
        table.press(Key.UP)
        for key in HAND * 2:
            table.press(Key.from_name(key))
    view = table.view()
    assert not isinstance(view, GameOverView)
    image = render(view)
    assert image.getbbox() is not None  # something is drawn


def test_the_last_round_ended_says_the_event_is_over_and_survives_a_restart() -> None:
    table = club_table()
    waiting.receive(table, round_msg(1))
    table.press(Key.UP)
    for key in HAND:
        table.press(Key.from_name(key))
    waiting.receive(table, {**round_msg(1, ended=True), "final": True})
    assert isinstance(table.view(), RoundOverView)
    table.press(Key.OK)
    view = table.view()
    assert isinstance(view, ClubWaitView) and view.waiting == "the event is over"
    assert table.club is not None
    again = ClubState.from_json(table.club.to_json(), table.club.event, table.club.table)
    assert again.latest is not None and again.latest.final
