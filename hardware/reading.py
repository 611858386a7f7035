"""Reading the database where this process may not write: what is stored, or a line saying not.

SQLite's rules for a reader of a WAL database (https://sqlite.org/wal.html, "Read-Only
Databases"): it reads the newest changes in ``kaiser.db-wal`` through the index in
``kaiser.db-shm``, and opens both read-write, making them where it may write the folder
(with the main file's mode, owned by the reader: a reader of a mode 444 file left both 444
and every key of the next scorer failed). So a reader never lets SQLite make one: with no
``-wal`` no writer has the file open and every change is in the main file, read with
``immutable=1``; if the files change while it is read (a scorer started meanwhile), it is
read again. With a ``-wal`` (the scorer is running, or was killed) it is read through the
``-shm`` opened read-only (``readonly_shm=1``, SQLite 3.22 and later), never made. Only a
``-wal`` with changes that cannot be used from here (no ``-shm`` beside it, or not
readable) leaves the reader possibly behind, and then it says so (``View.behind``). A
scorer that stops between the look for its ``-wal`` and SQLite's open leaves none, and
SQLite makes an empty one: the scorer's start names it if it cannot write it
(``hardware.storage.check_writable``).

``immutable=1`` is never chosen because the storage is read-only: the web unit's view of
the state folder is a read-only bind mount while the scorer writes through its own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from hardware.storage import beside, db_uri, is_corruption

T = TypeVar("T")
#: SQLite's primary result codes that mean "the WAL cannot be used from here": READONLY
#: (the folder: ``-shm`` cannot be made) and CANTOPEN (``-wal`` or ``-shm`` cannot be opened).
WAL_REFUSED = {8, 14}
#: Reads of a main file that changed meanwhile before the view says it may be behind.
TRIES = 3
#: A WAL header alone (32 bytes) holds no change.
WAL_HEADER = 32


class View(sqlite3.Connection):
    """A read-only connection that knows whether what it reads may be behind the table."""

    path = ""
    #: The one line saying what may be missing, or None when the view is whole.
    behind: str | None = None
    #: The files as they were when an immutable view opened (None: SQLite keeps it whole).
    seen: tuple[int, ...] | None = None

    def moved(self) -> bool:
        """True when the files changed since an immutable view opened (a writer came)."""
        return self.seen is not None and self.seen != _files(Path(self.path))


def _files(path: Path) -> tuple[int, ...]:
    """The main file's identity, size and time, and the ``-wal``'s size (-1: none)."""
    try:
        st = path.stat()
    except OSError:
        return ()
    try:
        wal = beside(path, "-wal").stat().st_size
    except FileNotFoundError:
        wal = -1
    except OSError:
        wal = -2
    return (st.st_ino, st.st_size, st.st_mtime_ns, wal)


def open_view(path: Path) -> View:
    """Open ``path`` read-only by SQLite's rules above, making no file beside it; raises
    sqlite3.DatabaseError."""
    seen = _files(path)
    if not seen or seen[-1] != -1 or not _in_wal_mode(path):
        db = _connect(path, immutable=False)
        try:
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.DatabaseError as err:
            db.close()
            code = getattr(err, "sqlite_errorcode", 0) & 0xFF
            if is_corruption(err) or code not in WAL_REFUSED:
                raise
        seen = _files(path)
    db = _connect(path, immutable=True)
    db.seen = seen
    if not seen or seen[-1] > WAL_HEADER or seen[-1] == -2:
        from hardware.i18n.errors import error

        db.behind = error("read.behind", path=str(path), wal=beside(path, "-wal").name)
    return db


def _in_wal_mode(path: Path) -> bool:
    """True when the file's header says WAL (its read and write versions are 2)."""
    try:
        with open(path, "rb") as f:
            return f.read(20)[18:20] == b"\x02\x02"
    except OSError:
        return False


def _connect(path: Path, immutable: bool) -> View:
    uri = db_uri(path, "ro", immutable=immutable)
    if not immutable:  # the -shm is opened read-only, never made (SQLite's unix VFS)
        uri += "&readonly_shm=1"
    db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=5, factory=View)
    db.path = str(path)
    return db


class Reader(Protocol):
    """What :func:`read_stored` needs of a journal opened read-only (``Journal``)."""

    db: sqlite3.Connection

    def close(self) -> None: ...

    def note_damage(self, err: BaseException) -> Exception: ...


R = TypeVar("R", bound=Reader)


def read_stored(opened: Callable[[], R], read: Callable[[R], T]) -> tuple[T, str | None]:
    """``read`` on a journal ``opened`` read-only (a view: :func:`open_view`), in one read
    transaction; again when a writer changed the main file meanwhile. Returns what it read
    and the line that says it may be behind (or None). Raises what ``opened`` raises, and
    the journal's error for a failed read (damage: DatabaseDamaged)."""
    for attempt in range(1, TRIES + 1):
        journal = opened()
        view = journal.db
        assert isinstance(view, View)
        where = view.path
        try:
            view.execute("BEGIN")
            result = read(journal)
        except sqlite3.DatabaseError as err:
            if attempt == TRIES or not view.moved():
                raise journal.note_damage(err) from None
            continue
        finally:
            journal.close()
        if not view.moved():
            return result, view.behind
    from hardware.i18n.errors import error

    return result, error("read.changing", path=where)


__all__ = ["Reader", "View", "open_view", "read_stored"]
