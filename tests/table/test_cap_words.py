"""The defenders' cap on SCORE in plain words, with the cap in force (issue 27: "NS at 45:
bid to score" appeared while the screen showed NS 50)."""

from __future__ import annotations

from kaiser_core.cards import Seat
from kaiser_core.modes import Mode
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table
from kaiser_core.views.contract import ScoreView

#: From SCORE, per hand: N wins 7♠ and takes all 8 tricks (the specials are theirs): +10.
SWEEP = "OK UP UP OK UP UP UP UP OK OK"
#: E wins 6 NT and takes all 8 tricks: +20, and the target goes up (target_after_nt).
NT_SWEEP = "OK RIGHT RIGHT RIGHT RIGHT RIGHT OK UP UP UP UP OK OK"


def play(table: Table, keys: str) -> None:
    for name in keys.split():
        table.press(Key.from_name(name))


def table_with(rules: Rules, hands: list[str]) -> Table:
    table = Table(rules, choose_seat=lambda: Seat.N)
    table.choose(mode=Mode.PER_HAND)
    table.press(Key.UP)  # N deals
    for hand in hands:
        play(table, hand)
    return table


def test_a_team_over_the_cap_is_told_it_cannot_score_as_defenders() -> None:
    table = table_with(Rules(), [SWEEP] * 5)
    view = table.view()
    assert isinstance(view, ScoreView) and view.ns.total == 50
    assert "NS cannot score as defenders: 45 or more" in view.warnings
    assert not [w for w in view.warnings if "at 45" in w]  # 50 is not "at 45"


def test_the_cap_said_is_the_cap_in_force_when_it_follows_the_target() -> None:
    rules = Rules(cap_follows_target=True, target_after_nt=62)
    table = table_with(rules, [NT_SWEEP, NT_SWEEP, SWEEP])
    game = table.game
    assert game is not None and game.target == 62 and game.cap == 55
    view = table.view()
    assert isinstance(view, ScoreView) and view.ew.total == 40 and view.ns.total == 10
    table = table_with(rules, [NT_SWEEP, NT_SWEEP, SWEEP, SWEEP, NT_SWEEP])
    view = table.view()
    assert isinstance(view, ScoreView) and view.ew.total == 60, view
    assert "EW cannot score as defenders: 55 or more" in view.warnings, view.warnings
