"""Start-up's garbage (hardware.startup): no collections while starting, one when started.

``run`` draws its first frame with the collector off and nothing frozen; right after it,
what start-up left in cycles is collected, the rest frozen and the collector on. Freezing
before collecting would keep that garbage for the life of the process (about 300 KiB of a
scorer's run: bench/run.py's rss_ratio). Every other command, a run that stops before its
first frame and a fault screen that waits for a fix end start-up too: the collector is
never left off.
"""

from __future__ import annotations

import gc
import json
import subprocess
import sys
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware import cli, fault, startup
from hardware.oled import dummy_factory

pytestmark = pytest.mark.slow


class Node:
    """A weak-referenceable object to put in a cycle."""

    other: object = None


@pytest.fixture
def collector() -> Iterator[None]:
    """Give the test process its collector back as it was: on, nothing frozen."""
    try:
        yield
    finally:
        gc.unfreeze()
        gc.enable()


def test_started_collects_start_ups_cycles_before_it_freezes(collector: None) -> None:
    startup.starting()
    assert not gc.isenabled()
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    del a, b
    assert gone() is not None  # a cycle: only a collection frees it
    startup.started()
    assert gone() is None
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0  # what lives on is frozen: never scanned again


def test_started_does_nothing_when_start_up_is_over(collector: None) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    gc.disable()
    gc.enable()  # the collector on: start-up over, or never begun (a test calling serve)
    frozen = gc.get_freeze_count()
    del a, b
    startup.started()
    assert gc.get_freeze_count() == frozen
    assert gone() is not None  # no collection was run
    gc.collect()
    assert gone() is None


def test_a_command_ends_start_up(collector: None, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text("{not json")
    assert cli.main(["score", str(record)]) == cli.EXIT_USAGE
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0


def test_a_run_that_stops_before_its_first_frame_ends_start_up(
    collector: None, tmp_path: Path
) -> None:
    missing = tmp_path / "no-such-keys.txt"
    assert cli.main(["run", "--board", "mock", "--quiet", "--keys", str(missing)]) != 0
    assert gc.isenabled()


def test_a_parse_error_ends_start_up(collector: None) -> None:
    with pytest.raises(SystemExit):
        cli.main(["run", "--board", "no-such-board"])
    assert gc.isenabled()


#: A scripted run whose display notes, at each frame, the collector's state.
CHILD = """
import gc, json, sys
from luma.core.device import dummy
frames = []
shown = dummy.display
def display(self, image):
    frames.append([gc.isenabled(), gc.get_freeze_count()])
    shown(self, image)
dummy.display = display
from hardware.cli import main
status = main(sys.argv[1:])
print(json.dumps({"status": status, "frames": frames, "enabled": gc.isenabled()}))
"""


def test_run_draws_its_first_frame_before_it_collects(tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_text("OK UP OK\n")  # a new game, the first dealer, a bid under way
    argv = ["--board", "mock", "--quiet", "--keys", str(keys), "--db", str(tmp_path / "k.db")]
    result = subprocess.run(
        [sys.executable, "-c", CHILD, "run", *argv],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.splitlines()[-1])
    assert seen["status"] == 0
    first, *later = seen["frames"]
    assert first == [False, 0]  # the first frame: no collection yet, nothing frozen
    assert later, "the keys drew no frame after the first"
    assert all(enabled and frozen > 1000 for enabled, frozen in later)
    assert seen["enabled"]


def test_a_fault_screen_ends_start_up_while_it_waits(collector: None) -> None:
    """A service waiting on a config or database fault may wait for hours: not without
    collections."""
    startup.starting()
    looks: list[bool] = []

    def state() -> object:
        looks.append(gc.isenabled())
        return len(looks) > 1  # fixed at the second look

    assert (
        fault.wait_for_fix("config error", "config error", dummy_factory, state, "fixed", poll=0.05)
        == 0
    )
    assert looks == [True, True]
