"""The service's main loop and the ``run`` and ``export`` commands.

Data flows one way: key (gpiozero thread) -> queue -> table (core) -> journal (SQLite,
committed) -> view -> pixels (luma). One thread, the main one, does everything after the
queue, so the core needs no locks.
"""

from __future__ import annotations

import argparse
import json
import logging
import queue
import random
import signal
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hardware.config import Config, ConfigError, load_config
from hardware.journal import Journal, JournalError, default_db_path
from hardware.oled import Display
from kaiser_core.cards import SEATS
from kaiser_core.errors import KaiserError
from kaiser_core.record import record_json
from kaiser_core.table import Key, Screen, Table

log = logging.getLogger("kaiser-scorer")
EXIT_USAGE = 2
EXIT_HARDWARE = 3


@dataclass
class Event:
    """Something for the main loop: a key, a card read, a reader status, or stop."""

    kind: str  # "key", "card", "notice", "reader", "stop", "call"
    value: Any = None
    done: threading.Event | None = None
    extra: dict[str, str] | None = None  # meta values journaled with the key


class Scorer:
    """The table, its journal and its display, driven by events from any thread."""

    def __init__(
        self,
        table: Table,
        journal: Journal,
        display: Display,
        render: Callable[[Any], Any],
        *,
        screenshots: Path | None = None,
        dim_after: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.table = table
        self.journal = journal
        self.display = display
        self.render = render
        self.screenshots = screenshots
        self.events: queue.Queue[Event] = queue.Queue()
        self.dim_after = dim_after
        self.clock = clock
        self.last_input = clock()
        self.frame_no = 0
        self.stopping = threading.Event()
        self.on_request: Callable[[str], None] = lambda request: None
        self.on_tick: Callable[[], None] = lambda: None
        self.tick_interval: float | None = None
        self.error_line = ""
        self.keys_stored = 0

    # -- input from any thread ------------------------------------------------------------
    def post(
        self,
        kind: str,
        value: Any = None,
        done: threading.Event | None = None,
        extra: dict[str, str] | None = None,
    ) -> None:
        """Queue an event for the main loop."""
        self.events.put(Event(kind, value, done, extra))

    def key(self, name: str) -> None:
        """A key from the buttons or the keyboard."""
        self.post("key", name)

    def stop(self) -> None:
        """Ask the main loop to end (safe from a signal handler or another thread)."""
        self.stopping.set()
        self.post("stop")

    # -- the loop -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw the current view; push it if it changed; save a screenshot of a new frame."""
        image = self.render(self.table.view())
        if self.display.show(image) and self.screenshots is not None:
            self.frame_no += 1
            self.screenshots.mkdir(parents=True, exist_ok=True)
            image.save(self.screenshots / f"frame-{self.frame_no:04d}.png")

    def handle(self, event: Event) -> None:
        """One event: into the table, journaled, then drawn."""
        try:
            if event.kind == "key":
                self.last_input = self.clock()
                if self.display.dimmed:
                    self.display.dim(False)
                change = self.table.press(Key.from_name(event.value))
                self.journal.store(change, self.table, event.extra)
                self.keys_stored += 1
                if change.request:
                    self.on_request(change.request)
            elif event.kind == "card":
                self.journal.store(self.table.read_card(event.value), self.table)
            elif event.kind == "taught":
                change = self.table.taught(event.value)
                self.journal.store(change, self.table)
                if change.request:
                    self.on_request(change.request)
            elif event.kind == "notice":
                self.journal.store(self.table.reader_notice(event.value), self.table)
            elif event.kind == "reader":
                self.table.reader_online = bool(event.value)
            elif event.kind == "call":
                event.value()
        except (OSError, sqlite3.Error) as err:
            # The database cannot be written (full disk, read-only): undo in memory, say so.
            log.error("could not store the entry: %s", err)
            self.journal.restore(self.table)
            self.table.reader_notice("NOT SAVED: storage error")
        finally:
            self.refresh()
            if event.done is not None:
                event.done.set()

    def run(self) -> None:
        """Process events until ``stop()``; dims the display after ``dim_after`` idle seconds."""
        self.refresh()
        while not self.stopping.is_set():
            timeout = self._timeout()
            try:
                event = self.events.get(timeout=timeout)
            except queue.Empty:
                self._idle()
                continue
            if event.kind == "stop":
                break
            self.handle(event)
            self.on_tick()

    def _timeout(self) -> float | None:
        waits = []
        if self.tick_interval:
            waits.append(self.tick_interval)
        if self.dim_after and not self.display.dimmed:
            waits.append(max(0.0, self.last_input + self.dim_after - self.clock()))
        return min(waits) if waits else None

    def _idle(self) -> None:
        self.on_tick()
        if self.dim_after and self.clock() - self.last_input >= self.dim_after:
            self.display.dim(True)


# -- the run command ----------------------------------------------------------------------
def _is_pi() -> bool:
    try:
        with open("/proc/device-tree/model", encoding="utf-8", errors="replace") as f:
            return "raspberry pi" in f.read().lower()
    except OSError:
        return False


def _read_keys(path: str) -> list[str]:
    """Key names from a script file; raises ConfigError for an unknown key (line and name)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise ConfigError(f"{path}: {getattr(err, 'strerror', None) or err}") from None
    keys = []
    for number, line in enumerate(text.splitlines(), 1):
        for word in line.split("#", 1)[0].split():
            try:
                Key.from_name(word)
            except KaiserError as err:
                raise ConfigError(f"{path}:{number}: {err}") from None
            keys.append(word)
    return keys


def _open_journal(path: Path) -> Journal:
    return Journal(path)


def _make_table(cfg: Config, journal: Journal, reader: bool) -> Table:
    rng = random.SystemRandom()
    table = Table(
        cfg.rules, names=cfg.names, choose_seat=lambda: rng.choice(SEATS), reader_available=reader
    )
    journal.restore(table)
    if journal.get("ui") is None:
        table.ui = table.ui.__class__(mode=cfg.entry, flipped=cfg.rotate == 180)
    return table


def cmd_run(args: argparse.Namespace) -> int:
    """``kaiser-scorer run``: the scorer itself."""
    logging.basicConfig(
        level=logging.INFO if not args.quiet else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    try:
        cfg = load_config(args.config)
        keys = _read_keys(args.keys) if args.keys else None
    except ConfigError as err:
        print(f"kaiser-scorer: {err}", file=sys.stderr)
        return EXIT_USAGE
    board = args.board
    if board == "auto":
        board = cfg.board if _is_pi() else "emulator"
    if keys is not None and board != "mock":
        print("kaiser-scorer: --keys needs --board mock", file=sys.stderr)
        return EXIT_USAGE
    db_path = Path(args.db) if args.db else default_db_path()
    try:
        journal = _open_journal(db_path)
    except JournalError as err:
        print(f"kaiser-scorer: {err}", file=sys.stderr)
        return EXIT_USAGE
    log.info("database %s", db_path)
    try:
        table = _make_table(cfg, journal, reader=cfg.reader_enabled)
    except JournalError as err:
        print(f"kaiser-scorer: {err}", file=sys.stderr)
        return EXIT_USAGE
    from hardware.screens import render

    if board == "mock":
        from hardware.runner import run_mock

        return run_mock(cfg, journal, table, render, keys or [], args)
    if board == "emulator":
        from hardware.emulator import run_emulator

        return run_emulator(cfg, journal, table, render, args)
    from hardware.runner import run_pi

    return run_pi(cfg, journal, table, render, args, board)


def cmd_export(args: argparse.Namespace) -> int:
    """``kaiser-scorer export``: the current game (or every game) as a game record."""
    db_path = Path(args.db) if args.db else default_db_path()
    if not db_path.exists():
        print(f"kaiser-scorer: {db_path}: no such database", file=sys.stderr)
        return EXIT_USAGE
    try:
        journal = Journal(db_path)
        ids = journal.game_ids()
        if not args.all:
            ids = ids[-1:]
        records = [export_game(journal, game_id) for game_id in ids]
    except (JournalError, KaiserError) as err:
        print(f"kaiser-scorer: {err}", file=sys.stderr)
        return EXIT_USAGE
    if not records:
        print("kaiser-scorer: the database holds no game yet", file=sys.stderr)
        return EXIT_USAGE
    out = records if args.all else records[0]
    json.dump(out, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def export_game(journal: Journal, game_id: int) -> dict[str, Any]:
    """One stored game as a game record (confirmed hands only)."""
    row = journal.game(game_id)
    assert row is not None
    table = Table(row.rules)
    from kaiser_core.table import Ui

    table.load(row.rules, journal.entries(game_id), Ui(screen=Screen.SCORE))
    return record_json(row.rules, table.first_dealer, table.core_entries(), row.names)


def add_subcommands(sub: Any) -> None:
    """Add ``run`` and ``export`` to the command line."""
    run = sub.add_parser("run", help="run the scorer (the emulator on a computer that is not a Pi)")
    run.add_argument(
        "--board",
        default="auto",
        choices=["auto", "bonnet", "waveshare", "custom", "mock", "emulator"],
        help="the hardware: auto picks the config's board on a Pi, else the emulator",
    )
    run.add_argument("--keys", help="a file of key names to press (with --board mock)")
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
    run.set_defaults(func=cmd_run)
    export = sub.add_parser("export", help="print the current game as a game record (JSON)")
    export.add_argument("--db", help="the database file (default: the state folder)")
    export.add_argument("--all", action="store_true", help="every game, as a JSON list")
    export.set_defaults(func=cmd_export)


def install_signals(scorer: Scorer) -> None:
    """SIGTERM and SIGINT stop the main loop in order."""

    def handler(signum: int, frame: object) -> None:
        scorer.stop()

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


__all__ = ["Scorer", "add_subcommands", "cmd_export", "cmd_run", "export_game"]
