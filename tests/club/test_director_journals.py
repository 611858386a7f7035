"""What the director decided about a table's journals shows against the table, and the
director may pin a table-round to one journal (issue 26, A3b, M10, M21, M11, M12, A10)."""

from __future__ import annotations

import json
import random

import pytest
from club_games import play
from test_director_linear import make_event, payload, seats, topic

from hardware.director.state import END, NEXT, PIN_ACTION, ActionError, Director


def started() -> tuple[Director, list[dict]]:
    director = Director(make_event())
    director.receive("t0", NEXT, b"")
    return director, play(random.Random(3), seats(director, 1), 4)


def kinds(director: Director, table: int = 1) -> list[str]:
    return [n["kind"] for n in director.table_row(table)["notes"]]


def test_a_new_journal_replaces_the_table_and_the_card_says_so_with_its_time() -> None:
    director, records = started()
    director.receive("t1", topic(1, 1), payload(1, 1, records[1], 5, "old-pi-journal"))
    verdict = director.receive("14:02", topic(1, 1), payload(1, 1, records[0], 1, "spare-journal"))
    assert verdict[0] == "journal"
    note = director.table_row(1)["notes"][-1]
    assert note["kind"] == "replaced" and note["at"] == "14:02"
    assert note["text"] == "round 1: replaced by journal spare-jo (journal old-pi-j before)"
    director.receive("t3", topic(1, 1), payload(1, 1, records[2], 6, "old-pi-journal"))
    assert kinds(director)[-1] == "ignored"
    assert director.game(1, 1)["journal"] == "spare-journal"


def test_a_copied_cards_records_are_stale_and_the_card_says_so() -> None:
    director, records = started()
    director.receive("t1", topic(1, 1), payload(1, 1, records[2], 9, "same"))
    director.receive("t2", topic(1, 1), payload(1, 1, records[3], 4, "same"))  # its copy
    row = director.table_row(1)
    assert row["notes"][-1]["text"] == (
        "round 1: ignoring a stale record of journal same (rev 4, kept rev 9)"
    )


def test_the_director_pins_a_table_round_to_a_journal_and_the_replay_agrees() -> None:
    director, records = started()
    log = [
        ("t1", topic(1, 1), payload(1, 1, records[3], 7, "real-pi")),
        ("t2", topic(1, 1), payload(1, 1, records[0], 1, "stray")),  # replaces the real one
    ]
    for at, tp, body in log:
        director.receive(at, tp, body)
    assert director.game(1, 1)["journal"] == "stray"
    with pytest.raises(ActionError, match="no journal 'nobody'"):
        director.pin("t3", 1, 1, "nobody")
    pin = json.dumps({"table": 1, "round": 1, "journal": "real-pi"}).encode()
    log.append(("t3", PIN_ACTION, pin))
    director.receive(*log[-1])
    log.append(("t4", topic(1, 1), payload(1, 1, records[1], 2, "stray")))
    assert director.receive(*log[-1])[0] == "pinned"
    game = director.game(1, 1)
    assert game["journal"] == "real-pi" and game["pinned"] == "real-pi"
    assert {j["journal"] for j in game["journals"]} == {"real-pi", "stray"}
    assert kinds(director)[-2:] == ["pinned", "not_pinned"]
    again = Director(make_event())
    again.receive("t0", NEXT, b"")
    for entry in log:
        again.receive(*entry)
    assert again.standings() == director.standings() and again.game(1, 1)["rev"] == 7


def test_an_empty_finish_and_a_record_after_the_end_are_noted() -> None:
    director, records = started()
    body = json.loads(payload(1, 1, {**records[0], "hands": []}, 1))
    director.receive("t1", topic(1, 1), json.dumps({**body, "finished": True}).encode())
    assert kinds(director)[-1] == "empty"
    director.receive("t2", END, b"")
    assert director.table_row(1)["round_ended"] is True
    director.receive("t3", topic(1, 1), payload(1, 1, records[2], 2))
    assert kinds(director)[-1] == "late"
