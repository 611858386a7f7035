"""The ``run`` and ``export`` commands: parse, open the journal, hand over to a board.

``run`` reads the config and the key script, opens the journal, builds the board
(``hardware.boards``) and serves it (``hardware.runner``); ``export`` prints stored games
as game records.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from hardware.boards import (
    BOARD_CHOICES,
    PI_BOARDS,
    BoardError,
    build,
    check_emulator,
    resolve,
)
from hardware.config import Config, ConfigError, load_config
from hardware.journal import Journal, JournalError
from hardware.keyscript import read_key_script
from hardware.resume import resume
from hardware.runner import EXIT_HARDWARE, EXIT_USAGE, serve
from hardware.storage import is_corruption
from hardware.stored import db_path_of
from hardware.textio import OutputError, write_json
from kaiser_core.cards import SEATS
from kaiser_core.errors import KaiserError
from kaiser_core.table import Screen, Table

log = logging.getLogger("kaiser-scorer")
T = TypeVar("T")


# -- the run command ----------------------------------------------------------------------
def _open_journal(path: Path) -> Journal:
    return Journal(path, exclusive=True)


def _make_table(cfg: Config, journal: Journal, reader: bool) -> Table:
    rng = random.SystemRandom()
    table = Table(
        cfg.rules,
        names=cfg.names,
        choose_seat=lambda: rng.choice(SEATS),
        reader_available=reader,
        voice_available=cfg.voice is not None and cfg.voice.enabled,  # the menu's Voice, Volume
        voice_volume=cfg.voice.volume if cfg.voice is not None else 80,
        seats=cfg.seats,
        roster=cfg.roster,
        profiles=cfg.profiles,
    )
    table.speak(cfg.language)  # the menu's Language, once chosen, wins (settings)
    table.type_size(cfg.large)  # and so does its Large type
    if not resume(journal, table).has_ui:
        # The config's display.rotate turns the picture (oled.Display); the menu's "Flip
        # display" (ui.flipped) turns it again from there, so it starts off.
        table.choose(mode=cfg.entry)
    return table


def cmd_run(args: argparse.Namespace) -> int:
    """``kaiser-scorer run``: the scorer itself."""
    logging.basicConfig(
        level=logging.INFO if not args.quiet else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    try:
        keys = read_key_script(args.keys) if args.keys is not None else None
    except ConfigError as err:
        return _config_mistake(args, err)
    try:
        cfg = load_config(args.config)
    except ConfigError as err:
        if keys is None and resolve(args.board, None) in (*PI_BOARDS, "mock"):
            return _config_fault(args, err)  # a service: wait for a fixed config
        return _config_mistake(args, err)
    board = resolve(args.board, cfg)
    if keys is not None and board != "mock":
        return _config_mistake(args, "keys.needs_mock")
    if board == "emulator":
        try:  # before the database: a terminal or a desktop that is not there is one line
            check_emulator(getattr(args, "display", "terminal"))
        except BoardError as err:
            return _mistake(err, cfg.language)
    try:
        db_path = db_path_of(args.db)
    except JournalError as err:
        return _mistake(err, cfg.language)
    try:
        journal = _open_journal(db_path)
    except JournalError as err:
        if (waited := _db_fault(board, cfg, args, db_path, err)) is not None:
            return waited  # a service: the error on its display until the database changes
        return _mistake(err, cfg.language)
    log.info("database %s", db_path)
    try:
        table = _make_table(cfg, journal, reader=cfg.reader_enabled)
        built = build(board, cfg, args, keys=keys)
    except (JournalError, BoardError) as err:
        journal.close()
        if (waited := _db_fault(board, cfg, args, db_path, err)) is not None:
            return waited
        return _mistake(err, cfg.language)
    from hardware.i18n.table import speaking
    from hardware.screens import render as draw
    from kaiser_core.table.menu import large

    render = speaking(table, lambda view: draw(view, large=large(table)))

    if board == "mock" and keys is None:
        log.info("mock board without --keys: mock pins, dummy display, until signalled")
    try:
        return serve(built, journal, table, render, args)
    except JournalError as err:  # damage found while playing: nothing more is written
        from hardware.i18n import language

        return _mistake(err, language())  # the language the table spoke


def _db_fault(
    board: str, cfg: Config, args: argparse.Namespace, db: Path, err: Exception
) -> int | None:
    """A service board: the database error on its display until the database changes."""
    service = args.keys is None and board in (*PI_BOARDS, "mock")
    if not service or not isinstance(err, JournalError):
        return None
    from hardware.fault import database_fault  # PIL's drawing: only when it is needed

    return database_fault(board, cfg, args, db, err)


def _config_mistake(args: argparse.Namespace, err: ConfigError | str) -> int:
    """The player's one line (a ConfigError, or a message id) in their language: exit 2."""
    from hardware.i18n.errors import config_language, error, said

    line = said(err if isinstance(err, ConfigError) else error(err), config_language(args.config))
    print(f"kaiser-scorer: {line}", file=sys.stderr)
    return EXIT_USAGE


def _mistake(err: BaseException | str, language: str | None = None) -> int:
    """The user's one line in ``language`` (None: the system's), the exit status 2."""
    from hardware.i18n.errors import say

    say(err, language)
    return EXIT_USAGE


def _config_fault(args: argparse.Namespace, err: ConfigError) -> int:
    """A service board with a broken config: the error on its display until the file changes."""
    from hardware.fault import wait_for_config
    from hardware.i18n.errors import config_language, message, said
    from hardware.oled import dummy_factory, luma_factory

    board = resolve(args.board, None)
    print(f"kaiser-scorer: {said(err, config_language(args.config))}", file=sys.stderr)
    factory = dummy_factory() if board == "mock" else luma_factory(Config().display)
    shots = Path(args.screenshots) if args.screenshots else None
    return wait_for_config(args.config, message(err), factory, screenshots=shots)


def cmd_export(args: argparse.Namespace) -> int:
    """``kaiser-scorer export``: the current game (or every game) as a game record.

    A game whose rows do not read is left out with a line of its own (exit status 2); the
    other games are printed all the same.
    """
    from hardware.reading import read_stored

    def read(journal: Journal) -> tuple[list[dict[str, Any]], list[GameDamaged]]:
        ids = journal.game_ids()
        records: list[dict[str, Any]] = []
        damaged: list[GameDamaged] = []
        for game_id in ids if args.all else ids[-1:]:
            try:
                records.append(export_game(journal, game_id))
            except GameDamaged as err:
                damaged.append(err)
        return records, damaged

    try:
        db_path = db_path_of(args.db)
        (records, damaged), behind = read_stored(lambda: Journal(db_path, read_only=True), read)
    except (JournalError, KaiserError) as err:
        return _mistake(err)
    if not records and not damaged:
        from hardware.i18n.errors import error

        return _mistake(error("export.no_game"))
    for game in damaged:
        _mistake(game)
    if not records:
        return EXIT_USAGE
    out = records if args.all else records[0]
    try:
        write_json(out)
    except OutputError as err:
        print(f"kaiser-scorer: {err}", file=sys.stderr)
        return EXIT_USAGE
    if behind is not None:
        _mistake(behind)  # the records are what could be read: say they may be behind
    return EXIT_USAGE if damaged else 0


class GameDamaged(JournalError):
    """A stored game whose rows do not read (the file itself may be sound): left out."""

    def __init__(self, journal: Journal, game_id: int, reason: str) -> None:
        from hardware.i18n.errors import error

        path = str(journal.path)
        super().__init__(error("export.damaged_game", path=path, number=game_id, reason=reason))
        self.number = game_id
        self.reason = reason


def export_game(journal: Journal, game_id: int) -> dict[str, Any]:
    """One stored game as a game record (confirmed hands only).

    Raises GameDamaged when a row of it does not read or its entries do not replay (a
    damaged file raises sqlite3.DatabaseError, as every read of it does).
    """
    row = _read(journal, game_id, "its row", journal.game)
    entries = _read(journal, game_id, "an entry", journal.entries)
    assert row is not None
    table = Table(row.rules)
    from kaiser_core.table import Scene

    try:
        table.load(row.rules, entries, Scene.at(Screen.SCORE))
    except KaiserError as err:
        raise GameDamaged(journal, game_id, f"its entries do not replay: {err}") from None
    from kaiser_core.record import record_json  # only the export needs it

    return record_json(row.rules, table.first_dealer, table.core_entries(), row.names)


def _read(journal: Journal, game_id: int, what: str, read: Callable[[int], T]) -> T:
    """``read(game_id)``; GameDamaged naming ``what`` when its bytes do not read."""
    try:
        return read(game_id)
    except json.JSONDecodeError:
        reason = f"{what} is not JSON"
    except sqlite3.DatabaseError as err:
        if is_corruption(err) or "decode" not in str(err):
            raise
        reason = f"{what} is not UTF-8 text"
    except (KaiserError, ValueError, TypeError, KeyError, AttributeError) as err:
        reason = f"{what} does not read: {err}"
    raise GameDamaged(journal, game_id, reason)


def add_subcommands(sub: Any) -> None:
    """Add ``run`` and ``export`` to the command line."""
    run = sub.add_parser("run", help="run the scorer (the emulator on a computer that is not a Pi)")
    run.add_argument(
        "--board",
        default="auto",
        choices=list(BOARD_CHOICES),
        help="the hardware: auto picks the config's board on a Pi, else the emulator",
    )
    run.add_argument(
        "--keys",
        help="a file of key names to press (with --board mock; without it the mock board "
        "runs until SIGTERM)",
    )
    run.add_argument("--db", help="the database file (default: the state folder)")
    run.add_argument("--config", help="the config file (TOML)")
    run.add_argument("--screenshots", help="save each new frame as PNG in this folder")
    run.add_argument(
        "--display",
        default="terminal",
        choices=["terminal", "window", "none"],
        help="emulator only: draw in the terminal, in a window, or nowhere",
    )
    run.add_argument("--quiet", action="store_true", help="log warnings only")
    run.set_defaults(func=cmd_run, ends_start_up=True)  # after its first frame
    export = sub.add_parser("export", help="print the current game as a game record (JSON)")
    export.add_argument("--db", help="the database file (default: the state folder)")
    export.add_argument("--all", action="store_true", help="every game, as a JSON list")
    export.set_defaults(func=cmd_export)


__all__ = [
    "EXIT_HARDWARE",
    "EXIT_USAGE",
    "GameDamaged",
    "add_subcommands",
    "cmd_export",
    "cmd_run",
    "export_game",
]
