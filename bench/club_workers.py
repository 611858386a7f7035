"""The club bench's tables: real journals, real wake sinks, real publishers.

Each worker process runs some of the tables. A table is what the scorer does, without
its screen. A round arrives as the scorer's club link hands it over (``waiting.receive``),
ROUND OVER goes back and N deals: those keys are journaled and woken as on a table, before
the round's clock. Then the round's whole game is *played before the clock* (``prebuild``):
every key pressed into the real ``Table``, the table copied after each change that alters
the record (a hand entered, an undo, its redo), the keys between (the cursor moving
through a hand, about 16 a hand, nothing the director sees) not journaled. On the clock,
at random intervals, each change is what costs real time on a Pi per change: one
``hardware.journal.Journal.store`` of that key's ``Change`` with the table as it stood
after it (rev raised in the same transaction, SQLite WAL, synchronous FULL), then the wake
of the real ``WakeSink``; the table's publisher is the real
``hardware.club.publisher.Publisher`` (its own thread and paho client here, its own
process on a Pi), reading the journal read-only and publishing to the real broker.
"""

from __future__ import annotations

import copy
import random
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "table"), str(ROOT)]

from scripts import per_trick_hand  # noqa: E402

SEATS = "NESW"


def random_hand(rng: random.Random) -> list[str]:
    """The keys of one random per-trick hand (a suit contract of 6 to 9)."""
    return per_trick_hand(
        rng.choice(SEATS),
        rng.randint(6, 9),
        rng.choice("SHDC"),
        [rng.choice(SEATS) for _ in range(8)],
        rng.randint(1, 8),
        rng.randint(1, 8),
    )


@dataclass
class Step:
    """One change that alters the record, played before the clock: its ``Change``, the
    table as it stood after it, and the round totals it makes."""

    change: Any
    table: Any
    totals: dict[str, int]
    hand: bool  # a new hand entered (not an undo, nor its redo)


def merge(changes: list[Any]) -> Any:
    """The keys' changes as one ``Change``: their table entries appended (and dropped) in
    order, so one ``Journal.store`` leaves the journal's rows as the keys one by one do."""
    from kaiser_core.table import Change

    out = Change()
    for c in changes:
        if c.new_game is not None or c.abandon or c.request is not None:
            raise RuntimeError(f"a key of a hand starts, leaves or asks something: {c}")
        kept = min(c.drop, len(out.append))
        out.append = out.append[: len(out.append) - kept] + list(c.append)
        out.drop += c.drop - kept
        out.ui = out.ui or c.ui
    return out


class BenchTable:
    """One table: its journal, its table state, its wake sink and its publisher."""

    def __init__(self, folder: Path, n: int, port: int, event: str, password: str) -> None:
        from hardware.club.config import ClubConfig
        from hardware.club.publisher import Publisher
        from hardware.journal import Journal
        from hardware.sinks.wake import WakeSink
        from kaiser_core.cards import Seat
        from kaiser_core.rules import Rules
        from kaiser_core.table import Table
        from kaiser_core.table.club_state import ClubState

        folder.mkdir(parents=True, exist_ok=True)
        self.n = n
        self.club = ClubConfig(
            "127.0.0.1", port, event, n, "Bench", f"table-{n}", password,
            socket=str(folder / "w.sock"),
        )  # fmt: skip
        self.db = folder / "kaiser.db"
        self.journal = Journal(self.db, exclusive=True)
        self.table = Table(Rules(), choose_seat=lambda: Seat.N)
        self.table.club = ClubState("Bench", n)
        self.sink = WakeSink(self.club.socket)
        self.publisher = Publisher(self.club, self.db)
        self.thread = threading.Thread(target=self.publisher.run, daemon=True)
        self.thread.start()
        self.stored = 0  # changes journaled

    def store(self, change: Any, table: Any = None) -> None:
        """What the scorer does with a change: journal it, then wake the publisher."""
        from hardware.resume import commit

        commit(self.journal, change, self.table if table is None else table)
        if change.stored:
            self.stored += 1
            self.sink.stored(change)

    def press(self, keys: list[str]) -> None:
        """Keys pressed and each change journaled (the round's start, before the clock)."""
        from kaiser_core.table import Key

        for key in keys:
            self.store(self.table.press(Key.from_name(key)))

    def round(self, payload: dict[str, Any]) -> None:
        """The director's round arrives; ROUND OVER goes back, N deals the round's game."""
        from kaiser_core.table import waiting

        self.store(waiting.receive(self.table, payload))
        if self.table.game is not None:
            self.press(["OK"])  # ROUND OVER of the round before
        self.press(["UP"])

    def prebuild(self, rng: random.Random) -> list[Step]:
        """Play the round's game key by key (not journaled): the changes that alter the
        record, each with a copy of the table after it. Hands until the game is over, now
        and then an undo of the last hand and its redo."""
        steps: list[Step] = []
        hands = 0
        while True:
            game = self.table.game
            assert game is not None
            if game.over:
                return steps
            if hands and rng.random() < 0.05:
                steps.append(self._step(["HOLD-B"], False))  # undo the last hand
                steps.append(self._step(["OK"], False))  # and enter it again
            else:
                steps.append(self._step(random_hand(rng), True))
                hands += 1

    def _step(self, keys: list[str], hand: bool) -> Step:
        """Press ``keys``; the step's changes as one (``merge``) and the table after them."""
        from kaiser_core.table import Key

        before = self.table.core_entries()
        change = merge([self.table.press(Key.from_name(key)) for key in keys])
        if self.table.core_entries() == before:
            raise RuntimeError(f"table {self.n}: {keys} did not alter the record")
        return Step(change, copy.deepcopy(self.table), self.totals(), hand)

    def totals(self) -> dict[str, int]:
        game = self.table.game
        assert game is not None
        return {t.code: int(game.totals[t]) for t in game.totals}

    def record(self, number: int) -> dict[str, Any]:
        """The round's game as ``kaiser-scorer export`` gives it."""
        from hardware.app import export_game

        return export_game(self.journal, int(self.journal.get(f"club.round.{number}") or 0))

    def close(self) -> None:
        self.publisher.stop()
        self.thread.join(10)
        self.sink.close()
        self.journal.close()


def worker(conn: Any, folder: str, numbers: list[int], port: int, event: str,
           logins: dict[str, str], interval: float, seed: int) -> None:  # fmt: skip
    """A process of tables. ``("round", payload)``: start the round and build its games
    (``("built", changes)``); ``("go",)``: store them on the clock; ``("stop",)``: end."""
    tables = {
        n: BenchTable(Path(folder) / f"t{n}", n, port, event, logins[f"table-{n}"]) for n in numbers
    }
    rng = random.Random(seed)
    deadline = time.monotonic() + 180  # 120 publishers a worker at 480 tables, a busy machine
    while not all(t.publisher.connected.is_set() for t in tables.values()):
        if time.monotonic() > deadline:
            raise RuntimeError("the publishers did not connect")
        time.sleep(0.05)
    conn.send(("ready",))
    while True:
        msg = conn.recv()
        if msg[0] == "stop":
            break
        payload = msg[1]
        number = payload["round"]
        playing = [t for n, t in tables.items() if str(n) in payload["tables"]]
        steps: dict[int, list[Step]] = {}
        for t in playing:
            t.round(payload)
            steps[t.n] = t.prebuild(rng)
        hands = sum(s.hand for n in steps for s in steps[n])
        conn.send(("built", sum(map(len, steps.values()))))
        if conn.recv()[0] != "go":
            break
        play(conn, playing, steps, payload, rng, interval)
        records = {t.n: t.record(number) for t in playing}
        published = sum(t.publisher.published for t in tables.values())
        stored = sum(t.stored for t in tables.values())
        conn.send(("done", records, hands, published, stored))
    for t in tables.values():
        t.close()
    conn.send(("closed",))


def play(conn: Any, playing: list[BenchTable], steps: dict[int, list[Step]],
         payload: dict[str, Any], rng: random.Random, interval: float) -> None:  # fmt: skip
    """The measured phase: each table stores its next change at random intervals
    averaging ``interval``; ``("stored", at, ...)`` for each, ``("finished", at, n)``."""
    number = payload["round"]
    now = time.monotonic()
    due = {t.n: now + rng.expovariate(1 / interval) for t in playing}
    left = {t.n: t for t in playing}
    while left:
        n = min(left, key=due.__getitem__)
        time.sleep(max(0.0, due[n] - time.monotonic()))
        t = left[n]
        step = steps[n].pop(0)
        t.journal.store(step.change, step.table)
        at = time.monotonic()  # stored (committed): the latency starts here
        t.stored += 1
        t.sink.stored(step.change)
        t.table = step.table  # the scorer's table is now the one after this change
        seats = payload["tables"][str(n)]
        conn.send(("stored", at, n, number, seats[0], seats[1], step.totals))
        if steps[n]:
            due[n] = max(due[n], time.monotonic() - interval) + rng.expovariate(1 / interval)
        else:
            conn.send(("finished", at, n))
            del left[n]
