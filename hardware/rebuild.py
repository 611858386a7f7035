"""A new database built beside its place and moved in whole (``recover --out``).

``recover --out kaiser.db`` builds ``kaiser.db-recovering`` (with its own WAL, lock and
archive), checkpoints and fsyncs it, moves its archive to ``kaiser.db-archive.jsonl``, links
it as ``kaiser.db`` (a hard link: a file that appeared meanwhile is never replaced), then
fsyncs the folder. A kill at any moment leaves no ``kaiser.db`` (a rerun starts over and
clears what the killed one left) or the whole new one, its archive beside it.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path

from hardware.archive import archive_path
from hardware.journal import Journal
from hardware.storage import (
    DatabaseInUse,
    JournalError,
    ReadOnlyDatabase,
    WriterLock,
    beside,
)

#: The file a new database is built in, beside its place: ``kaiser.db-recovering``.
PART = "-recovering"


def in_the_way(out: Path) -> Path | None:
    """The file that keeps a new database from ``out``: ``out`` itself, a WAL or its index
    left beside it (SQLite would lay that WAL's pages, another database's, over the new file:
    a spare's own, its scorer stopped while its publisher read), or an archive beside it
    that a killed build did not leave (a build's own leaves its ``-recovering`` file)."""
    for path in (out, beside(out, "-wal"), beside(out, "-shm")):
        if os.path.lexists(path):
            return path
    archived = archive_path(out)
    if os.path.lexists(archived) and not beside(out, PART).exists():
        return archived
    return None


def build(out: Path, fill: Callable[[Journal], None]) -> None:
    """Make a new database, ``fill`` it, and put it at ``out`` whole (or not at all)."""
    part = beside(out, PART)
    lock = WriterLock(part)  # a second build of the same file is refused
    try:
        for stale in (part, beside(part, "-wal"), beside(part, "-shm"), archive_path(part)):
            stale.unlink(missing_ok=True)  # a killed build's
        journal = Journal(part)
        try:
            fill(journal)
            journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            journal.close()
        wal = beside(part, "-wal")
        if wal.exists() and wal.stat().st_size:
            raise JournalError(f"{part}: its WAL could not be written into it; nothing was moved")
        _fsync(part)
        if archive_path(part).exists():
            os.replace(archive_path(part), archive_path(out))
        _place(part, out)
        _fsync(out.parent)
        beside(part, "-lock").unlink(missing_ok=True)
    finally:
        lock.release()


def _place(part: Path, out: Path) -> None:
    """``part`` becomes ``out``; a file at ``out`` meanwhile is refused, never replaced."""
    from hardware.i18n.errors import error  # its words load with the first mistake

    try:
        os.link(part, out)
    except FileExistsError:
        raise JournalError(error("recover.exists", path=str(out))) from None
    except OSError:  # a file system without hard links (a FAT card)
        if os.path.lexists(out):
            raise JournalError(error("recover.exists", path=str(out))) from None
        os.rename(part, out)
        return
    os.unlink(part)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class ReadLock:
    """The scorer's lock held while a database is only read (``recover``).

    Where the lock file cannot be made (read-only storage, a folder this user may not
    write) it is looked at through a read-only open: a scorer that still holds it refuses
    the reading; no lock file means no scorer wrote there.
    """

    def __init__(self, path: Path) -> None:
        self.lock: WriterLock | None = None
        self.fd = -1
        if not path.parent.exists():
            return
        try:
            self.lock = WriterLock(path)
            return
        except ReadOnlyDatabase:
            pass
        try:
            self.fd = os.open(beside(path, "-lock"), os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            return
        try:
            fcntl.flock(self.fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except OSError:
            self.release()
            raise DatabaseInUse(  # storage.WriterLock's words (read back in every language)
                f"{path}: another scorer is using this database; stop it first "
                "(export works meanwhile)"
            ) from None

    def release(self) -> None:
        """Let go (the OS does when the process ends)."""
        if self.lock is not None:
            self.lock.release()
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1
