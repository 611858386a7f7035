"""Names everywhere: messages name the teams as the rows do; players per seat from the
config or picked from a roster on NEW GAME; stored with the game and back after a restart."""

from __future__ import annotations

import json
import sqlite3

import pytest
from scripts import per_trick_hand
from uxb_play import Room, restart

from hardware.config import ConfigError, parse_config
from hardware.history import seats_of
from kaiser_core.cards import Seat, Team
from kaiser_core.messages import Message
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table
from kaiser_core.table.club_state import ClubState
from kaiser_core.views.game_over import GameOverView
from kaiser_core.views.summary import SummaryView

pytestmark = pytest.mark.slow

#: N deals; W wins 7 NT and takes every trick but one: W's NT is doubled.
NT_HAND = per_trick_hand("W", 7, None, list("WWEWWNWW"), 1, 6)[:-1]  # up to SUMMARY


def keys(table: Table, *names: str) -> None:
    for name in names:
        table.press(Key.from_name(name))


def test_summary_reasons_name_the_teams_as_the_rows_do():
    table = Table(Rules(), names={Team.NS: "Us", Team.EW: "Them"})
    keys(table, "UP", *NT_HAND)
    view = table.view()
    assert isinstance(view, SummaryView)
    assert (view.ns.name, view.ew.name) == ("Us", "Them")
    nt = [n for n in view.notes if getattr(n, "key", "") == "score.nt_times"]
    assert nt == ["Them NT x2"]
    assert not any("EW" in n or "NS" in n for n in view.notes)


def test_without_names_the_reasons_keep_the_codes_and_their_values():
    table = Table(Rules())
    keys(table, "UP", *NT_HAND)
    view = table.view()
    assert isinstance(view, SummaryView)
    nt = [n for n in view.notes if isinstance(n, Message) and n.key == "score.nt_times"]
    assert nt == ["EW NT x2"] and nt[0].params["team"] is Team.EW


def test_the_game_over_reason_names_the_team():
    table = Table(Rules(losing_total=-5), names={Team.NS: "Us", Team.EW: "Them"})
    keys(table, "UP", *per_trick_hand("E", 12, "H", list("EENNNNNN"), 3, 4))
    view = table.view()
    assert isinstance(view, GameOverView)
    assert "Them" in view.reason and "EW" not in view.reason


def test_config_names_seats_and_a_roster_and_old_configs_stay_valid():
    cfg = parse_config({"names": {"NS": "Us", "N": " Ann ", "W": "Dee"}})
    assert cfg.names == {Team.NS: "Us"} and cfg.seats == {Seat.N: "Ann", Seat.W: "Dee"}
    assert cfg.roster == ()
    cfg = parse_config({"names": {"roster": ["Ann", "Bob", "Cy", "Dee", "Eve"]}})
    assert cfg.roster == ("Ann", "Bob", "Cy", "Dee", "Eve")
    old = parse_config({"names": {"NS": "Us", "EW": "Them"}})
    assert old.names == {Team.NS: "Us", Team.EW: "Them"} and not old.seats


@pytest.mark.parametrize(
    ("names", "says"),
    [
        ({"X": "Ann"}, "names.X is not a setting"),
        ({"N": ""}, "names.N must be a name of 1 to 24"),
        ({"roster": ["Ann", "Bob", "Cy"]}, "names.roster must be a list of 4"),
        ({"roster": "Ann"}, "names.roster must be a list"),
        ({"roster": ["Ann", "Bob", "Cy", "ann"]}, "names a player twice"),
        ({"roster": ["Ann", "Bob", "Cy", 4]}, "names.roster[4] must be a name"),
    ],
)
def test_bad_names_are_one_clear_line(names, says):
    with pytest.raises(ConfigError, match=says.replace("[", r"\[")):
        parse_config({"names": names})


ROSTER = {"names": {"roster": ["Ann", "Bob", "Cy", "Dee", "Eve"]}}


def test_with_a_roster_new_game_picks_each_seats_player_with_the_joystick(tmp_path):
    db = tmp_path / "kaiser.db"
    cfg = parse_config(ROSTER)
    room = Room(db, cfg)
    view = room.table.view()
    assert view.picking is Seat.N and dict(view.seats) == {
        Seat.N: "Ann",
        Seat.E: "Bob",
        Seat.S: "Cy",
        Seat.W: "Dee",
    }
    room.press("DOWN")  # N: Bob and Cy and Dee sit: Eve
    room.press("RIGHT", "RIGHT", "UP")  # S: back from Cy, past Bob (E): Ann is free
    view = room.table.view()
    assert view.picking is Seat.S
    assert [view.seats[s] for s in Seat] == ["Eve", "Bob", "Ann", "Dee"]
    room = restart(room, db, cfg)  # the picks are part of the stored screen state
    assert room.table.view().picking is Seat.S
    room.press("OK")  # on to the dealer: the contract keys from here
    assert room.table.view().picking is None and room.table.view().names_back
    room.press("B")  # back to the names, and on again
    assert room.table.view().picking is Seat.S
    room.press("OK", "RIGHT")  # E deals
    assert room.table.ui.screen is Screen.SCORE
    assert room.table.seat_names == {Seat.N: "Eve", Seat.E: "Bob", Seat.S: "Ann", Seat.W: "Dee"}
    assert room.table.names == {Team.NS: "Eve & Ann", Team.EW: "Bob & Dee"}
    row = sqlite3.connect(db).execute("SELECT names FROM games").fetchone()
    stored = json.loads(row[0])
    assert seats_of(stored) == room.table.seat_names and stored["NS"] == "Eve & Ann"
    room = restart(room, db, cfg)
    assert room.table.seat_names == {Seat.N: "Eve", Seat.E: "Bob", Seat.S: "Ann", Seat.W: "Dee"}
    assert room.table.names[Team.EW] == "Bob & Dee"
    room.close()


def test_a_seat_named_twice_is_refused_and_four_players_swap():
    table = Table(Rules(), roster=["Ann", "Bob", "Cy", "Dee"])
    keys(table, "DOWN")  # every name sits: N and E swap
    assert [table.view().seats[s] for s in Seat] == ["Bob", "Ann", "Cy", "Dee"]
    table.set(names_picks=(0, 0, 2, 3))  # a bad stored pick
    keys(table, "OK")
    assert table.ui.message == "Ann sits twice: change one"
    assert table.view().picking is Seat.N


def test_without_a_roster_new_game_keys_are_as_table_md_says():
    table = Table(Rules(), seats={Seat.N: "Ann"})
    view = table.view()
    assert view.picking is None and view.seats == {Seat.N: "Ann"} and not view.names_back
    keys(table, "B")  # nothing to go back to
    assert table.ui.screen is Screen.NEW_GAME and table.game is None
    keys(table, "LEFT")  # W deals at once
    assert table.ui.screen is Screen.SCORE and table.game.first_dealer is Seat.W


def test_club_play_seats_its_players_itself_even_with_a_roster():
    table = Table(Rules(), roster=["Ann", "Bob", "Cy", "Dee"])
    table.club = ClubState(event="spring", table=1)
    assert table.view().__class__.__name__ == "ClubWaitView"
    keys(table, "UP")  # a free game while waiting: no names step
    assert table.ui.screen is Screen.SCORE


def test_the_record_and_the_web_sheet_show_the_players(tmp_path):
    from hardware.app import export_game
    from kaiser_core.sheet import build_sheet

    db = tmp_path / "kaiser.db"
    room = Room(db, parse_config({"names": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Dee"}}))
    room.press("UP")
    record = export_game(room.journal, 1)
    assert record["names"] == {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Dee"}
    assert build_sheet(record)["names"]["W"] == "Dee"
    room.close()


def test_the_scorer_command_seats_the_roster_and_exports_the_players(scorer, tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[names]\nEW = "Them"\nroster = ["Ann", "Bob", "Cy", "Dee", "Eve"]\n')
    # N picks Eve; OK: on to the dealer; UP: N deals; then TABLE.md's example hand
    hand = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK"
    scorer.run(f"UP OK UP {hand}", "--config", str(config))
    record = scorer.export()
    players = {"N": "Eve", "E": "Bob", "S": "Cy", "W": "Dee"}
    assert record["names"] == {"NS": "Eve & Cy", "EW": "Them", **players}
    assert record["first_dealer"] == "N" and len(record["hands"]) == 1
