"""The disk-full soak (issue 22): 200 games of random keys on a tmpfs that really fills.

Rounds on a fresh tmpfs of 40 to 400 KiB. At random moments a filler file takes all but 0
to 44 KiB of what is left; the database outgrows the disk on its own too. Every key goes
through the real main loop's handler (``Scorer.handle``) into the real journal; the
display is luma's dummy with a blank picture (drawing the screens would triple the time
and is not what is tested). A key the disk refused says NOT SAVED, and the table is back
at what is stored: exactly the keys acknowledged before it. After each fill the space comes
back (the filler deleted, else a remount up to 400 KiB; at 400 KiB the round ends) and the
scorer starts again: after a clean stop, or after a crash (its connection closed without
SQLite's checkpoint, as a ``kill -9`` leaves the WAL). At every start: never DAMAGED for a
file ``quick_check`` calls ok; the table holds every acknowledged key and nothing more;
every finished game is in the archive, its record the database's.

``KAISER_SOAK_SEED`` (default 22) and ``KAISER_SOAK_GAMES`` (default 200) widen it.
"""

from __future__ import annotations

import dataclasses
import os
import random
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from hardware import archive
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory
from hardware.resume import resume
from hardware.scorer import NOT_SAVED, Event, Scorer
from hardware.startcheck import close_untouched
from hardware.storage import DatabaseDamaged, JournalError, db_uri
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table

from .conftest import _player, fill

SEED = int(os.environ.get("KAISER_SOAK_SEED", "22"))
GAMES = int(os.environ.get("KAISER_SOAK_GAMES", "200"))
MIN_KIB, MAX_KIB = 40, 400
FILL_EVERY = 120  # keys, on average, between two fillers
BLANK = Image.new("1", (128, 64))


def new_table() -> Table:
    return Table(Rules(), choose_seat=lambda: Seat.N)


def same(table: Table, shadow: Table) -> bool:
    """The same game and screen (the line at the bottom aside: NOT SAVED is not stored)."""
    return table.entries == shadow.entries and dataclasses.replace(
        table.ui, message=""
    ) == dataclasses.replace(shadow.ui, message="")


def quick_check(db: Path) -> list[str]:
    con = sqlite3.connect(db_uri(db, "ro"), uri=True)
    try:
        return [str(r[0]) for r in con.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as err:
        return [str(err)]
    finally:
        con.close()


class Round:
    """One tmpfs, one database, one shadow table of the acknowledged keys."""

    def __init__(self, disk: Any, rng: random.Random, stats: Counter[str]) -> None:
        self.disk = disk
        self.db = disk.path / "kaiser.db"
        self.rng = rng
        self.stats = stats
        self.shadow = new_table()
        self.games = 0  # finished in this round
        self.started = 0  # games the acknowledged keys started
        self.filler: Path | None = None
        self.checked: set[int] = set()  # archived records already compared

    def space_back(self) -> bool:
        """The filler deleted, else a larger remount; False at the largest size."""
        if self.filler is not None:
            self.filler.unlink()
            self.filler = None
            return True
        if self.disk.kib >= MAX_KIB:
            return False
        self.disk.resize(min(MAX_KIB, self.disk.kib + self.rng.randint(40, 160)))
        self.stats["remounts"] += 1
        return True

    def start(self) -> Scorer | None:
        """The next start (space given back until it can start); None: the disk is too
        small for this round's database."""
        while True:
            try:
                journal = Journal(self.db, exclusive=True)
            except DatabaseDamaged as err:
                pytest.fail(f"a start said DAMAGED ({err}); quick_check: {quick_check(self.db)}")
            except JournalError as err:  # too full to start: say so, and wait for space
                self.stats["starts refused, disk full"] += 1
                assert "full" in str(err), err
                if not self.space_back():
                    return None
                continue
            self.stats["starts"] += 1
            self.check(journal)
            scorer = Scorer(new_table(), journal, Display(dummy_factory()), lambda view: BLANK)
            resume(journal, scorer.table)
            return scorer

    def check(self, journal: Journal) -> None:
        """What a start reads is every acknowledged key, and every finished game is archived."""
        table = new_table()
        resume(journal, table)
        assert same(table, self.shadow), "the start lost an acknowledged key, or has one more"
        count = journal.db.execute("SELECT count(*) FROM games").fetchone()[0]
        assert count == self.started
        rows = journal.db.execute("SELECT id FROM games WHERE state = 'finished'")
        finished = {r[0] for r in rows}
        archived, bad = archive.read(archive.archive_path(self.db))
        assert finished <= set(archived), f"not archived: {finished - set(archived)}"
        for game in finished - self.checked:
            line = archive.stored_record(journal, game)
            assert line is not None and archived[game].record == line[1]
        self.checked |= finished
        assert bad == 0, "a full disk left half a line in the archive"

    def stop(self, scorer: Scorer) -> None:
        """A clean stop, or a crash: the connection gone without SQLite's checkpoint."""
        journal = scorer.journal
        if self.rng.random() < 0.5:
            journal.close()
            self.stats["clean stops"] += 1
        else:
            journal.release()
            close_untouched(journal.db, journal.path)
            self.stats["crashes"] += 1

    def play(self, player: Any, games: int) -> None:
        """Keys until ``games`` more games are over here, or the disk is too small."""
        scorer = self.start()
        keys: list[str] = []
        while scorer is not None and self.games < games:
            if not keys:
                keys = player.chunk(self.shadow)
            if self.filler is None and self.rng.random() < 1 / FILL_EVERY:
                self.filler = fill(self.disk.path, leave=self.rng.randrange(0, 45 * 1024, 4096))
                self.stats["fillers"] += 1
            event = Event.key(keys[0])
            scorer.handle(event)
            if not event.error:
                over = self.shadow.game is not None and self.shadow.game.over
                change = self.shadow.press(Key.from_name(keys.pop(0)))
                self.started += change.new_game is not None
                if not over and self.shadow.game is not None and self.shadow.game.over:
                    self.games += 1
                self.stats["keys acknowledged"] += 1
                continue
            self.stats["NOT SAVED"] += 1
            assert "full" in event.error, event.error
            assert scorer.table.ui.message == NOT_SAVED
            assert same(scorer.table, self.shadow), "NOT SAVED, yet the key is stored"
            self.stop(scorer)
            scorer = self.start() if self.space_back() else None
        if scorer is not None:
            scorer.journal.close()


@pytest.mark.slow
def test_disk_full_soak(small_disk: Any, capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(SEED)
    player = _player()(SEED)
    stats: Counter[str] = Counter()
    done = 0
    while done < GAMES:
        disk = small_disk(rng.randint(MIN_KIB, MAX_KIB))
        round_ = Round(disk, rng, stats)
        round_.play(player, GAMES - done)
        done += round_.games
        stats["rounds"] += 1
        stats["games"] = done
        disk.unmount()
        if round_.games == 0 and round_.started == 0:
            stats["rounds without a game"] += 1
            assert stats["rounds without a game"] < 20, stats
    with capsys.disabled():
        print(f"\ndisk-full soak, seed {SEED}: {dict(sorted(stats.items()))}")
    assert stats["NOT SAVED"] > GAMES  # the disk really filled, again and again
    assert stats["crashes"] > 0 and stats["clean stops"] > 0 and stats["remounts"] > 0
