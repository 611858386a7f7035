"""The journal: every entry in SQLite (WAL, synchronous writes) before the screen changes.

Tables: ``meta`` (schema mark, the UI state, the scripted-play position), ``games`` (rules,
names, state, final totals, series) and ``entries`` (each game's entries in order). Undo
deletes the last entry row; the state is always the fold of what is stored.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path
from typing import Any

from hardware import digest
from hardware.club.revision import ensure_ids, stamp
from hardware.history import after_store, mark_end, past_games, seats_of, stored_names
from hardware.reading import open_view
from hardware.startcheck import APP, SCHEMA, check_schema, close_untouched, write_path_damage
from hardware.storage import (
    ARCHIVE_SUFFIX,
    DDL,
    PENDING,
    DatabaseDamaged,
    JournalError,
    ReadOnlyDatabase,
    StorageFull,
    Transaction,
    WriterLock,
    beside,
    check_folder,
    check_header,
    check_own,
    check_writable,
    damage_mark,
    damaged_line,
    db_uri,
    found,
    is_corruption,
    is_full,
    mark_damaged,
    no_room,
    rollback,
    wal_left,
)
from hardware.stored import GameRow, Saved, default_db_path
from kaiser_core.cards import Team
from kaiser_core.entries import TableEntry, entry_from_json, entry_to_json
from kaiser_core.errors import KaiserError
from kaiser_core.rules import Rules
from kaiser_core.table import Change, Scene, Table, read_scene
from kaiser_core.table.events import Journaled

log = logging.getLogger(__name__)


class Journal:
    """An open scorer database.

    ``exclusive``: hold the writer lock (the scorer; a second one is refused).
    ``read_only``: never write (export, the home pages): ``hardware.reading.open_view``.
    """

    def __init__(
        self, path: Path | str, *, exclusive: bool = False, read_only: bool = False
    ) -> None:
        self.path = Path(path)
        self.read_only = read_only
        self.damage: str | None = None
        self.archived: set[int] = set()  # appended; off the pending list with the next commit
        self.archive = beside(self.path, ARCHIVE_SUFFIX)  # as hardware.archive.archive_path
        self._lock: WriterLock | None = None
        existed = check_folder(self.path)
        if read_only and not existed:
            raise JournalError(f"{self.path}: no such database")
        if not read_only:
            mark = damage_mark(self.path)
            if mark is not None:
                raise DatabaseDamaged(damaged_line(self.path, mark or "marked damaged"))
            check_own(self.archive)  # a FIFO, a symlink: refused now, not at a game's end
            check_writable(self.path, existed)  # the file, its folder, its -wal and -shm
            if not existed:
                try:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as err:
                    raise JournalError(f"{self.path.parent}: {err.strerror or err}") from None
            if exclusive:
                self._lock = WriterLock(self.path)
        if existed:
            check_header(self.path)
        try:
            if read_only:  # SQLite's rules for readers that may not write: hardware.reading
                self.db: sqlite3.Connection = open_view(self.path)
            else:
                uri = db_uri(self.path, "rw" if existed else "rwc")
                self.db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=5)
            made = check_schema(self.db, self.path, read_only) if existed else False
            self.half_made = existed and not made
            if read_only:
                return
            left = wal_left(self.path)  # before this start writes: a crash's, or a full disk's
            why = write_path_damage(self.db) if made else None
            if why is not None:
                raise self._damaged(why)
            if not made:  # small pages: about 1 KiB of WAL per stored key (SD cards wear)
                self.db.execute("PRAGMA page_size=1024")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            if not made:
                with self.transaction():
                    for stmt in DDL.split(";"):
                        if stmt.strip():
                            self.db.execute(stmt)
                    self._set("app", APP)
                    self._set("schema", str(SCHEMA))
            ensure_ids(self)  # the journal's id and rev (CLUB.md), also in older databases
            if self.get(PENDING) is not None:  # games a full disk kept out of the archive
                from hardware.archive import catch_up

                catch_up(self)
            if wal_left(self.path):  # this start's own writes, or a crash's, or a full disk's
                self.make_room(said=left)
            digest.ensure(self.db)  # finished games' digests (hardware/digest.py)
        except sqlite3.DatabaseError as err:
            self._refused()
            if is_corruption(err):
                raise DatabaseDamaged(damaged_line(self.path, str(err))) from None
            if is_full(err) or no_room(self.path):  # SQLite says "disk I/O error" at times
                raise StorageFull(
                    f"{self.path}: the storage is full: nothing can be saved until some "
                    "space is freed; export still works"
                ) from None
            raise JournalError(
                f"{self.path}: not a usable scorer database ({err}); it was left untouched"
            ) from None
        except JournalError:
            self._refused()
            raise

    def _refused(self) -> None:
        """Refused at the start: closed as it was (no checkpoint), the lock let go."""
        try:
            if getattr(self, "db", None) is not None:
                close_untouched(self.db, self.path)
        finally:
            self.release()

    def release(self) -> None:
        """Let go of the writer lock (close() does it)."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def note_damage(self, err: BaseException) -> JournalError:
        """Note damage found while reading or writing; the error to raise."""
        if not is_corruption(err):
            return JournalError(f"{self.path}: {err}")
        return self._damaged(str(err) or type(err).__name__)

    def _damaged(self, reason: str) -> DatabaseDamaged:
        if self.damage is None:
            self.damage = reason
            if not self.read_only:
                mark_damaged(self.path, reason)
        return DatabaseDamaged(damaged_line(self.path, self.damage))

    def damaged(self, reason: str) -> DatabaseDamaged:
        """Damage found off the key path (the idle check): mark the file; the error to raise."""
        return self._damaged(reason)

    def check(self) -> str | None:
        """Run PRAGMA quick_check (reads the whole file: only off the key path).

        Returns None when the file is sound, else the reason (and the file is marked
        damaged: later stores are refused).
        """
        try:
            rows = [r[0] for r in self.db.execute("PRAGMA quick_check(5)")]
        except sqlite3.DatabaseError as err:
            rows = [str(err)]
        if rows == ["ok"]:
            return None
        self._damaged(found("quick_check", [str(r) for r in rows]))
        log.error("%s: damaged (%s): nothing more is written to it", self.path, self.damage)
        return self.damage

    def close(self) -> None:
        """Close the database (SQLite checkpoints the WAL into the file, unless it is found
        damaged: then both stay as they are, for recover) and let go of the lock."""
        try:
            if self.damage is None:
                self.db.close()
            else:
                close_untouched(self.db, self.path)
        finally:
            self.release()

    # -- low level ------------------------------------------------------------------------
    def transaction(self) -> Transaction:
        """A write transaction: committed durably on success, rolled back on error."""
        return Transaction(self.db)

    def rollback(self) -> None:
        """End a write transaction that an error left open; nothing when none is."""
        rollback(self.db)

    def make_room(self, said: bool = True) -> None:
        """Copy the WAL (up to 1 MiB between SQLite's own checkpoints) into the file and empty
        it: after a commit a full disk refused, and at a start that finds one. A checkpoint
        the disk stops half-way loses nothing (the WAL stays; check_header knows it)."""
        try:
            row = self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()
        except sqlite3.Error as err:
            log.warning("%s: no room made (%s)", self.path, err)
            return
        if row and row[0] == 0 and said:  # not for a new database's own first writes
            log.info("%s: the WAL copied into the file to make room", self.path)

    def _set(self, key: str, value: str) -> None:
        self.db.execute(
            "INSERT INTO meta(key, value) VALUES(?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def get(self, key: str) -> str | None:
        """A meta value."""
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    # -- games ----------------------------------------------------------------------------
    def current_game(self) -> GameRow | None:
        """The game the table shows (unfinished, or just finished), if any."""
        raw = self.get("current")
        if raw is None or raw == "":
            return None
        return self.game(int(raw))

    def game(self, game_id: int) -> GameRow | None:
        """One stored game."""
        row = self.db.execute(
            "SELECT id, rules, names, state, series FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            return None
        return GameRow(
            row[0], Rules.from_spec(json.loads(row[1])), json.loads(row[2]), row[3], row[4]
        )

    def latest_game(self) -> GameRow | None:
        """The most recent game, finished or not."""
        row = self.db.execute("SELECT max(id) FROM games").fetchone()
        return self.game(row[0]) if row and row[0] is not None else None

    def game_ids(self) -> list[int]:
        """Every stored game, oldest first."""
        if self.half_made and self.read_only:
            return []
        return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY id")]

    def entries(self, game_id: int) -> list[TableEntry]:
        """A game's entries in order."""
        rows = self.db.execute(
            "SELECT data FROM entries WHERE game_id = ? ORDER BY seq", (game_id,)
        )
        return [entry_from_json(json.loads(r[0])) for r in rows]

    def ui(self) -> Scene:
        """The stored UI state."""
        raw = self.get("ui")
        try:
            return read_scene(json.loads(raw)) if raw else Scene()
        except ValueError:
            return Scene()

    def series_standings(self, series: int | None) -> tuple[int, int] | None:
        """NS and EW totals added over the series' finished games."""
        if series is None:
            return None
        row = self.db.execute(
            "SELECT coalesce(sum(ns), 0), coalesce(sum(ew), 0) FROM games "
            "WHERE series = ? AND state = 'finished'",
            (series,),
        ).fetchone()
        return (int(row[0]), int(row[1]))

    # -- loading and storing a table ------------------------------------------------------
    def saved(self, with_past: bool = True) -> Saved:
        """The current game, UI, names and series as stored (values; the table loads them),
        with the finished games before it (``with_past``; else ``Saved.past`` is empty).

        Raises DatabaseDamaged when what the scorer needs cannot be read.
        """
        try:
            row = self.current_game()
            ui = self.ui()
            entries = self.entries(row.id) if row is not None else []
            series = None
            if row is not None and row.rules.series:
                series = self.series_standings(row.series)
            has_ui = self.get("ui") is not None
            past = past_games(self, row.id if row is not None else None) if with_past else ()
        except sqlite3.DatabaseError as err:
            raise self.note_damage(err) from None
        except (KaiserError, ValueError) as err:
            raise DatabaseDamaged(damaged_line(self.path, str(err))) from None
        if row is None:
            return Saved(None, None, [], ui, {}, None, has_ui, past=past)
        names = {t: row.names[t.code] for t in (Team.NS, Team.EW) if t.code in row.names}
        seats = seats_of(row.names)
        return Saved(row.id, row.rules, entries, ui, names, series, has_ui, seats, past)

    def store(
        self, change: Change, table: Table, extra: dict[str, str] | None = None
    ) -> Journaled | None:
        """Journal one key's change durably (one transaction), with optional meta values;
        returns what the table takes back (``table.handle``: the series, the finished
        games) when the commit changed it. It reads the table, never writes into it."""
        if self.damage is not None:
            raise DatabaseDamaged(damaged_line(self.path, self.damage))
        if not change.stored and not extra:
            return None  # nothing to write
        if self.read_only:
            raise ReadOnlyDatabase(f"{self.path}: opened read-only")
        try:
            before = self.get("current")
            finished = self._store(change, table, extra)
        except sqlite3.DatabaseError as err:
            if is_corruption(err):
                raise self.note_damage(err) from None
            raise
        self.archived.clear()  # the commit took them off the pending list
        past = series = None
        try:  # committed: from here on nothing is NOT SAVED
            past = after_store(self, table, before)
            grew = change.new_game is not None or change.append or change.drop
            if grew and table.game is not None and table.game.rules.series:
                row = self.current_game()
                series = self.series_standings(row.series if row else None)
        except sqlite3.DatabaseError as err:
            if is_corruption(err):
                raise self.note_damage(err) from None
            log.warning("%s: stored, but read back with an error: %s", self.path, err)
        if finished is not None:  # its archive line and digest
            from hardware.archive import game_over

            game_over(self, finished, table)
        return Journaled(series, past) if past is not None or series is not None else None

    def _store(self, change: Change, table: Table, extra: dict[str, str] | None) -> int | None:
        finished = None
        with self.transaction():
            current = self.get("current")
            game_id = int(current) if current else None
            if change.abandon and game_id is not None:
                self.db.execute("UPDATE games SET state = 'abandoned' WHERE id = ?", (game_id,))
                self._set("current", "")
                game_id = None
            new_game = None
            if change.new_game is not None:
                game_id = new_game = self._new_game(change.new_game, table)
            if game_id is not None and (change.drop or change.append):
                if change.drop:
                    digest.drop(self.db, game_id)  # an undo may reopen a finished game
                    self.db.execute(
                        "DELETE FROM entries WHERE game_id = ? AND seq IN "
                        "(SELECT seq FROM entries WHERE game_id = ? ORDER BY seq DESC LIMIT ?)",
                        (game_id, game_id, change.drop),
                    )
                row = self.db.execute(
                    "SELECT coalesce(max(seq), 0) FROM entries WHERE game_id = ?", (game_id,)
                ).fetchone()
                seq = int(row[0])
                for entry in change.append:
                    seq += 1
                    self.db.execute(
                        "INSERT INTO entries(game_id, seq, data) VALUES(?, ?, ?)",
                        (game_id, seq, json.dumps(entry_to_json(entry), separators=(",", ":"))),
                    )
                if self._update_game(game_id, table):
                    finished = game_id
                    mark_end(self, game_id)
            if finished is not None or self.archived:  # the list, in the same commit
                from hardware.archive import pending, set_pending

                ids = pending(self) - self.archived
                set_pending(self, ids | {finished} if finished is not None else ids)
            if table.game is None and not change.abandon and table.ui.screen.value == "new-game":
                self._set("current", "")
            self._set("ui", json.dumps(table.ui.to_json(), separators=(",", ":")))
            stamp(self, table, new_game)
            for key, value in (extra or {}).items():
                self._set(key, value)
        return finished

    def _new_game(self, rules: Rules, table: Table) -> int:
        series = None
        if rules.series:
            prev = self.db.execute(
                "SELECT id, series, state, rules FROM games ORDER BY id DESC LIMIT 1"
            ).fetchone()
            if prev and prev[2] == "finished" and Rules.from_spec(json.loads(prev[3])).series:
                series = prev[1]
        names = stored_names(table)
        cur = self.db.execute(
            "INSERT INTO games(rules, names, series) VALUES(?, ?, ?)",
            (json.dumps(rules.to_spec()), json.dumps(names), series),
        )
        game_id = int(cur.lastrowid or 0)
        if rules.series and series is None:
            self.db.execute("UPDATE games SET series = id WHERE id = ?", (game_id,))
        self._set("current", str(game_id))
        return game_id

    def _update_game(self, game_id: int, table: Table) -> bool:
        """Store the game's state and totals; True when it has just finished."""
        game = table.game
        if game is None:
            return False
        state = "finished" if game.over else "playing"
        before = self.db.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        self.db.execute(
            "UPDATE games SET state = ?, winner = ?, ns = ?, ew = ? WHERE id = ?",
            (
                state,
                game.winner.code if game.winner else None,
                game.totals[Team.NS],
                game.totals[Team.EW],
                game_id,
            ),
        )
        return state == "finished" and (before is None or before[0] != "finished")

    def meta_json(self, key: str) -> Any:
        """A meta value decoded from JSON, or None."""
        raw = self.get(key)
        try:
            return json.loads(raw) if raw else None
        except ValueError:
            return None


__all__ = ["GameRow", "Journal", "JournalError", "Saved", "default_db_path"]
