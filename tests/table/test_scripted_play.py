"""Whole games through the real ``run --board mock --keys`` and ``export``."""

from __future__ import annotations

import hashlib

import pytest
from scripts import Rulebook, per_hand_hand, per_trick_hand

pytestmark = pytest.mark.slow

TABLE_EXAMPLE = """\
UP
OK RIGHT UP UP RIGHT OK
RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT
OK
"""


def test_table_md_example_gives_ns_minus_1_ew_11(scorer):
    result = scorer.run(TABLE_EXAMPLE)
    acks = result.stdout.splitlines()
    assert acks[0] == "ok 1 UP" and acks[-1] == "ok 18 OK" and len(acks) == 18
    record = scorer.export()
    assert record["first_dealer"] == "N"
    assert record["hands"] == [
        {
            "contract": {"bidder": "E", "bid": 8, "no_trump": False},
            "trump": "H",
            "tricks": ["E", "S", "E", "E", "W", "N", "E", "W"],
            "five_hearts": "E",
            "three_spades": "N",
        }
    ]
    scored = scorer.score(record)
    assert scored["totals"] == {"NS": -1, "EW": 11}
    assert scored["next_dealer"] == "E"  # and S bids first


def test_a_game_in_both_modes_with_redeals_and_undo(scorer):
    keys = ["LEFT"]  # W deals first
    keys += ["OK", "A"]  # redeal: W deals again
    keys += per_trick_hand("N", 7, "S", list("NNSSNEWN"), 2, 5)  # NS 6 tr + 5H - 3S = 8 made
    keys += ["HOLD-OK", "DOWN", "DOWN", "OK", "B"]  # menu: entry per hand
    # A contract entered wrongly, undone, and entered right:
    keys += ["OK", "RIGHT", "UP", "OK", "HOLD-B", "UP", "OK"]  # E 7 spades, undone: E 8 spades
    keys += ["DOWN", "DOWN", "A", "B", "B", "OK"]  # bidders 2 tricks, 5H bidders, 3S defenders
    keys += ["HOLD-B"]  # undone: back to QUICK with those values
    keys += ["UP", "UP", "UP", "UP", "OK"]  # bidders' tricks 6: EW 6 + 5H = 11 made
    keys += ["OK"]  # confirm
    keys += ["HOLD-B", "OK"]  # undo the confirmed hand, confirm again
    scorer.run(keys)
    record = scorer.export()
    assert record["first_dealer"] == "W"
    assert record["hands"][0] == {"redeal": True}
    assert record["hands"][1]["tricks"] == list("NNSSNEWN")
    assert record["hands"][1]["five_hearts"] == "N" and record["hands"][1]["three_spades"] == "N"
    assert record["hands"][2] == {
        "contract": {"bidder": "E", "bid": 8, "no_trump": False},
        "trump": "S",
        "taken": {"NS": 2, "EW": 6},
        "five_hearts": "EW",
        "three_spades": "NS",
    }
    scored = scorer.score(record)
    assert [h["delta"] for h in scored["hands"] if not h["redeal"]] == [
        {"NS": 8, "EW": 2},
        {"NS": -1, "EW": 11},
    ]
    assert scored["totals"] == {"NS": 7, "EW": 13}


def test_undo_a_trick_returns_to_it_with_its_marks(scorer):
    keys = ["UP", "OK", "DOWN", "OK", "A", "UP", "HOLD-B", "DOWN"]  # 5H trick: N, undone -> S
    keys += ["DOWN"] * 7 + ["DOWN", "OK"]  # 3S asked after: S took it
    scorer.run(keys)
    hand = scorer.export()["hands"][0]
    assert hand["tricks"] == ["S"] * 8
    assert hand["five_hearts"] == "S" and hand["three_spades"] == "S"


def test_specials_asked_after_the_last_trick_refuse_a_seat_with_no_trick(scorer):
    winners = list("EEEEEEEE")
    keys = ["UP", *per_trick_hand("E", 6, "D", winners, None, None, ask=("E", "E"))]
    keys.insert(len(keys) - 3, "UP")  # a refused answer first: N took no trick
    result = scorer.run(keys)
    assert result.returncode == 0
    hand = scorer.export()["hands"][0]
    assert hand["five_hearts"] == "E" and hand["three_spades"] == "E"
    assert scorer.score(scorer.export())["totals"] == {"NS": 0, "EW": 10}


def test_a_whole_game_to_52_and_a_new_game(scorer):
    keys = ["UP"]
    book = Rulebook()
    for _ in range(3):  # NS bid 12 no-trump, 7 tricks + 5H: 24 each time
        keys += per_trick_hand("N", 12, None, list("NNNNNNNE"), 1, 8, book)
    keys += ["OK", "RIGHT"]  # GAME OVER -> NEW GAME; E deals the next game
    scorer.run(keys)
    all_games = scorer.export("--all")
    assert len(all_games) == 2
    first = scorer.score(all_games[0])
    assert first["winner"] == "NS" and first["totals"] == {"NS": 72, "EW": -6}
    assert first["skunk"]
    assert len(first["hands"]) == 3  # 24, 48, 72: the game ended on the third hand
    assert all_games[1]["first_dealer"] == "E" and all_games[1]["hands"] == []


def test_per_hand_mode_from_the_config(scorer, tmp_path):
    config = tmp_path / "kaiser.toml"
    config.write_text(
        '[game]\nrules = "widow"\nentry = "per-hand"\n[names]\nNS = "Prairie"\nEW = "Coast"\n'
    )
    keys = ["DOWN", *per_hand_hand("W", 7, None, 5, "bidders", "defenders", Rulebook(tricks=7))]
    scorer.run(keys, "--config", str(config))
    record = scorer.export()
    assert record["rules"] == "widow" and record["names"] == {"NS": "Prairie", "EW": "Coast"}
    assert record["hands"][0]["taken"] == {"NS": 2, "EW": 5}
    assert scorer.score(record)["totals"] == {"NS": -1, "EW": 20}  # 7NT: (5+5) x2


def test_an_unknown_key_exits_2_before_any_key(scorer):
    result = scorer.run("UP\nOK\nPUSH\n", check=False)
    assert result.returncode == 2
    assert result.stdout == ""
    assert ":3:" in result.stderr and "PUSH" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not scorer.db.exists()


def test_a_restart_with_the_same_script_resumes_where_it_stopped(scorer):
    first = scorer.run("UP\nOK\n")
    assert first.stdout.splitlines() == ["ok 1 UP", "ok 2 OK"]
    # A longer script (another one): it starts from its own first key.
    out = scorer.run("UP\nOK\nRIGHT\n").stdout
    assert out.splitlines() == ["ok 1 UP", "ok 2 OK", "ok 3 RIGHT"]
    again = scorer.run("UP\nOK\nRIGHT\n").stdout
    assert again == ""  # the same script again: every key is already stored


def test_a_corrupt_or_foreign_database_is_refused_and_left_untouched(scorer, tmp_path):
    import sqlite3

    corrupt = tmp_path / "corrupt.db"
    corrupt.write_bytes(b"this is not sqlite at all" * 100)
    foreign = tmp_path / "foreign.db"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE photos(id INTEGER, path TEXT)")
    con.execute("INSERT INTO photos VALUES (1, 'cat.jpg')")
    con.commit()
    con.close()
    for path in (corrupt, foreign):
        before = hashlib.sha256(path.read_bytes()).hexdigest()
        result = scorer.run("UP\n", check=False, db=path)
        assert result.returncode == 2
        assert result.stdout == ""
        line = result.stderr.strip().splitlines()
        assert len(line) == 1 and str(path) in line[0] and "left untouched" in line[0]
        assert hashlib.sha256(path.read_bytes()).hexdigest() == before
