"""``kaiser-scorer recover``: a new database from the archive and what the damaged one still holds.

The damaged file is only read (``hardware.salvage``), never changed, also on read-only
storage; the new database gets every game that still replays from the old file (a game
cut short by a bad page keeps its hands before it, and the summary says which were lost),
every archived game the old file lost, the game in progress on its screen and the club's
rounds. It is built beside ``--out`` and moved in whole (``hardware.rebuild``): a kill
leaves nothing half-made, and a rerun starts over.
"""

from __future__ import annotations

import argparse
import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware import archive
from hardware.club.revision import carried
from hardware.journal import Journal
from hardware.rebuild import ReadLock, build, in_the_way
from hardware.salvage import MAX_GAME, UNREADABLE, Game, read_damaged, replay
from hardware.storage import JournalError, check_folder, why_not_writable
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
    entry_to_json,
)
from kaiser_core.errors import KaiserError
from kaiser_core.hand import ByCard, ByTeam, ByTrick, Hand
from kaiser_core.record import parse_record
from kaiser_core.rules import Rules
from kaiser_core.table import Scene, Table, read_scene


@dataclass
class Report:
    """What recover found."""

    games: list[Game] = field(default_factory=list)
    lost: list[int] = field(default_factory=list)
    bad_lines: int = 0
    wild: list[int] = field(default_factory=list)  # damaged rows' numbers, skipped
    current: int | None = None
    meta: dict[str, str] = field(default_factory=dict)  # the old file's meta values that read

    def summary(self, old: Path, new: Path) -> str:
        """The summary printed by the command, then a line for each game kept in part."""
        from_db = sum(1 for g in self.games if g.source == "database")
        lost = f"; lost: {_numbers('game', self.lost)}" if self.lost else ""
        bad = f"; {self.bad_lines} unreadable archive lines skipped" if self.bad_lines else ""
        rows = "damaged rows" if len(self.wild) > 1 else "a damaged row"
        wild = f"; {rows} read as {_numbers('game', self.wild)} skipped" if self.wild else ""
        cut = "".join(f"\n{_cut(g)}" for g in self.games if g.hands is not None)
        return (
            f"recovered {len(self.games)} games into {new} ({from_db} from the database, "
            f"{len(self.games) - from_db} from the archive{lost}{bad}{wild}); "
            f"{old} was left as it was{cut}"
        )


def _numbers(word: str, numbers: list[int]) -> str:
    """``game 4``, ``games 2, 5-9``: runs of numbers as ranges (a gap can be long)."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
    plural = len(numbers) > 1
    return f"{word}s {text}" if plural else f"{word} {text}"


def _cut(game: Game) -> str:
    """What was kept of a game cut short: ``game 3: hands 1-4 kept, hand 5 and later lost``."""
    kept = {0: "no hand kept", 1: "hand 1 kept"}.get(game.hands or 0, f"hands 1-{game.hands} kept")
    return f"game {game.id}: {kept}, hand {(game.hands or 0) + 1} and later lost"


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


def gather(path: Path) -> Report:
    """Merge the damaged file's readable games with the archive's (the file wins when whole)."""
    archived, bad = archive.read(archive.archive_path(path))
    wild = [g for g in archived if not 0 < g <= MAX_GAME]  # a damaged line's number
    for game_id in wild:
        del archived[game_id]
    found = read_damaged(path, set(archived))
    report = Report(bad_lines=bad + len(wild), wild=sorted(found.wild), meta=found.meta)
    for game_id in range(1, max((*found.ids, *archived), default=0) + 1):
        game = found.games.get(game_id)
        if (game is None or game.hands is not None) and game_id in archived:
            game = _from_archive(archived[game_id]) or game
        if game is None:
            report.lost.append(game_id)
        else:
            report.games.append(game)
    with contextlib.suppress(ValueError):
        current = int(found.meta.get("current") or 0)
        if any(g.id == current and g.state != "abandoned" for g in report.games):
            report.current = current
    return report


def _from_archive(saved: archive.Archived) -> Game | None:
    try:
        rules, names, entries = record_entries(saved.record)
        kept, state, _ = replay(rules, entries)  # what the table takes of the record
    except KaiserError:
        return None
    return Game(saved.game, rules, names, saved.series, kept, state, "archive")


def _ui(report: Report) -> Scene:
    """The table's UI state as the old file kept it; on the game's own screen again when the
    game came back cut short or from the archive (the old screen was of entries now gone)."""
    try:
        ui = read_scene(json.loads(report.meta.get("ui") or "{}"))
    except UNREADABLE:
        ui = Scene()
    game = next((g for g in report.games if g.id == report.current), None)
    if game is not None and (game.hands is not None or game.source == "archive"):
        table = Table(game.rules)
        table.load(game.rules, game.entries, Scene())
        ui = Scene.at(table.home()).with_settings(ui.settings)
    return ui


def _meta(report: Report) -> list[tuple[str, str]]:
    """The meta values the new file takes over: the game shown, its screen, the club's
    state and rounds (CLUB.md: a spare Pi goes on with the round's game), the dates."""
    ids = {str(g.id) for g in report.games}
    kept = [
        (k, v)
        for k, v in report.meta.items()
        if carried(k) or (k.startswith("ended:") and k[6:] in ids)
    ]
    ui = json.dumps(_ui(report).to_json(), separators=(",", ":"))
    return [("current", str(report.current or "")), ("ui", ui), *kept]


def fill(journal: Journal, report: Report) -> None:
    """Write the recovered games into a new, empty database (and its archive)."""
    from kaiser_core.record import record_json

    with journal.transaction():
        for g in report.games:
            table = Table(g.rules)
            table.load(g.rules, g.entries, Scene())
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
                rec = record_json(g.rules, game.first_dealer, list(game.entries), g.names)
                archive.append(journal.archive, g.id, g.series, rec)
        journal.db.executemany(
            "INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", _meta(report)
        )
    archive.backfill_digests(journal)  # the finished games' digests (the home pages')


def cmd_recover(args: argparse.Namespace) -> int:
    """``kaiser-scorer recover --db PATH [--out NEW]``."""
    old = Path(args.db)
    new = Path(args.out) if args.out else old.with_name(old.stem + "-recovered" + old.suffix)
    try:
        check_folder(old)  # a folder this user cannot read: one line, not a traceback
        check_folder(new)
    except JournalError as err:
        return _mistake(err)
    taken = in_the_way(new)
    if taken is not None:
        return _mistake(_error("recover.exists", path=str(taken)))
    if not old.exists() and not archive.archive_path(old).exists():
        return _mistake(_error("recover.no_database", path=str(old)))
    if why_not_writable(new, False) is not None:
        return _mistake(_error("recover.cannot_write", path=str(new)))
    try:
        lock = ReadLock(old)
    except JournalError as err:
        return _mistake(err)
    try:
        report = gather(old)
        build(new, lambda journal: fill(journal, report))
    except (JournalError, OSError) as err:
        return _mistake(getattr(err, "strerror", None) or err)
    finally:
        lock.release()
    print(report.summary(old, new))
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
