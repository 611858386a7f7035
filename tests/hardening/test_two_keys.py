"""Two keys pressed together, again and again, into a running scorer: nothing breaks.

Two threads drive two different mock pins low at the same moment (a barrier), through
``Buttons`` feeding a running ``Scorer`` with a real journal and luma's dummy display.
Afterwards every key the buttons gave was stored, the journal restores to what the live
table shows, and no thread raised or logged an error.
"""

from __future__ import annotations

import logging
import random
import threading
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.buttons import HOLDABLE, Buttons
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import Scorer
from hardware.screens import render
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules, find_profile
from kaiser_core.table import Table

from .board import BOUNCE, PINS

pytestmark = pytest.mark.slow

ROUNDS = 120


def wait_until(predicate, timeout: float = 5.0) -> bool:
    """Check ``predicate`` every 5 ms until it holds (False after ``timeout``)."""
    pause = threading.Event()
    for _ in range(int(timeout / 0.005)):
        if predicate():
            return True
        pause.wait(0.005)
    return predicate()


class Presser(threading.Thread):
    """Presses its key of each round when the other presser does (a barrier), then lets go."""

    def __init__(self, buttons: Buttons, rounds: list, side: int, barrier: threading.Barrier):
        super().__init__(name=f"presser-{side}", daemon=True)
        self.buttons, self.rounds, self.side, self.barrier = buttons, rounds, side, barrier

    def run(self) -> None:
        for names, hold in self.rounds:
            name = names[self.side]
            pin = self.buttons.pin(name)
            self.barrier.wait(10)
            pin.drive_low()
            if hold and name in HOLDABLE:  # keep it down until the hold was given
                assert wait_until(lambda name=name: self.buttons.is_held(name))
            self.barrier.wait(10)
            pin.drive_high()


@pytest.mark.parametrize("bounce_time", [None, BOUNCE], ids=["no-debounce", "debounce"])
@pytest.mark.parametrize("rules", [Rules(), find_profile("widow")], ids=["standard", "widow"])
def test_two_keys_pressed_together_never_crash(tmp_path: Path, caplog, bounce_time, rules):
    caplog.set_level(logging.WARNING)
    raised: list[threading.ExceptHookArgs] = []
    previous_hook = threading.excepthook
    threading.excepthook = raised.append
    journal = Journal(tmp_path / "kaiser.db")
    try:
        table = Table(rules, choose_seat=lambda: Seat.E)
        resume(journal, table)
        scorer = Scorer(table, journal, Display(dummy_factory()), render)
        given: list[str] = []

        def on_key(name: str) -> None:
            given.append(name)
            scorer.key(name)

        buttons = Buttons(
            PINS, on_key, hold_time=0.05, bounce_time=bounce_time, pin_factory=MockFactory()
        )
        rng = random.Random(f"{bounce_time}-{rules.profile}")
        rounds = [(tuple(rng.sample(sorted(PINS), 2)), rng.random() < 0.15) for _ in range(ROUNDS)]
        barrier = threading.Barrier(2)
        pressers = [Presser(buttons, rounds, side, barrier) for side in (0, 1)]

        def conduct() -> None:
            for presser in pressers:
                presser.start()
            for presser in pressers:
                presser.join(60)
            # Let pending settle checks run, stop input, then drain the scorer's queue.
            assert wait_until(lambda: not any(k.settling for k in buttons._keys.values()))
            buttons.close()
            drained = threading.Event()
            scorer.call(lambda: None, done=drained)
            drained.wait(30)
            scorer.stop()

        conductor = threading.Thread(target=conduct, name="conductor", daemon=True)
        conductor.start()
        scorer.run()  # the main loop, on this thread, as in the service
        conductor.join(10)
        assert not conductor.is_alive() and not any(p.is_alive() for p in pressers)

        assert raised == [], [f"{a.thread}: {a.exc_type.__name__}: {a.exc_value}" for a in raised]
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert errors == [], [r.getMessage() for r in errors]
        if bounce_time is None:
            assert len(given) == 2 * ROUNDS  # each press gave one key (a hold: HOLD-x or x)
        else:
            assert given  # presses of one key closer than the bounce time are one press
        assert scorer.keys_stored == len(given)  # and every key given was stored
        again = Table(rules, choose_seat=lambda: Seat.E)
        resume(journal, again)
        assert again.view() == table.view()
        assert again.entries == table.entries
        assert again.ui == table.ui
    finally:
        threading.excepthook = previous_hook
        journal.close()
