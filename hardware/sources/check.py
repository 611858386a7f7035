"""The idle check: SQLite's full ``PRAGMA quick_check`` of the database, off the key path.

``quick_check`` reads the whole file, so it never runs at start (start-up stays O(1) in the
history) nor between keys. The source looks, on a timer of the main loop, whether the table
has been idle for ``idle`` seconds; then it runs the check in a thread of its own, on a
connection of its own opened read-only (the scorer stays the only writer; SQLite lets go
of the GIL while it reads, and WAL readers never block the writer). The verdict comes back
to the main loop as an event. First ``first`` seconds after the start, then every ``every``
seconds; a check still running when the scorer stops is interrupted
(``Connection.interrupt``), so it never delays a stop either.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from hardware.storage import db_uri, found, is_corruption

if TYPE_CHECKING:
    from hardware.scorer import Scorer

log = logging.getLogger("kaiser-scorer")
#: Seconds without a key before the first check; and the idle time every check waits for.
IDLE = 20.0
#: Seconds between two checks of a sound database (the file is read whole each time).
EVERY = 6 * 3600.0


def quick_check(path: Path, hold: Callable[[sqlite3.Connection], None] | None = None) -> str | None:
    """``PRAGMA quick_check`` on a read-only connection: None when sound, else what it found.

    ``hold`` is given the connection while the check runs (to interrupt it). Raises
    sqlite3.OperationalError when the check was interrupted or the file is busy.
    """
    db = sqlite3.connect(db_uri(path, "ro"), uri=True, isolation_level=None, timeout=5)
    try:
        if hold is not None:
            hold(db)
        try:
            rows = [str(r[0]) for r in db.execute("PRAGMA quick_check(5)")]
        except sqlite3.DatabaseError as err:
            if not is_corruption(err):
                raise  # interrupted, locked: no verdict
            rows = [str(err)]
    finally:
        db.close()
    return None if rows == ["ok"] else found("quick_check", rows)


class CheckSource:
    """Runs :func:`quick_check` when the table is idle; damage goes to ``scorer.damaged``."""

    name = "check"

    def __init__(self, path: Path, *, idle: float = IDLE, every: float = EVERY) -> None:
        self.path = Path(path)
        self.idle = idle
        self.every = every
        self.checks = 0  # checks that gave a verdict
        self.running = False
        self._due = 0.0
        self._db: sqlite3.Connection | None = None
        self._thread: threading.Thread | None = None
        self._closed = threading.Event()

    def start(self, scorer: Scorer) -> None:
        """Look every ``idle`` seconds whether a check is due and the table idle."""
        self._due = scorer.clock() + self.idle
        scorer.every(self.idle, lambda: self.poll(scorer))

    def poll(self, scorer: Scorer) -> None:
        """Start a check if one is due and no key came for ``idle`` seconds (``running``)."""
        now = scorer.clock()
        if self.running or scorer.fault or now < self._due or now - scorer.last_input < self.idle:
            return
        self.running = True
        self._thread = threading.Thread(
            target=self._run, args=(scorer,), name="quick_check", daemon=True
        )
        self._thread.start()

    def _hold(self, db: sqlite3.Connection) -> None:
        self._db = db
        if self._closed.is_set():  # interrupt() stops running statements only
            raise sqlite3.OperationalError("interrupted: the scorer is stopping")

    def _run(self, scorer: Scorer) -> None:
        try:
            verdict = quick_check(self.path, self._hold)
        except sqlite3.Error as err:  # interrupted by close(), or busy: try again later
            log.info("database check not finished (%s): tried again when idle", err)
            scorer.call(lambda: self._done(scorer, None, again=True))
        else:
            scorer.call(lambda: self._done(scorer, verdict))
        finally:
            self._db = None

    def _done(self, scorer: Scorer, verdict: str | None, again: bool = False) -> None:
        """On the main thread: note the verdict and when the next check is due."""
        self.running = False
        self._due = scorer.clock() + (self.idle if again else self.every)
        if again:
            return
        self.checks += 1
        if verdict is None:
            log.info("database check: %s is sound", self.path)
        else:
            scorer.damaged(verdict)

    def close(self) -> None:
        """Interrupt a check that is running and wait (briefly) for its thread."""
        self._closed.set()
        db = self._db
        if db is not None:
            db.interrupt()
        if self._thread is not None:
            self._thread.join(2)
