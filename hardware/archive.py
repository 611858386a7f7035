"""The archive beside the database: each finished game's record, one JSON line, fsynced.

``kaiser.db-archive.jsonl`` holds one line per finished game (a game finished again after
an undo gets a newer line; the last one counts)::

    {"archive": 1, "game": 7, "series": null, "state": "finished", "record": {...}}

``record`` is the game record of GAME_RECORD.md. ``kaiser-scorer recover`` rebuilds a
database from it when the database file is damaged.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hardware.storage import ARCHIVE_SUFFIX, beside

log = logging.getLogger(__name__)
VERSION = 1
MAX_LINE = 4 << 20  # a game record is a few KB; a longer line is not one of ours


def archive_path(db_path: Path) -> Path:
    """``kaiser.db`` -> ``kaiser.db-archive.jsonl``."""
    return beside(db_path, ARCHIVE_SUFFIX)


@dataclass(frozen=True)
class Archived:
    """One archived game."""

    game: int
    series: int | None
    record: dict[str, Any]


def append(path: Path, game: int, series: int | None, record: dict[str, Any]) -> None:
    """Append one finished game and fsync it (the folder too when the file is new).

    Raises OSError when the storage refuses (the caller logs it; the database has the game).
    """
    line = json.dumps(
        {"archive": VERSION, "game": game, "series": series, "state": "finished", "record": record},
        separators=(",", ":"),
        ensure_ascii=False,
    )
    new = not path.exists()
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        size = os.fstat(fd).st_size
        # A line cut short by a crash is ended first, so this one stays whole on its own.
        start = b"\n" if size and os.pread(fd, 1, size - 1) != b"\n" else b""
        data = start + line.encode("utf-8") + b"\n"
        written = 0
        while written < len(data):
            written += os.write(fd, data[written:])
        os.fsync(fd)
    finally:
        os.close(fd)
    if new:
        folder = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


def read(path: Path) -> tuple[dict[int, Archived], int]:
    """The archived games by id (the last line of each wins) and the count of bad lines."""
    games: dict[int, Archived] = {}
    bad = 0
    for raw in _lines(path):
        try:
            data = json.loads(raw)
            game, series, record = data["game"], data.get("series"), data["record"]
            if not isinstance(game, int) or not isinstance(record, dict):
                raise ValueError("not an archived game")
            if series is not None and not isinstance(series, int):
                raise ValueError("bad series")
        except (ValueError, KeyError, TypeError, RecursionError):
            bad += 1
            continue
        games[game] = Archived(game, series, record)
    return games, bad


def _lines(path: Path) -> Iterator[bytes]:
    if not path.exists():
        return
    with open(path, "rb") as f:
        while True:
            raw = f.readline(MAX_LINE + 1)
            if not raw:
                return
            if len(raw) > MAX_LINE:
                while raw and not raw.endswith(b"\n"):  # skip the rest of the long line
                    raw = f.readline(MAX_LINE)
                yield b"!"
                continue
            if raw.strip():
                yield raw
