"""The service's main loop and the ``run`` and ``export`` commands.

Data flows one way: key (gpiozero thread) -> queue -> table (core) -> journal (SQLite,
committed) -> view -> pixels (luma). One thread, the main one, does everything after the
queue, so the core needs no locks.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import queue
import random
import signal
import socket
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
from kaiser_core.cards import SEATS, Card
from kaiser_core.errors import KaiserError
from kaiser_core.table import Key, Screen, Table
from kaiser_core.table.requests import Request, Teach

log = logging.getLogger("kaiser-scorer")
EXIT_USAGE = 2
EXIT_HARDWARE = 3


@dataclass
class Event:
    """Something for the main loop: a key, a card read, a reader status, or stop."""

    kind: str  # "key", "card", "taught", "notice", "reader", "stop", "call"
    value: Any = None
    done: threading.Event | None = None
    extra: dict[str, str] | None = None  # meta values journaled with the key
    error: str = ""  # set by the main loop when the event's change could not be stored


class Flag:
    """A flag without locks, safe to set from a signal handler (``threading.Event`` is not)."""

    def __init__(self) -> None:
        self._set = False

    def set(self) -> None:
        """Raise the flag."""
        self._set = True

    def is_set(self) -> bool:
        """True once :meth:`set` was called."""
        return self._set


#: Events that are a person at the table: they wake a dimmed display.
INPUT = ("key", "card", "taught")
NOT_SAVED = "NOT SAVED: storage error"


class Scorer:
    """The table, its journal and its display, driven by events from any thread.

    The main loop (:meth:`run`) blocks on the event queue; it wakes only for an event or
    for a timer that is due: the watchdog ping (``tick_interval``), dimming after
    ``dim_after`` idle seconds, and bringing back a failing display (``display.retry_every``).
    Times come from ``clock`` (monotonic seconds), injectable for tests.
    """

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
        # SimpleQueue: put() is reentrant, so stop() may be called from a signal handler.
        self.events: queue.SimpleQueue[Event] = queue.SimpleQueue()
        self.dim_after = dim_after
        self.clock = clock
        self.last_input = clock()
        self.frame_no = 0
        self.stopping = Flag()
        self.stop_reason = ""
        self.on_request: Callable[[Request], None] = lambda request: None
        self.on_tick: Callable[[], None] = lambda: None  # the watchdog ping
        self.tick_interval: float | None = None
        self.error_line = ""
        self.keys_stored = 0
        self.not_saved = 0  # changes lost to storage errors in the current outage
        self._next_tick: float | None = None
        self._next_retry: float | None = None

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

    def stop(self, reason: str = "") -> None:
        """Ask the main loop to end (safe from a signal handler or another thread)."""
        if reason and not self.stop_reason:
            self.stop_reason = reason
        self.stopping.set()
        self.events.put(Event("stop"))

    # -- the loop -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw the current view; push it if it changed; save a screenshot of a new frame."""
        self.display.flipped = self.table.ui.flipped  # the menu's "Flip display", or undone
        image = self.render(self.table.view())
        if self.display.show(image) and self.screenshots is not None:
            self.frame_no += 1
            self.screenshots.mkdir(parents=True, exist_ok=True)
            image.save(self.screenshots / f"frame-{self.frame_no:04d}.png")
        if not self.display.failing:
            self._next_retry = None
        elif self._next_retry is None:
            self._next_retry = self.clock() + self.display.retry_every

    def handle(self, event: Event) -> None:
        """One event: into the table, journaled, then drawn."""
        try:
            if event.kind in INPUT:
                self.last_input = self.clock()
                self.display.dim(False)
            if event.kind == "key":
                change = self.table.press(Key.from_name(event.value))
                self.journal.store(change, self.table, event.extra)
                self.keys_stored += 1
                self._stored()
                if change.request is not None:
                    self.on_request(change.request)
            elif event.kind == "card":
                self.journal.store(self.table.read_card(event.value), self.table)
                self._stored()
            elif event.kind == "taught":
                change = self.table.taught(event.value)
                self.journal.store(change, self.table)
                self._stored()
                if change.request is not None:
                    self.on_request(change.request)
            elif event.kind == "notice":
                self.journal.store(self.table.reader_notice(event.value), self.table)
                self._stored()
            elif event.kind == "reader":
                self.table.reader_online = bool(event.value)
                pending = self.table.pending_teach()
                if event.value and pending:  # a reader that came back is asked again
                    self.on_request(Teach(Card.from_code(pending)))
            elif event.kind == "call":
                event.value()
        except (OSError, sqlite3.Error) as err:
            event.error = str(err) or type(err).__name__
            self._not_stored(err)
        finally:
            self.refresh()
            if event.done is not None:
                event.done.set()

    def _not_stored(self, err: BaseException) -> None:
        """The database cannot be written (full disk, read-only): back to what is stored."""
        if not self.not_saved:
            log.error(
                "could not store the entry (%s: %s): the table goes back to what is stored "
                "and says NOT SAVED until storage works again",
                type(err).__name__,
                err,
            )
        self.not_saved += 1
        self.journal.rollback()
        self.journal.restore(self.table)  # a database that cannot even be read ends the run
        self.table.reader_notice(NOT_SAVED)

    def _stored(self) -> None:
        if self.not_saved:
            log.warning("storage works again (%d changes were not saved)", self.not_saved)
            self.not_saved = 0

    def run(self) -> None:
        """Process events until ``stop()``; wakes for due timers only, else blocks."""
        self.refresh()
        if self.tick_interval:
            self._next_tick = self.clock()
        while not self.stopping.is_set():
            self.tick()
            try:
                event = self.events.get(timeout=self.next_wait())
            except queue.Empty:
                continue
            if event.kind == "stop":
                break
            self.handle(event)

    def next_wait(self) -> float | None:
        """Seconds until the next timer is due (0 if one is), or None: block until an event."""
        now = self.clock()
        due = []
        if self.tick_interval and self._next_tick is not None:
            due.append(self._next_tick)
        if self.dim_after and not self.display.dimmed:
            due.append(self.last_input + self.dim_after)
        if self.display.failing and self._next_retry is not None:
            due.append(self._next_retry)
        return max(0.0, min(due) - now) if due else None

    def tick(self) -> None:
        """Run the timers that are due: the watchdog ping, dimming, the display retry."""
        now = self.clock()
        if self.tick_interval and self._next_tick is not None and now >= self._next_tick:
            self.on_tick()
            self._next_tick = now + self.tick_interval
        if self.dim_after and not self.display.dimmed and now - self.last_input >= self.dim_after:
            self.display.dim(True)
        if self.display.failing and self._next_retry is not None and now >= self._next_retry:
            self._next_retry = None
            self.refresh()  # sets the next retry if the display is still away
        elif self.display.failing and self._next_retry is None:
            self._next_retry = now + self.display.retry_every  # it failed outside a frame


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
        # The config's display.rotate turns the picture (oled.Display); the menu's "Flip
        # display" (ui.flipped) turns it again from there, so it starts off.
        table.ui = table.ui.__class__(mode=cfg.entry)
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
        board = cfg.board if _is_pi() or cfg.board == "mock" else "emulator"
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

    if board == "mock" and keys is None:
        # No script: the Pi's runner on gpiozero's mock pins and luma's dummy display,
        # running until SIGTERM or SIGINT like the service (tests of the service use it).
        from gpiozero.pins.mock import MockFactory

        from hardware.oled import dummy_factory
        from hardware.runner import run_pi

        log.info("mock board without --keys: mock pins, dummy display, until signalled")
        return run_pi(
            cfg,
            journal,
            table,
            render,
            args,
            board,
            pin_factory=MockFactory(),
            display_factory=dummy_factory(),
            poweroff=None,
        )
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
    from kaiser_core.record import record_json  # only the export needs it

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
    run.set_defaults(func=cmd_run)
    export = sub.add_parser("export", help="print the current game as a game record (JSON)")
    export.add_argument("--db", help="the database file (default: the state folder)")
    export.add_argument("--all", action="store_true", help="every game, as a JSON list")
    export.set_defaults(func=cmd_export)


class StopSignals:
    """SIGTERM and SIGINT stop the scorer's main loop, whichever thread the kernel gives them.

    Python runs a signal handler in the main thread only, and only when that thread runs
    Python code: a signal that lands on one of gpiozero's or the reader's threads, or
    just before the main loop blocks on its queue, would wait there until some other event
    woke the loop. So the signals are also written to a wakeup socket (``set_wakeup_fd``,
    done in C by whichever thread takes the signal) that a small thread reads; it stops the
    scorer, and that wakes the main loop at once. :meth:`restore` puts everything back.
    """

    SIGNALS = (signal.SIGTERM, signal.SIGINT)

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        self._read, self._write = socket.socketpair()
        self._write.setblocking(False)
        self.previous = {signum: signal.signal(signum, self._handler) for signum in self.SIGNALS}
        self.previous_fd = signal.set_wakeup_fd(self._write.fileno(), warn_on_full_buffer=False)
        self._thread = threading.Thread(target=self._watch, name="signals", daemon=True)
        self._thread.start()

    def _handler(self, signum: int, frame: object) -> None:
        self.scorer.stop(f"signal {signal.Signals(signum).name}")

    def _watch(self) -> None:
        while True:
            try:
                data = self._read.recv(64)
            except OSError:
                return
            if not data or 0 in data:  # restore() sends a 0: no signal has that number
                return
            for signum in data:
                if signum in self.previous:
                    self.scorer.stop(f"signal {signal.Signals(signum).name}")

    def restore(self) -> None:
        """Put back the handlers and wakeup fd that were there before; end the thread."""
        signal.set_wakeup_fd(self.previous_fd)
        for signum, handler in self.previous.items():
            signal.signal(signum, handler)
        with contextlib.suppress(OSError):
            self._write.send(b"\0")
        self._thread.join(1)
        self._read.close()
        self._write.close()


def install_signals(scorer: Scorer) -> StopSignals:
    """SIGTERM and SIGINT stop the main loop in order; call it from the main thread."""
    return StopSignals(scorer)


__all__ = [
    "Event",
    "Scorer",
    "add_subcommands",
    "cmd_export",
    "cmd_run",
    "export_game",
    "install_signals",
]
