"""The club bench's tables: real journals written key by key, real publishers.

Each worker process runs some of the tables. A table is what the scorer does, without
its screen: keys pressed into a ``Table``, each change journaled by
``hardware.journal.Journal.store`` (rev raised in the same transaction) and announced by
the real ``WakeSink``; its publisher is the real ``hardware.club.publisher.Publisher``
(its own thread here, its own process on a Pi), reading the journal read-only. A round
arrives as the scorer's club link hands it over (``waiting.receive``, journaled).
"""

from __future__ import annotations

import random
import sys
import threading
import time
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
        self.hands = 0
        self.redo = False
        self.stored = 0  # changes journaled (one a key that changed something)

    def store(self, change: Any) -> None:
        """What the scorer does with a change: journal it, then wake the publisher."""
        self.journal.store(change, self.table)
        if change.stored:
            self.stored += 1
            self.sink.stored(change)

    def press(self, keys: list[str]) -> None:
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
        self.hands = 0

    def change(self, rng: random.Random) -> None:
        """One stored change that alters the record: a hand, or an undo and its redo."""
        if self.redo:
            self.press(["OK"])
            self.redo = False
        elif self.hands and rng.random() < 0.05:
            self.press(["HOLD-B"])  # undo the last hand (the next change enters it again)
            self.redo = True
        else:
            self.press(random_hand(rng))
            self.hands += 1

    @property
    def finished(self) -> bool:
        game = self.table.game
        return game is not None and game.over and not self.redo

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
    """A process of tables: ``("round", payload)`` plays the round, ``("stop",)`` ends."""
    tables = {
        n: BenchTable(Path(folder) / f"t{n}", n, port, event, logins[f"table-{n}"]) for n in numbers
    }
    rng = random.Random(seed)
    deadline = time.monotonic() + 20
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
        for t in playing:
            t.round(payload)
        due = {t.n: time.monotonic() + rng.expovariate(1 / interval) for t in playing}
        left = {t.n: t for t in playing}
        hands = 0
        while left:
            n = min(left, key=due.__getitem__)
            time.sleep(max(0.0, due[n] - time.monotonic()))
            t = left[n]
            t.change(rng)
            seats = payload["tables"][str(n)]
            conn.send(("stored", time.monotonic(), n, number, seats[0], seats[1], t.totals()))
            if t.finished:
                hands += t.hands
                del left[n]
            else:
                due[n] = time.monotonic() + rng.expovariate(1 / interval)
        records = {t.n: t.record(number) for t in playing}
        published = sum(t.publisher.published for t in tables.values())
        stored = sum(t.stored for t in tables.values())
        conn.send(("done", records, hands, published, stored))
    for t in tables.values():
        t.close()
    conn.send(("closed",))
