"""A table on a real journal file, driven key by key as the scorer does (store, then show)."""

from __future__ import annotations

from pathlib import Path

from hardware.config import Config
from hardware.journal import Journal
from hardware.resume import commit, resume
from kaiser_core.table import Key, Table


class Room:
    """One scorer: a Table made from a config, resumed from the journal at ``db``."""

    def __init__(self, db: Path, cfg: Config | None = None) -> None:
        cfg = cfg or Config()
        self.journal = Journal(db, exclusive=True)
        self.table = Table(
            cfg.rules, names=cfg.names, seats=cfg.seats, roster=cfg.roster, profiles=cfg.profiles
        )
        resume(self.journal, self.table)

    def press(self, *keys: str) -> None:
        for name in keys:
            change = self.table.press(Key.from_name(name))
            commit(self.journal, change, self.table)  # as the scorer does

    def close(self) -> None:
        self.journal.close()


def restart(room: Room, db: Path, cfg: Config | None = None) -> Room:
    """The power goes; the scorer starts again on the same file."""
    room.close()
    return Room(db, cfg)
