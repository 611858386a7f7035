"""The scorer stores a finished game's digest as it ends, and drops it when an undo takes
the finish back (the home pages then work the game out afresh)."""

from __future__ import annotations

from scripts import per_trick_hand
from uxb_play import Room

from hardware import digest
from hardware.app import export_game
from hardware.config import parse_config

WIN = per_trick_hand("E", 8, "H", list("ESEEWNEW"), 4, 6)  # to 10: EW wins in one hand
CFG = {"names": {"NS": "Us", "EW": "Them"}, "game": {"options": {"target": 10}}}


def stored(room: Room) -> dict:
    return digest.load(room.journal.db, [1])


def rows(room: Room) -> int:
    return room.journal.db.execute("SELECT count(*) FROM digests").fetchone()[0]


def test_a_finished_games_digest_is_stored_dropped_by_undo_and_stored_again(tmp_path) -> None:
    room = Room(tmp_path / "kaiser.db", parse_config(CFG))
    room.press("UP", *WIN[:-1])
    assert stored(room) == {}  # playing: nothing stored
    room.press(WIN[-1])
    first = stored(room)[1]
    assert first == digest.digest(export_game(room.journal, 1))
    assert first["row"]["winner"] == "EW" and first["row"]["totals"] == {"NS": -1, "EW": 11}
    room.press("HOLD-B")  # the finish taken back: the game goes on
    assert stored(room) == {} and rows(room) == 0  # not merely hidden: gone
    room.press("OK")  # and finished again
    assert stored(room)[1] == first
    room.close()


def test_the_home_pages_follow_the_game_being_played(tmp_path) -> None:
    """The web's data, refreshed while the scorer plays: the current game's row, its undo
    and its finish, then a new game; the statistics equal a full recompute each time."""
    from hardware.web.home import journal_games, open_read_only
    from hardware.web.home_data import HomeData
    from kaiser_core.stats import GameInput, player_stats

    db = tmp_path / "kaiser.db"
    room = Room(db, parse_config(CFG))
    data = HomeData(db, open_read_only)

    def check() -> list[tuple[int, int, str | None]]:
        records = [r for _, r in journal_games(db)]
        assert data.stats() == player_stats(GameInput(r) for r in records)
        rows, count = data.rows(0)
        assert count == len(records)
        return [(r["number"], r["hands"], r["winner"]) for r in rows]

    room.press("UP", *WIN[:-1])
    assert check() == [(1, 0, None)]
    room.press(WIN[-1])
    assert check() == [(1, 1, "EW")]
    room.press("HOLD-B")  # the finish taken back
    assert check() == [(1, 0, None)]
    room.press("OK", "OK", "UP")  # finished again; NEW GAME; a second game
    assert check() == [(2, 0, None), (1, 1, "EW")]
    room.close()
