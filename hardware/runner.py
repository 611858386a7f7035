"""Running the scorer on hardware: the mock board (scripted play) and the real Pi."""

from __future__ import annotations

import argparse
import json
import logging
import subprocess
import sys
import threading
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hardware.app import EXIT_HARDWARE, Event, Scorer, install_signals
from hardware.buttons import Buttons
from hardware.config import Config
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory, luma_factory
from kaiser_core.table import Table
from kaiser_core.table.requests import Request, ShutDown, Teach

log = logging.getLogger("kaiser-scorer")
KEY_TIMEOUT = 15.0
MOCK_HOLD_TIME = 0.1
#: The menu's "Shut down": logind powers off (polkit allows it to the service's user).
POWEROFF = ("systemctl", "poweroff")
POWEROFF_TIMEOUT = 20.0


def script_fingerprint(keys: list[str]) -> str:
    """Identifies a key script, so a restart with the same script resumes it."""
    data = " ".join(keys).encode()  # zlib, not hashlib: hashlib loads OpenSSL (3.6 MiB)
    return f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}"


def run_mock(
    cfg: Config,
    journal: Journal,
    table: Table,
    render: Callable[[Any], Any],
    keys: list[str],
    args: argparse.Namespace,
) -> int:
    """Scripted play: drive gpiozero's mock pins key by key; print ``ok N KEY`` once stored."""
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    scorer = Scorer(
        table,
        journal,
        Display(dummy_factory(), flipped=table.ui.flipped),
        render,
        screenshots=Path(args.screenshots) if args.screenshots else None,
    )
    fingerprint = script_fingerprint(keys)
    stored = journal.meta_json("script") or {}
    start = int(stored.get("done", 0)) if stored.get("fp") == fingerprint else 0
    current: dict[str, Any] = {}

    def on_key(name: str) -> None:
        event = Event("key", name, current.get("done"), current.get("extra"))
        current["seen"], current["event"] = name, event
        scorer.events.put(event)

    hold_time = min(cfg.hold_time, MOCK_HOLD_TIME)
    buttons = Buttons(cfg.pins, on_key, hold_time=hold_time, pin_factory=factory)
    failure: list[str] = []

    def drive() -> None:
        try:
            for index in range(start, len(keys)):
                name = keys[index]
                done = threading.Event()
                current.update(
                    done=done,
                    seen=None,
                    extra={"script": json.dumps({"fp": fingerprint, "done": index + 1})},
                )
                ok = buttons.drive(name, lambda done=done: done.wait(KEY_TIMEOUT))
                if not ok or current.get("seen") != name:
                    failure.append(f"key {index + 1} ({name}) was not taken by the buttons")
                    break
                if current["event"].error:
                    failure.append(
                        f"key {index + 1} ({name}) was not stored: {current['event'].error}"
                    )
                    break
                print(f"ok {index + 1} {name}", flush=True)
        except Exception as err:  # pragma: no cover - reported below
            failure.append(f"scripted play failed: {err}")
        finally:
            scorer.stop()

    thread = threading.Thread(target=drive, name="script", daemon=True)
    thread.start()
    try:
        scorer.run()
    finally:
        thread.join(5)
        buttons.close()
        journal.close()
    if failure:
        print(f"kaiser-scorer: {failure[0]}", file=sys.stderr)
        return 1
    return 0


def attach_reader(scorer: Scorer, port: str, **options: Any) -> Any:
    """Start the card reader on ``port``; its messages become the scorer's events."""
    from hardware.reader import CardRead, CardReader, ReaderError, Taught, UnknownTag

    def on_message(msg: Any) -> None:
        if isinstance(msg, CardRead):
            scorer.post("card", msg.card)
        elif isinstance(msg, Taught):
            scorer.post("taught", msg.card)
        elif isinstance(msg, UnknownTag):
            scorer.post("notice", f"unknown tag ..{msg.uid[-6:]}: teach it first")
        elif isinstance(msg, ReaderError):
            scorer.post("notice", f"reader: {msg.code}")

    reader = CardReader(port, on_message, lambda online: scorer.post("reader", online), **options)
    scorer.table.reader_available = True
    reader.start()
    return reader


def handle_reader_request(reader: Any, request: Request) -> bool:
    """Send a teach request to the reader; True when it was one."""
    from hardware.reader import Teach as TeachCommand

    if reader is None or not isinstance(request, Teach):
        return False
    reader.send(TeachCommand(request.card.code))
    return True


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
    from hardware import notify

    display = Display(
        display_factory or luma_factory(cfg.display),
        rotate=cfg.rotate,
        flipped=table.ui.flipped,
    )
    scorer = Scorer(
        table,
        journal,
        display,
        render,
        dim_after=cfg.dim_after,
        screenshots=Path(args.screenshots) if args.screenshots else None,
    )
    try:
        buttons = Buttons(
            cfg.pins,
            scorer.key,
            hold_time=cfg.hold_time,
            bounce_time=cfg.bounce_time,
            pin_factory=pin_factory,
        )
    except Exception as err:  # gpiozero raises BadPinFactory, OSError, ...
        log.error(
            "GPIO is not available (%s: %s): the buttons cannot be read; exiting with "
            "status %d for systemd to restart the scorer",
            type(err).__name__,
            err,
            EXIT_HARDWARE,
        )
        notify.status(f"GPIO is not available: {err}")
        journal.close()
        display.close()
        return EXIT_HARDWARE
    reader = attach_reader(scorer, cfg.reader_port) if cfg.reader_enabled else None
    signals = install_signals(scorer)
    factory = pin_factory
    if factory is None:
        factory = next((b.pin_factory for b in buttons.buttons.values()), None)
    scorer.tick_interval = notify.watchdog_interval()
    scorer.on_tick = notify.watchdog

    def on_request(request: Request) -> None:
        if handle_reader_request(reader, request):
            return
        if isinstance(request, ShutDown):
            scorer.refresh()  # "shutting down" on the screen while the command runs
            if power_off(poweroff):
                scorer.stop("power off from the menu")
            else:
                table.reader_notice("shut down refused: see the log")

    scorer.on_request = on_request
    try:
        scorer.refresh()
        notify.ready()  # the first frame is on the display (or the display is retried)
        scorer.run()
    finally:
        # In order: stop input, finish the write, blank the display, release the pins.
        notify.stopping()
        log.info("stopping (%s)", scorer.stop_reason or "the main loop ended")
        if reader is not None:
            reader.stop()
        buttons.close()
        log.info("input stopped")
        journal.close()  # the main loop stops between events: every write is committed
        log.info("journal closed")
        if display.close():
            log.info("display blanked")
        else:
            log.info("display blanked: nothing to do, no display")
        release_pins(factory)
        log.info("pins released")
        signals.restore()
    return 0
