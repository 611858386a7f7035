"""Running the scorer on hardware: the mock board (scripted play) and the real Pi."""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hardware.app import EXIT_HARDWARE, Scorer, install_signals
from hardware.buttons import Buttons
from hardware.config import Config
from hardware.journal import Journal
from hardware.oled import Display, dummy_factory, luma_factory
from kaiser_core.table import Table

log = logging.getLogger("kaiser-scorer")
KEY_TIMEOUT = 15.0
MOCK_HOLD_TIME = 0.1


def script_fingerprint(keys: list[str]) -> str:
    """Identifies a key script, so a restart with the same script resumes it."""
    return hashlib.sha256(" ".join(keys).encode()).hexdigest()[:16]


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
        scorer.post("key", name, done=current.get("done"), extra=current.get("extra"))
        current["seen"] = name

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
                pin = buttons.pin(name.removeprefix("HOLD-"))
                if name.startswith("HOLD-"):
                    pin.drive_low()
                    ok = done.wait(KEY_TIMEOUT)
                    pin.drive_high()
                elif name in ("OK", "A", "B"):
                    pin.drive_low()
                    pin.drive_high()
                    ok = done.wait(KEY_TIMEOUT)
                else:
                    pin.drive_low()
                    ok = done.wait(KEY_TIMEOUT)
                    pin.drive_high()
                if not ok or current.get("seen") != name:
                    failure.append(f"key {index + 1} ({name}) was not taken by the buttons")
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

    reader = CardReader(port, on_message, lambda online: scorer.post("reader", online),
                        **options)
    scorer.table.reader_available = True
    reader.start()
    return reader


def handle_reader_request(reader: Any, request: str) -> bool:
    """Send a teach request to the reader; True when it was one."""
    from hardware.reader import Teach

    if reader is None or not request.startswith("teach "):
        return False
    reader.send(Teach(request.split()[1]))
    return True


def run_pi(
    cfg: Config,
    journal: Journal,
    table: Table,
    render: Callable[[Any], Any],
    args: argparse.Namespace,
    board: str,
) -> int:
    """The appliance: real buttons, the OLED, the optional reader, systemd's watchdog."""
    from hardware import notify

    display = Display(luma_factory(cfg.display), flipped=table.ui.flipped)
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
            cfg.pins, scorer.key, hold_time=cfg.hold_time, bounce_time=cfg.bounce_time
        )
    except Exception as err:  # gpiozero raises BadPinFactory, OSError, ...
        log.error("GPIO is not available (%s): cannot read the buttons", err)
        journal.close()
        return EXIT_HARDWARE
    reader = attach_reader(scorer, cfg.reader_port) if cfg.reader_enabled else None
    interval = notify.watchdog_interval()
    scorer.tick_interval = interval
    scorer.on_tick = notify.watchdog

    def on_request(request: str) -> None:
        if handle_reader_request(reader, request):
            return
        if request == "flip":
            display.flipped = table.ui.flipped
            scorer.refresh()
        elif request == "shutdown":
            log.info("power off requested from the menu")
            scorer.stop()
            result = subprocess.run(
                ["systemctl", "poweroff"], check=False, capture_output=True, text=True
            )
            if result.returncode != 0:
                log.error("power off refused: %s", result.stderr.strip())

    scorer.on_request = on_request
    install_signals(scorer)
    scorer.refresh()
    notify.ready()
    try:
        scorer.run()
    finally:
        notify.stopping()
        if reader is not None:
            reader.stop()
        buttons.close()  # stop input first
        journal.close()  # every entry is already committed
        display.blank()
    return 0
