"""Issue 22: a sink that fails after the commit is its own failure, not the entry's.

The sinks run after the journal committed the change. One that raises (an OSError from a
full disk or a directory where its file should be, any other exception) must not make the
screen say NOT SAVED for an entry that is stored, nor end the main loop; its failure is
logged a few times (1st, 2nd, 4th ... in a row), not once per key, and the sinks after it
still run. The faults are real: a sink writing a line per change to a file that is a
directory, or on a 64 KiB tmpfs that is full; the wake sink sending to a socket path that is
a regular file or a directory; and a sink whose own code raises RuntimeError. Driven through
``Scorer.run``, the real main loop, with the TABLE.md example's keys.
"""

from __future__ import annotations

import logging
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import NOT_SAVED, Scorer
from hardware.screens import render
from hardware.sinks import Facts, Stored
from hardware.sinks.wake import WakeSink
from kaiser_core.cards import Seat, Team
from kaiser_core.rules import Rules
from kaiser_core.table import Change, Screen, Table
from kaiser_core.table.menu import MenuItem
from kaiser_core.table.requests import Flip

#: TABLE.md's example: N deals, E wins 8♥ ... EW +11, NS -1 (one hand, confirmed).
KEYS = [
    "UP",
    *["OK", "RIGHT", "UP", "UP", "RIGHT", "OK"],
    *["RIGHT", "DOWN", "RIGHT", "A", "RIGHT", "LEFT", "B", "UP", "RIGHT", "LEFT"],
    "OK",
]
HEAL_AFTER = 9  # keys pressed while the sink fails; the rest after it works again


class LineSink:
    """A line per stored change appended to ``path`` (opened each time: real I/O)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.lines = 0

    def stored(self, stored: Stored) -> None:
        with self.path.open("a") as out:
            out.write("stored\n" + "." * 1000)
        self.lines += 1


class Broken:
    """A sink whose own code is wrong until ``healed``."""

    def __init__(self) -> None:
        self.healed = False
        self.lines = 0

    def stored(self, stored: Stored) -> None:
        if not self.healed:
            raise RuntimeError("the sink's state is broken")
        self.lines += 1


class Counter:
    """The sink after the failing one: it must see every stored change."""

    def __init__(self) -> None:
        self.seen = 0

    def stored(self, stored: Stored) -> None:
        self.seen += 1


@pytest.fixture
def full_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 64 KiB tmpfs filled to the last byte; unmounted afterwards."""
    where = tmp_path / "small"
    where.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(where)],
        capture_output=True,
        text=True,
        check=False,
    )
    if mounted.returncode != 0:
        reason = f"cannot mount a tmpfs (root needed): {mounted.stderr.strip()}"
        print(reason)
        pytest.skip(reason)
    try:
        try:
            with (where / "filler").open("wb") as filler:
                while True:
                    filler.write(b"\0" * 4096)
                    filler.flush()
        except OSError:  # ENOSPC: full
            pass
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def directory_fault(tmp_path: Path) -> tuple[LineSink | Broken, Callable[[], None]]:
    path = tmp_path / "lines.txt"
    path.mkdir()  # a directory where the sink's file should be: IsADirectoryError
    return LineSink(path), path.rmdir


def runtime_fault(tmp_path: Path) -> tuple[LineSink | Broken, Callable[[], None]]:
    sink = Broken()

    def heal() -> None:
        sink.healed = True

    return sink, heal


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["directory", "full-disk", "runtime-error"])
def test_a_failing_sink_never_says_not_saved_nor_stops_the_loop(
    tmp_path: Path, fault: str, request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture
) -> None:
    if fault == "full-disk":
        small: Path = request.getfixturevalue("full_tmpfs")
        sink: LineSink | Broken = LineSink(small / "lines.txt")
        with pytest.raises(OSError):  # the fault is real: the disk is full
            sink.stored(Stored(Change(), Facts("new-game", ("NS", "EW"))))

        def heal() -> None:
            (small / "filler").unlink()

    elif fault == "directory":
        sink, heal = directory_fault(tmp_path)
    else:
        sink, heal = runtime_fault(tmp_path)
    db = tmp_path / "kaiser.db"
    journal = Journal(db)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    scorer = Scorer(table, journal, Display(dummy_factory()), render)
    a_file = tmp_path / "a-file"
    a_file.write_text("not a socket\n")
    wakes = [WakeSink(a_file), WakeSink(tmp_path)]  # the wake sink to a file, to a directory
    counter = Counter()
    scorer.sinks.extend([*wakes, sink, counter])
    messages: list[str] = []
    for i, name in enumerate(KEYS):
        if i == HEAL_AFTER:
            scorer.call(heal)
        scorer.key(name)
        scorer.call(lambda: messages.append(str(table.ui.message)))
    scorer.call(scorer.stop)
    with caplog.at_level(logging.INFO, logger="kaiser-scorer"):
        scorer.run()  # returns: the loop went on to the stop after the last key

    assert NOT_SAVED not in messages and table.ui.message != NOT_SAVED
    assert scorer.keys_stored == len(KEYS) and scorer.not_saved == 0
    assert counter.seen == scorer.changes_stored >= len(KEYS) - 1  # isolated: the next ran
    assert all(w.missed == scorer.changes_stored and w.sent == 0 for w in wakes)
    journal.close()

    again = Journal(db)  # what a restart reads: every entry, the hand confirmed
    restarted = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(again, restarted)
    again.close()
    assert restarted.entries == table.entries
    assert restarted.game is not None
    assert dict(restarted.game.totals) == {Team.NS: -1, Team.EW: 11}

    failures = [r for r in caplog.records if "failed after a stored change" in r.getMessage()]
    stored_while_broken = scorer.changes_stored - sink.lines
    assert sink.lines > 0 and stored_while_broken >= HEAL_AFTER - 1  # failed, then worked
    powers = [n for n in (1, 2, 4, 8, 16, 32) if n <= stored_while_broken]
    assert len(failures) == len(powers) < stored_while_broken  # rate-limited, not one a key
    assert all(r.levelname == "ERROR" for r in failures)
    assert type(sink).__name__ in failures[0].getMessage()
    again_lines = [r for r in caplog.records if "works again" in r.getMessage()]
    assert len(again_lines) == 1
    assert f"({stored_while_broken} failures)" in again_lines[0].getMessage()
    for wake in wakes:
        wake.close()


def test_a_request_handler_that_fails_after_the_commit_is_logged_not_unsaved(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The menu's Flip display is stored; its handler (here writing into a directory)
    fails after that: the flip stays, the screen does not say NOT SAVED, the loop goes on."""
    db = tmp_path / "kaiser.db"
    journal = Journal(db)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    scorer = Scorer(table, journal, Display(dummy_factory()), render)

    def flip(request: Flip) -> None:
        tmp_path.joinpath("flipped").mkdir()
        tmp_path.joinpath("flipped").write_text("on")  # IsADirectoryError

    scorer.on(Flip, flip)
    assert table.menu_items().index(MenuItem.FLIP) == 6
    messages: list[str] = []
    for name in ["UP", "HOLD-OK", *["DOWN"] * 6, "OK", "B", "OK"]:  # then the contract
        scorer.key(name)
        scorer.call(lambda: messages.append(str(table.ui.message)))
    scorer.call(scorer.stop)
    with caplog.at_level(logging.INFO, logger="kaiser-scorer"):
        scorer.run()
    assert NOT_SAVED not in messages and scorer.not_saved == 0 and scorer.keys_stored == 11
    journal.close()
    again = Journal(db)
    assert again.saved().ui.flipped and again.saved().ui.screen is Screen.BIDDER
    again.close()
    failed = [r.getMessage() for r in caplog.records if "failed after a stored" in r.getMessage()]
    assert len(failed) == 1 and "Flip request" in failed[0] and "IsADirectoryError" in failed[0]
