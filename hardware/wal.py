"""SQLite's write-ahead log read as SQLite reads it: which pages it holds, how long the file is.

A commit goes to ``kaiser.db-wal`` first; a checkpoint copies it into ``kaiser.db`` later.
A checkpoint that a full disk stopped half-way leaves the database file shorter than its
header says while the WAL still holds every page: the database is sound (SQLite reads
those pages from the WAL). The start's header check (``hardware.storage.check_header``)
asks this module before it calls such a file cut short.

The format (sqlite.org/fileformat2.html, "The WAL File Format"): a 32-byte header (magic,
version, page size, checkpoint sequence, two salts, a checksum), then frames of a 24-byte
header (page number, the database's size in pages after a commit or 0, the salts, the
running checksum) and one page. A frame counts when its salts are the header's and its
checksum follows on; the log ends at the last commit frame before the first that does not.
Only read when the header check fails: the checksums cost some 0.1 s per MiB of log (on
the development machine; a WAL stays under about 1 MiB, the automatic checkpoint).
"""

from __future__ import annotations

import os
import stat
import struct
import sys
from array import array
from dataclasses import dataclass
from pathlib import Path

MAGIC = 0x377F0682  # | 1: the checksums are of big-endian words
VERSION = 3007000
HEADER = 32
FRAME_HEADER = 24


@dataclass(frozen=True)
class Wal:
    """What a WAL holds up to its last commit: the database's size, the pages, the frames."""

    db_pages: int
    pages: frozenset[int]
    frames: int


def _checksum(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), carried on from s0, s1."""
    words = array("I", data)
    if big != (sys.byteorder == "big"):
        words.byteswap()
    it = iter(words)
    for x0, x1 in zip(it, it, strict=True):
        s0 = (s0 + x0 + s1) & 0xFFFFFFFF
        s1 = (s1 + x1 + s0) & 0xFFFFFFFF
    return s0, s1


def read_wal(path: Path, page_size: int) -> Wal | None:
    """The committed content of the WAL at ``path``; None when there is none or it is not one
    (no file, an empty or foreign one, another page size, no commit)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None  # a FIFO would never end; SQLite cannot use it either
            head = f.read(HEADER)
            if len(head) < HEADER:
                return None
            magic, version, size, _, salt1, salt2, c0, c1 = struct.unpack(">8I", head)
            big = magic == MAGIC | 1
            if magic not in (MAGIC, MAGIC | 1) or version != VERSION or size != page_size:
                return None
            if _checksum(head[:24], big, 0, 0) != (c0, c1):
                return None
            s0, s1 = c0, c1
            pages: set[int] = set()
            found: Wal | None = None
            frames = 0
            while True:
                frame = f.read(FRAME_HEADER + page_size)
                if len(frame) < FRAME_HEADER + page_size:
                    return found
                page, db_pages, f1, f2, k0, k1 = struct.unpack_from(">6I", frame)
                if (f1, f2) != (salt1, salt2) or page == 0:
                    return found
                s0, s1 = _checksum(frame[:8], big, s0, s1)
                s0, s1 = _checksum(frame[FRAME_HEADER:], big, s0, s1)
                if (s0, s1) != (k0, k1):
                    return found
                pages.add(page)
                frames += 1
                if db_pages:
                    found = Wal(db_pages, frozenset(pages), frames)
    except OSError:
        return None


def covers(wal: Wal | None, file_pages: int) -> bool:
    """True when the WAL holds every page of the database past the file's ``file_pages``."""
    if wal is None:
        return False
    return all(p in wal.pages for p in range(file_pages + 1, wal.db_pages + 1))
