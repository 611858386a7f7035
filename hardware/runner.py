"""Running the scorer on a board: sources started, the one loop, an orderly stop.

``serve`` is the one run path of every board (the Pi, the mock board, a key script, the
emulator): it builds the display and the scorer, starts the board's sources, answers the
table's requests by type and, at the end, stops input, closes the journal, blanks the
display and releases the pins, in that order.
"""

from __future__ import annotations

import argparse
import logging
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hardware import notify, startup
from hardware.boards import PI_BOARDS, POWEROFF, Board, build
from hardware.config import Config
from hardware.journal import Journal, JournalError
from hardware.oled import Display
from hardware.scorer import Scorer
from hardware.signals import install_signals
from hardware.sinks import close as close_sink
from hardware.sources import Source
from hardware.sources.buttons import GpioError
from hardware.sources.check import CheckSource
from kaiser_core.messages import Message
from kaiser_core.table import Table
from kaiser_core.table.requests import ShutDown

log = logging.getLogger("kaiser-scorer")
EXIT_USAGE = 2
EXIT_HARDWARE = 3
POWEROFF_TIMEOUT = 20.0


def _digests(journal: Journal) -> None:
    """A journal of an older version: its finished games' digests for the home pages, made
    once, after the first frame (hardware/digest.py). A failure is only logged."""
    from hardware import digest

    try:
        if not digest.missing(journal.db):  # the usual case: the archive module stays unloaded
            return
        from hardware.archive import backfill_digests

        added = backfill_digests(journal)
    except (sqlite3.Error, JournalError) as err:
        log.warning("%s: the finished games' digests were not made: %s", journal.path, err)
        return
    if added:
        log.info("%s: %d finished games digested for the home pages", journal.path, added)


def power_off(command: Sequence[str] | None) -> bool:
    """Run the power-off command; True when it was accepted (None: nothing to run)."""
    if command is None:
        log.info("power off requested: this board has nothing to power off, only stops")
        return True
    log.info("power off requested from the menu: %s", " ".join(command))
    try:
        result = subprocess.run(
            list(command), check=False, capture_output=True, text=True, timeout=POWEROFF_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        log.error("power off failed: %s", err)
        return False
    if result.returncode != 0:
        reason = (result.stderr or result.stdout).strip() or f"exit status {result.returncode}"
        log.error("power off refused: %s", reason)
        return False
    return True


def release_pins(factory: Any) -> None:
    """Close gpiozero's pin factory (the chip handle of lgpio, the mock pins ...)."""
    if factory is None:
        return
    try:
        factory.close()
    except Exception as err:
        log.warning("releasing the pins failed: %s", err)
    from gpiozero import Device

    if Device.pin_factory is factory:
        Device.pin_factory = None


def is_service(board: Board) -> bool:
    """A board that runs as the service (a Pi board, the mock board without a key script)."""
    if board.name in PI_BOARDS:
        return True
    return board.name == "mock" and all(s.name != "script" for s in board.sources)


def serve(
    board: Board,
    journal: Journal,
    table: Table,
    render: Callable[[Any], Any],
    args: argparse.Namespace,
    *,
    scorer_hook: Callable[[Scorer], None] | None = None,
) -> int:
    """Run ``board`` until stopped; 0 after an orderly stop, EXIT_HARDWARE without GPIO."""
    display = Display(board.display, rotate=board.rotate, flipped=table.ui.flipped)
    screenshots = getattr(args, "screenshots", None)
    scorer = Scorer(
        table,
        journal,
        display,
        render,
        dim_after=board.dim_after,
        screenshots=Path(screenshots) if screenshots else None,
    )
    scorer.sinks.extend(board.sinks)
    for sink in board.sinks:  # a sink that tells the table something (the voice: whether
        if hasattr(sink, "report_to"):  # speech works) posts events, as a source does
            sink.report_to(scorer.post)
    if scorer_hook is not None:
        scorer_hook(scorer)
    started: list[Source] = []
    try:
        for source in [*board.sources, CheckSource(journal.path)]:
            source.start(scorer)
            started.append(source)
    except GpioError as err:
        log.error(
            "GPIO is not available (%s): the buttons cannot be read; exiting with "
            "status %d for systemd to restart the scorer",
            err,
            EXIT_HARDWARE,
        )
        notify.status(f"GPIO is not available: {err}")
        _close(started)
        journal.close()
        display.close()
        return EXIT_HARDWARE
    main = threading.current_thread() is threading.main_thread()
    # The handlers now (signals reach the main thread only); their thread after the first frame.
    signals = install_signals(scorer, watch=False) if main else None
    scorer.tick_interval = notify.watchdog_interval()  # idle pings
    scorer.on_tick = notify.watchdog  # and WatchdogSink after a stored change (boards.SINKS)
    if is_service(board):
        # A damaged database: the fault on the display, the lock let go (for recover), and
        # a start again once the database changed; a script or the emulator ends with it.
        scorer.keep_on_fault = True

        def on_fault(line: str) -> None:
            from hardware.fault import watch

            journal.close()
            watch(scorer, journal.path)

        scorer.on_fault = on_fault

    def shut_down(request: ShutDown) -> None:
        # "shutting down" on the screen while the command runs; not journaled (the key's
        # change is): the next start opens on the game without it
        table.say(Message("menu.shutting_down"))
        scorer.refresh()
        if power_off(board.poweroff):
            scorer.stop("power off from the menu")
        else:
            table.reader_notice(Message("menu.shutdown_refused"))

    scorer.on(ShutDown, shut_down)  # Flip: the display turns its picture (Scorer)
    try:
        scorer.refresh()
        if signals is not None:
            signals.watch()
        notify.ready()  # the first frame is on the display (or the display is retried)
        startup.started()  # start-up's garbage collected while the players look at the screen
        _digests(journal)
        scorer.run()
    finally:
        # In order: stop input, finish the write, blank the display, release the pins.
        notify.stopping()
        log.info("stopping (%s)", scorer.stop_reason or "the main loop ended")
        _close(started)
        log.info("input stopped")
        for sink in scorer.sinks:  # a sink's thread takes what waits, for a moment
            try:
                close_sink(sink)
            except Exception as err:
                log.warning("closing the %s failed: %s", type(sink).__name__, err)
        journal.close()  # the main loop stops between events: every write is committed
        log.info("journal closed")
        if display.close():
            log.info("display blanked")
        else:
            log.info("display blanked: nothing to do, no display")
        release_pins(board.pins())
        log.info("pins released")
        if signals is not None:
            signals.restore()
    failure = next((getattr(s, "failure", "") for s in started if getattr(s, "failure", "")), "")
    if failure:
        print(f"kaiser-scorer: {failure}", file=sys.stderr)
        return 1
    return 0


def _close(sources: list[Source]) -> None:
    for source in sources:
        try:
            source.close()
        except Exception as err:  # one source failing to close must not keep the others open
            log.warning("closing the %s failed: %s", source.name, err)


def run_pi(
    cfg: Config,
    journal: Journal,
    table: Table,
    render: Callable[[Any], Any],
    args: argparse.Namespace,
    board: str,
    *,
    pin_factory: Any = None,
    display_factory: Callable[[], Any] | None = None,
    poweroff: Sequence[str] | None = POWEROFF,
) -> int:
    """The appliance: real buttons, the OLED, the optional reader, systemd's watchdog.

    ``pin_factory`` (default: gpiozero's, from ``GPIOZERO_PIN_FACTORY`` or the Pi's),
    ``display_factory`` (default: the config's luma device) and ``poweroff`` (the menu's
    "Shut down"; None only stops) can be injected. Returns 0 after an orderly stop, or
    EXIT_HARDWARE when GPIO is not available (systemd then restarts the service).
    """
    built = build(
        board,
        cfg,
        args,
        pin_factory=pin_factory,
        display_factory=display_factory,
        poweroff=poweroff,
    )
    return serve(built, journal, table, render, args)


def run_mock(
    cfg: Config,
    journal: Journal,
    table: Table,
    render: Callable[[Any], Any],
    keys: list[str],
    args: argparse.Namespace,
) -> int:
    """Scripted play: drive gpiozero's mock pins key by key; print ``ok N KEY`` once stored."""
    return serve(build("mock", cfg, args, keys=keys), journal, table, render, args)
