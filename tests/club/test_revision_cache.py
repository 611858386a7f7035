"""The club state's JSON is made once per state, and the journal still follows every change."""

from __future__ import annotations

import json
from pathlib import Path

from test_table_side import HAND, press, round_msg, table_with_journal

from hardware.club.revision import club_text
from hardware.resume import commit
from kaiser_core.table import waiting
from kaiser_core.table.club_state import ClubState


class Counting(ClubState):
    """A club state that counts how often its JSON form is made."""

    made = 0

    def to_json(self) -> dict[str, object]:
        Counting.made += 1
        return super().to_json()


def test_an_equal_club_state_is_not_encoded_again_and_a_new_one_is() -> None:
    Counting.made = 0
    first = club_text(Counting("Tue", 3, game_round=1))
    assert club_text(Counting("Tue", 3, game_round=1)) == first and Counting.made == 1
    other = club_text(Counting("Tue", 3, game_round=2))
    assert Counting.made == 2 and json.loads(other)["game_round"] == 2
    assert json.loads(first) == ClubState("Tue", 3, game_round=1).to_json()


def test_the_journal_keeps_the_club_state_of_every_change(tmp_path: Path) -> None:
    table, journal = table_with_journal(tmp_path / "k.db")
    table.club = ClubState("Tue", 3)
    seen = []
    for message in (round_msg(1), round_msg(1, ended=True), round_msg(2)):
        commit(journal, waiting.receive(table, message), table)
        assert json.loads(journal.get("club") or "") == table.club.to_json()
        seen.append(journal.get("club"))
        if message["round"] == 1 and not message["ended"]:
            press(table, journal, "UP", *HAND)
            assert json.loads(journal.get("club") or "")["game_round"] == 1
    assert len(set(seen)) == 3
    journal.close()
