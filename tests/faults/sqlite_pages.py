"""A SQLite file read and damaged byte by byte: the fault tests' bad sectors, aimed.

SQLite's file format (sqlite.org/fileformat2.html): each b-tree page starts with its
header (type, cell count) and an array of cell offsets in key order; a table leaf's cell is
``payload size, rowid, record``, an index leaf's (``entries`` is WITHOUT ROWID) is ``payload
size, record``; a record is its header's serial types, then the values.
"""

from __future__ import annotations

import struct
from pathlib import Path

from .conftest import pages

#: Bytes of an integer value by its serial type (8 and 9 are the constants 0 and 1).
INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8, 8: 0, 9: 0}


def varint(buf: bytes, at: int) -> tuple[int, int]:
    """SQLite's varint at ``at``: its value and the offset after it."""
    value = 0
    for i in range(8):
        byte = buf[at + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, at + i + 1
    return (value << 8) | buf[at + 8], at + 9


def page_size(db: Path) -> int:
    with open(db, "rb") as f:
        head = f.read(100)
    (size,) = struct.unpack_from(">H", head, 16)
    return 65536 if size == 1 else size


def read_page(db: Path, page: int) -> bytes:
    size = page_size(db)
    with open(db, "rb") as f:
        f.seek((page - 1) * size)
        return f.read(size)


def cells(db: Path, page: int) -> list[int]:
    """The offsets of a leaf page's cells, in key order."""
    buf = read_page(db, page)
    head = 100 if page == 1 else 0
    assert buf[head] in (0x0A, 0x0D), f"page {page} is not a leaf ({buf[head]})"
    (count,) = struct.unpack_from(">H", buf, head + 3)
    return [struct.unpack_from(">H", buf, head + 8 + 2 * i)[0] for i in range(count)]


def _int(buf: bytes, at: int, kind: int) -> int:
    if kind in (8, 9):
        return kind - 8
    size = INT_SIZES[kind]
    return int.from_bytes(buf[at : at + size], "big", signed=True)


def entry_keys(db: Path, page: int) -> list[tuple[int, int]]:
    """The (game id, seq) of each row on a leaf page of ``entries``."""
    buf = read_page(db, page)
    keys = []
    for cell in cells(db, page):
        _, at = varint(buf, cell)  # payload size
        header, body = varint(buf, at)
        end = at + header
        kinds = []
        while body < end and len(kinds) < 2:
            kind, body = varint(buf, body)
            kinds.append(kind)
        value_at = end
        game = _int(buf, value_at, kinds[0])
        seq = _int(buf, value_at + INT_SIZES[kinds[0]], kinds[1])
        keys.append((game, seq))
    return keys


def pages_of_game(db: Path, game: int) -> dict[int, list[int]]:
    """The leaf pages holding a game's entry rows, each with its rows' seq numbers."""
    found: dict[int, list[int]] = {}
    for page in pages(db, "entries"):
        seqs = [seq for g, seq in entry_keys(db, page) if g == game]
        if seqs:
            found[page] = seqs
    return found


def write_at(db: Path, offset: int, data: bytes) -> None:
    """Real bytes into the file, as a bad sector or a stray write leaves them."""
    with open(db, "r+b") as f:
        f.seek(offset)
        f.write(data)


def zero_page(db: Path, page: int) -> None:
    """A page of zeros (an SD card's erased block)."""
    write_at(db, (page - 1) * page_size(db), bytes(page_size(db)))


def set_last_rowid(db: Path, page: int, varint_bytes: bytes) -> None:
    """Overwrite the rowid of the last cell of a table leaf with these varint bytes (the
    record after it is overwritten where the new varint is longer: a damaged cell)."""
    last = cells(db, page)[-1]
    buf = read_page(db, page)
    _, at = varint(buf, last)  # payload size; the rowid starts here
    write_at(db, (page - 1) * page_size(db) + at, varint_bytes)
