"""``kaiser-scorer recover``: a new database from the archive and what the damaged one still holds.

The damaged file is only read (``mode=ro``), never changed; the new database gets every game
that still replays from the old file, and every archived game the old file lost.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware import archive, digest
from hardware.club.revision import carry_club
from hardware.journal import Journal
from hardware.storage import JournalError, WriterLock, beside, db_uri
from kaiser_core.cards import FIVE_HEARTS, THREE_SPADES, Seat, Team
from kaiser_core.entries import (
    CardEntry,
    ConfirmEntry,
    ContractEntry,
    Mode,
    RedealEntry,
    SpecialEntry,
    Start,
    TableEntry,
    TakenEntry,
    TrickEntry,
    entry_from_json,
    entry_to_json,
)
from kaiser_core.errors import KaiserError
from kaiser_core.hand import ByCard, ByTeam, ByTrick, Hand
from kaiser_core.record import parse_record
from kaiser_core.rules import Rules
from kaiser_core.table import Table, Ui


@dataclass
class Game:
    """A game to write into the new database."""

    id: int
    rules: Rules
    names: dict[str, str]
    series: int | None
    entries: list[TableEntry]
    state: str = "playing"
    source: str = "database"


@dataclass
class Report:
    """What recover found."""

    games: list[Game] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    bad_lines: int = 0
    current: int | None = None

    def line(self, old: Path, new: Path) -> str:
        """The summary printed by the command."""
        from_db = sum(1 for g in self.games if g.source == "database")
        lost = f"; lost: game {', '.join(map(str, self.lost))}" if self.lost else ""
        bad = f"; {self.bad_lines} unreadable archive lines skipped" if self.bad_lines else ""
        return (
            f"recovered {len(self.games)} games into {new} ({from_db} from the database, "
            f"{len(self.games) - from_db} from the archive{lost}{bad}); {old} was left as it was"
        )


def record_entries(record: dict[str, Any]) -> tuple[Rules, dict[str, str], list[TableEntry]]:
    """A game record as the table's entries (the same hands, scores and specials)."""
    parsed = parse_record(record)
    entries: list[TableEntry] = [Start(parsed.first_dealer)]
    for entry in parsed.entries:
        if not isinstance(entry, Hand):
            entries.append(RedealEntry())
            continue
        c = entry.contract
        res = entry.result
        mode = {ByTrick: Mode.PER_TRICK, ByTeam: Mode.PER_HAND, ByCard: Mode.READER}[type(res)]
        entries.append(ContractEntry(c.bidder, c.bid.number, entry.trump, entry.low, mode))
        if isinstance(res, ByTrick):
            entries.extend(TrickEntry(w) for w in res.winners)
            for card, who in ((FIVE_HEARTS, res.five_hearts), (THREE_SPADES, res.three_spades)):
                entries.append(SpecialEntry(card, _taker(who, res.winners)))
        elif isinstance(res, ByTeam):
            bidders = c.bidder.team
            side = {bidders: "bidders", bidders.other: "defenders"}
            tricks = res.tricks_ns if bidders is Team.NS else res.tricks_ew
            entries.append(TakenEntry(tricks, side[res.five_hearts], side[res.three_spades]))
        else:
            entries.extend(CardEntry(card) for trick in res.tricks for card in trick)
        entries.append(ConfirmEntry())
    names = {k: v for k, v in parsed.names.items() if k in ("NS", "EW")}
    return parsed.rules, names, entries


def _taker(who: Seat | Team, winners: tuple[Seat, ...]) -> Seat:
    if isinstance(who, Seat):
        return who
    return next(s for s in winners if s.team is who)


def _replays(rules: Rules, entries: list[TableEntry]) -> str:
    table = Table(rules)
    table.load(rules, entries, Ui())
    return "finished" if table.game is not None and table.game.over else "playing"


def read_damaged(path: Path, known: set[int]) -> tuple[dict[int, Game], int | None]:
    """Every game of the damaged file that still reads and replays; and its current game."""
    games: dict[int, Game] = {}
    current = None
    try:
        db = sqlite3.connect(db_uri(path, "ro"), uri=True)
    except sqlite3.Error:
        return games, None
    try:
        ids = set(known)
        for query in ("SELECT max(id) FROM games", "SELECT id FROM games"):
            with contextlib.suppress(sqlite3.Error):
                ids.update(r[0] for r in db.execute(query) if r[0] is not None)
        try:
            row = db.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
            current = int(row[0]) if row and row[0] else None
        except (sqlite3.Error, ValueError):
            current = None
        for game_id in range(1, max(ids, default=0) + 1):
            try:
                games[game_id] = _read_game(db, game_id)
            except (sqlite3.Error, KaiserError, ValueError, TypeError, KeyError):
                continue
    finally:
        db.close()
    return games, current


def _read_game(db: sqlite3.Connection, game_id: int) -> Game:
    row = db.execute(
        "SELECT rules, names, state, series FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        raise KeyError(game_id)
    rules = Rules.from_spec(json.loads(row[0]))
    rows = db.execute("SELECT data FROM entries WHERE game_id = ? ORDER BY seq", (game_id,))
    entries = [entry_from_json(json.loads(r[0])) for r in rows]
    state = row[2] if row[2] == "abandoned" else _replays(rules, entries)
    names = json.loads(row[1])
    if not isinstance(names, dict):
        raise ValueError("names")
    return Game(game_id, rules, names, row[3], entries, state)


def gather(path: Path) -> Report:
    """Merge the damaged file's readable games with the archive's (the file wins when whole)."""
    archived, bad = archive.read(archive.archive_path(path))
    from_db, current = read_damaged(path, set(archived))
    report = Report(bad_lines=bad)
    last = max((*archived, *from_db), default=0)
    for game_id in range(1, last + 1):
        game = from_db.get(game_id)
        if game is None and game_id in archived:
            saved = archived[game_id]
            try:
                rules, names, entries = record_entries(saved.record)
                game = Game(game_id, rules, names, saved.series, entries, "finished", "archive")
                game.state = _replays(rules, entries)
            except KaiserError:
                game = None
        if game is None:
            report.lost.append(game_id)
        else:
            report.games.append(game)
    if current in from_db and from_db[current].state == "playing":
        report.current = current
    return report


def write_new(report: Report, out: Path) -> None:
    """Write the recovered games into a new database at ``out`` (and its archive)."""
    journal = Journal(out, exclusive=True)
    try:
        with journal.transaction():
            for g in report.games:
                table = Table(g.rules)
                table.load(g.rules, g.entries, Ui())
                game = table.game
                assert game is not None
                journal.db.execute(
                    "INSERT INTO games(id, rules, names, state, winner, ns, ew, series) "
                    "VALUES(?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        g.id,
                        json.dumps(g.rules.to_spec()),
                        json.dumps(g.names),
                        g.state,
                        game.winner.code if game.over and game.winner else None,
                        game.totals[Team.NS],
                        game.totals[Team.EW],
                        g.series,
                    ),
                )
                journal.db.executemany(
                    "INSERT INTO entries(game_id, seq, data) VALUES(?, ?, ?)",
                    [
                        (g.id, seq, json.dumps(entry_to_json(e), separators=(",", ":")))
                        for seq, e in enumerate(g.entries, 1)
                    ],
                )
                if g.state == "finished":
                    from kaiser_core.record import record_json

                    rec = record_json(g.rules, game.first_dealer, list(game.entries), g.names)
                    archive.append(journal.archive, g.id, g.series, rec)
            journal.db.execute(
                "INSERT INTO meta(key, value) VALUES('current', ?)",
                (str(report.current) if report.current else "",),
            )
        digest.backfill(journal)  # the finished games' digests (the home pages')
    finally:
        journal.close()


def cmd_recover(args: argparse.Namespace) -> int:
    """``kaiser-scorer recover --db PATH [--out NEW]``."""
    old = Path(args.db)
    new = Path(args.out) if args.out else old.with_name(old.stem + "-recovered" + old.suffix)
    if new.exists():
        return _mistake(_error("recover.exists", path=str(new)))
    if not old.exists() and not archive.archive_path(old).exists():
        return _mistake(_error("recover.no_database", path=str(old)))
    try:
        lock = WriterLock(old) if beside(old, "-lock").parent.exists() else None
    except JournalError as err:
        return _mistake(err)
    try:
        report = gather(old)
        write_new(report, new)
        carry_club(old, new)  # the club's rounds and state; the journal id is new
    except (JournalError, OSError) as err:
        return _mistake(getattr(err, "strerror", None) or err)
    finally:
        if lock is not None:
            lock.release()
    print(report.line(old, new))
    return 0


def _error(key: str, /, **params: object) -> str:
    """The message ``key`` (``hardware.i18n.errors``: its words load with the first mistake)."""
    from hardware.i18n.errors import error

    return error(key, **params)


def _mistake(err: BaseException | str) -> int:
    """The user's one line in the system's language; the exit status 2."""
    from hardware.i18n.errors import say

    say(err)
    return 2


def add_subcommands(sub: Any) -> None:
    """Add ``recover`` to the command line."""
    rec = sub.add_parser("recover", help="build a new database from a damaged one and its archive")
    rec.add_argument("--db", required=True, help="the damaged database file (left as it is)")
    rec.add_argument("--out", help="the new database (default: NAME-recovered.db beside it)")
    rec.set_defaults(func=cmd_recover)
