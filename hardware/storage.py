"""Opening the scorer's database safely: a path (never a URI), one writer, honest errors.

Files beside ``kaiser.db``: ``kaiser.db-lock`` (held by the one scorer that writes, with
``fcntl.flock``: the OS lets go when the process dies), ``kaiser.db-damaged`` (written when
damage is found: no scorer writes to the file again) and ``kaiser.db-archive.jsonl`` (every
finished game's record, see hardware/archive.py).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import logging
import os
import sqlite3
import stat
import struct
from pathlib import Path

from hardware.wal import covers, read_wal
from kaiser_core.errors import KaiserStorageError

#: SQLite's result codes that mean the file itself is bad (sqlite3.h).
CORRUPT_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB (and their extended codes)
FULL_CODE = 13  # SQLITE_FULL
#: Free bytes below which a start SQLite refused met a full disk (the WAL index takes 32 KiB).
ROOM = 64 * 1024
MAGIC = b"SQLite format 3\x00"
#: The scorer's tables (hardware/journal.py says what each holds).
DDL = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    rules TEXT NOT NULL,
    names TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'playing',
    winner TEXT,
    ns INTEGER NOT NULL DEFAULT 0,
    ew INTEGER NOT NULL DEFAULT 0,
    series INTEGER
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
"""


class JournalError(KaiserStorageError):
    """The database cannot be used (corrupt, foreign, unwritable, in use); one clear line."""


class DatabaseInUse(JournalError):
    """Another scorer is writing to this database."""


class DatabaseDamaged(JournalError):
    """The database file is damaged: nothing is written to it any more."""


class ReadOnlyDatabase(JournalError):
    """The database (or its folder, or the storage) cannot be written."""


class StorageFull(JournalError):
    """The storage holding the database has no room left (SQLite could not even start)."""


class NotOurFile(JournalError):
    """A FIFO, a symlink or a device where the scorer keeps a file of its own."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            f"{path}: not a regular file (the scorer keeps its own file there): move it away"
        )


#: The archive of finished games beside the database (``hardware.archive``).
ARCHIVE_SUFFIX = "-archive.jsonl"
#: The meta key of the finished games the archive may still lack (``hardware.archive``).
PENDING = "archive.pending"


def beside(path: Path, suffix: str) -> Path:
    """A file next to the database: ``kaiser.db-lock``, ``kaiser.db-archive.jsonl``."""
    return path.with_name(path.name + suffix)


def db_uri(path: Path, mode: str, immutable: bool = False) -> str:
    """A SQLite URI for ``path`` with every special character quoted (``?``, ``#``, ``%``)."""
    uri = f"{path.absolute().as_uri()}?mode={mode}"
    return uri + "&immutable=1" if immutable else uri


def is_corruption(err: BaseException) -> bool:
    """True for SQLite's "database disk image is malformed" and "file is not a database"."""
    code = getattr(err, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in CORRUPT_CODES
    text = str(err)
    return "malformed" in text or "not a database" in text


def is_full(err: BaseException) -> bool:
    """True for SQLite's "database or disk is full" and the OS's ENOSPC."""
    if isinstance(err, OSError):
        return err.errno == errno.ENOSPC
    return getattr(err, "sqlite_errorcode", 0) & 0xFF == FULL_CODE


def no_room(path: Path) -> bool:
    """True when the folder of ``path`` has less than ROOM bytes free (a full disk)."""
    try:
        st = os.statvfs(path.parent)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < ROOM


def wal_left(path: Path) -> bool:
    """True when the database's WAL holds something (a clean stop leaves none)."""
    try:
        return os.stat(beside(path, "-wal")).st_size > 0
    except OSError:
        return False


def storage_read_only(path: Path) -> bool:
    """True when the file system holding ``path`` (or its folder) is mounted read-only."""
    for place in (path, path.parent):
        try:
            return bool(os.statvfs(place).f_flag & os.ST_RDONLY)
        except OSError:
            continue
    return False


def check_folder(path: Path) -> bool:
    """Whether the database file exists (non-empty); raises JournalError if it cannot be seen."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return False
    except PermissionError:
        raise JournalError(
            f"{path}: permission denied: the folder {path.parent} cannot be read by this user"
        ) from None
    except OSError as err:
        raise JournalError(f"{path}: {err.strerror or err}") from None
    if not path.is_file():
        raise JournalError(f"{path}: not a file")
    return st.st_size > 0


def why_not_writable(path: Path, existed: bool) -> str | None:
    """The reason the scorer could not write here (read-only storage, file or folder)."""
    if storage_read_only(path if existed else path.parent):
        return "is on read-only storage"
    if existed and not os.access(path, os.W_OK):
        return "is a read-only file"
    folder = path.parent
    if folder.exists() and not os.access(folder, os.W_OK | os.X_OK):
        return f"is in a folder this user cannot write ({folder})"
    return None


#: SQLite's own files beside a WAL database: the log and its index (sqlite.org/wal.html).
WAL_FILES = ("-wal", "-shm")


def wal_trouble(path: Path) -> JournalError | None:
    """What stops the scorer using the ``-wal`` or ``-shm`` beside ``path``, or None.

    SQLite opens an existing one read-only when it may not write it (another user's, mode
    444: a reader of a 444 file made them so), and then every key fails; a folder or a FIFO
    there is not SQLite's. Seen with ``os.access`` and ``lstat``, never opened: closing a
    descriptor of the ``-shm`` would drop the locks SQLite holds on it in this process."""
    for suffix in WAL_FILES:
        file = beside(path, suffix)
        try:
            check_own(file)
        except NotOurFile as err:
            return err
        if os.path.lexists(file) and not os.access(file, os.W_OK):
            return ReadOnlyDatabase(unwritable_line(file))
    return None


def check_writable(path: Path, existed: bool) -> None:
    """Raise ReadOnlyDatabase (or NotOurFile) when the scorer could not store a key at
    ``path``: :func:`why_not_writable`, then :func:`wal_trouble`; before the first key."""
    why = why_not_writable(path, existed)
    if why is not None:
        raise ReadOnlyDatabase(
            f"{path} {why}: the scorer cannot store games there; export still works"
        )
    trouble = wal_trouble(path)
    if trouble is not None:
        raise trouble


def unwritable_line(file: Path) -> str:
    """The one line for a file beside the database that this user cannot write."""
    import pwd

    def name(uid: int) -> str:
        try:
            return pwd.getpwuid(uid).pw_name
        except KeyError:
            return str(uid)

    st = file.stat()
    user, owner = name(os.geteuid()), name(st.st_uid)
    command = f"chown {user} {file} && chmod u+rw {file}"
    return (
        f"{file}: user {user} cannot write it (owner {owner}, mode {stat.filemode(st.st_mode)}):"
        f" the scorer cannot store games. Run as root: {command}"
    )


def check_header(path: Path) -> None:
    """The file starts as SQLite and is as long as its header says, or its WAL holds the
    pages the file lacks (else: damaged/foreign)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
            size = os.fstat(f.fileno()).st_size
    except OSError as err:
        raise JournalError(f"{path}: {err.strerror or err}") from None
    if not head.startswith(MAGIC):
        raise JournalError(
            f"{path}: not a Kaiser scorer database (not an SQLite file); it was left untouched"
        )
    if len(head) < 100:
        raise DatabaseDamaged(damaged_line(path, "the file is cut short inside its header"))
    (page_size,) = struct.unpack_from(">H", head, 16)
    page_size = 65536 if page_size == 1 else page_size
    change, pages = struct.unpack_from(">II", head, 24)
    (valid_for,) = struct.unpack_from(">I", head, 92)
    if page_size < 512 or page_size & (page_size - 1):
        raise DatabaseDamaged(damaged_line(path, f"its header gives a page size of {page_size}"))
    if change == valid_for and pages and size < pages * page_size:
        # A checkpoint that a full disk stopped half-way: the WAL still holds the rest.
        if covers(read_wal(beside(path, "-wal"), page_size), size // page_size):
            return
        raise DatabaseDamaged(
            damaged_line(path, f"the file is cut short: {size} of {pages * page_size} bytes")
        )


def found(what: str, rows: list[str]) -> str:
    """What a quick_check found, on one line (SQLite's rows may hold newlines), shortened."""
    return what + ": " + " ".join("; ".join(rows).split())[:200]


def damaged_line(path: Path, reason: str) -> str:
    """The one line that says a database is damaged and what to do."""
    return (
        f"{path}: the database is damaged ({reason}); nothing more is written to it. "
        f"Run: kaiser-scorer recover --db {path}"
    )


def mark_damaged(path: Path, reason: str) -> None:
    """Leave ``kaiser.db-damaged`` beside the file so that no later scorer writes to it."""
    try:
        fd = open_own(beside(path, "-damaged"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(reason + "\n")
    except (OSError, JournalError) as err:  # this run writes no more all the same
        logging.getLogger("hardware.journal").warning("%s: no damage mark left: %s", path, err)


def damage_mark(path: Path) -> str | None:
    """The reason written by :func:`mark_damaged`, or None (no mark). Raises NotOurFile when
    something else is in its place."""
    try:
        fd = open_own(beside(path, "-damaged"), os.O_RDONLY)
    except NotOurFile:  # an OSError too: not to be taken for no mark
        raise
    except OSError:
        return None
    with os.fdopen(fd, "rb") as f:
        return f.read(4096).decode("utf-8", "replace").strip()


def check_own(path: Path) -> None:
    """Raise NotOurFile when a FIFO, a symlink, a folder or a device is where the scorer
    keeps a file of its own (nothing for no file, or one it cannot see: found on use)."""
    try:
        st = os.lstat(path)
    except OSError:
        return
    if not stat.S_ISREG(st.st_mode):
        raise NotOurFile(path)


def open_own(path: Path, flags: int, mode: int = 0o644) -> int:
    """Open a file of the scorer's beside the database: never through a symlink (its target
    is someone else's), never waiting on a FIFO (O_NONBLOCK: no effect on a regular file),
    only a regular file (else NotOurFile); the descriptor."""
    check_own(path)
    try:
        fd = os.open(path, flags | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, mode)
    except OSError as err:
        if err.errno not in (errno.ELOOP, errno.ENXIO):  # a symlink; a FIFO no one reads
            raise
        fd = -1
    if fd < 0 or not stat.S_ISREG(os.fstat(fd).st_mode):  # put there meanwhile
        if fd >= 0:
            os.close(fd)
        raise NotOurFile(path)
    return fd


class WriterLock:
    """``kaiser.db-lock`` locked with flock: one scorer per database; freed when it dies."""

    def __init__(self, path: Path) -> None:
        self.path = beside(path, "-lock")
        try:
            self.fd = open_own(self.path, os.O_RDWR | os.O_CREAT)
        except NotOurFile:  # an OSError too: said as it is, not as read-only storage
            raise
        except OSError as err:
            raise ReadOnlyDatabase(
                f"{path}: cannot make the lock file {self.path.name} ({err.strerror}): "
                "the scorer needs writable storage; export still works"
            ) from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(self.fd, 32, 0).decode("ascii", "replace").strip()
            os.close(self.fd)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise DatabaseInUse(
                f"{path}: another scorer is using this database{who}; stop it first "
                "(export works meanwhile)"
            ) from None
        # The pid padded to the 32 bytes read above: no ftruncate (a metadata write on the
        # SD card at every start), and a shorter pid never leaves digits of a longer one.
        # Only words for the refusal of a second scorer: a full disk leaves them out.
        with contextlib.suppress(OSError):
            os.pwrite(self.fd, f"{os.getpid():<31}\n".encode(), 0)

    def release(self) -> None:
        """Let go of the lock (also done by the OS when the process ends)."""
        if self.fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = -1


def tables(db: sqlite3.Connection) -> set[str]:
    """The names of the tables in the file's schema."""
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


class Transaction:
    """``with``: BEGIN IMMEDIATE, then COMMIT (ROLLBACK on an error, or a failed COMMIT)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, *rest: object) -> None:
        if kind is None:
            try:
                self.db.execute("COMMIT")
            except BaseException:
                rollback(self.db)  # a failed COMMIT (SQLITE_FULL, I/O) may leave it open
                raise
        else:
            rollback(self.db)  # the error in flight is the one to report


def rollback(db: sqlite3.Connection) -> None:
    """Roll back the open transaction, if any; a failure is logged, not raised."""
    if not db.in_transaction:
        return
    try:
        db.execute("ROLLBACK")
    except sqlite3.Error as err:
        logging.getLogger("hardware.journal").warning("rollback failed: %s", err)
