"""The PIN guard with a clock the test moves: 403, then 429 for a minute, then again."""

from __future__ import annotations

from hardware.director.pin import PinGuard


def test_five_wrong_in_a_minute_lock_every_action_for_a_minute() -> None:
    now = [1000.0]
    guard = PinGuard("4821", clock=lambda: now[0])
    assert guard.check("4821") == 200
    assert guard.check(None) == 403
    for _ in range(4):
        now[0] += 1
        assert guard.check("1111") == 403
    assert guard.check("4821") == 429
    now[0] += 59
    assert guard.check("4821") == 429
    now[0] += 1.5
    assert guard.check("4821") == 200


def test_wrong_pins_spread_over_more_than_a_minute_do_not_lock() -> None:
    now = [0.0]
    guard = PinGuard("4821", clock=lambda: now[0])
    for _ in range(10):
        assert guard.check("0") == 403
        now[0] += 20
    assert guard.check("4821") == 200
