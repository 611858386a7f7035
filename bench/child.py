"""The benchmark's subprocesses: the real scorer, watched from outside.

``python bench/child.py first-frame ARGS...`` runs ``kaiser-scorer ARGS...`` and, when
luma's ``dummy`` device has shown the first frame, writes ``frame`` on stdout and exits at
once (start-up time). ``python bench/child.py peak ARGS...`` runs ``kaiser-scorer ARGS...``
(``peak import`` only imports the baseline's modules) and writes ``peak KIB``, its peak RSS
(VmHWM: a child's ``ru_maxrss`` would include its parent's size at the fork).
``python bench/child.py idle DB`` builds the scorer as ``run_pi`` does,
on the mock pin factory and the ``dummy`` device, and waits for keys until SIGTERM, after
writing ``ready`` (idle CPU).
"""

from __future__ import annotations

import os
import sys
from typing import Any


def first_frame(argv: list[str]) -> int:
    """Run the command; exit 0 right after the first ``display()`` returns."""
    from luma.core.device import dummy

    shown = dummy.display

    def display(self: Any, image: Any) -> None:
        shown(self, image)
        os.write(1, b"frame\n")
        os._exit(0)

    dummy.display = display
    from hardware.cli import main

    main(argv)
    os.write(2, b"bench child: no frame was shown\n")
    return 1


def peak(argv: list[str]) -> int:
    """Run the command (or only the baseline's imports), then write ``peak`` and VmHWM in KiB."""
    status = 0
    if argv == ["import"]:
        import gpiozero  # noqa: F401
        import luma.oled.device  # noqa: F401
    else:
        from hardware.cli import main

        status = main(argv)
    with open("/proc/self/status", encoding="ascii") as status_file:
        for line in status_file:
            if line.startswith("VmHWM:"):
                print("peak", line.split()[1], flush=True)
    return status


def idle(db: str) -> int:
    """The Pi's wiring on mock pins: waits for keys, dims after ``dim_after``, pings a watchdog."""
    from gpiozero.pins.mock import MockFactory

    from hardware.buttons import Buttons
    from hardware.config import Config
    from hardware.journal import Journal
    from hardware.oled import Display, dummy_factory
    from hardware.resume import resume
    from hardware.scorer import Scorer
    from hardware.screens import render
    from hardware.signals import install_signals
    from kaiser_core.table import Table

    cfg = Config()
    journal = Journal(db)
    table = Table(cfg.rules, names=cfg.names)
    resume(journal, table)
    display = Display(dummy_factory(), flipped=table.ui.flipped)
    scorer = Scorer(table, journal, display, render, dim_after=cfg.dim_after)
    scorer.tick_interval = 7.5  # WatchdogSec=15s in the systemd unit: a ping every 7.5 s
    buttons = Buttons(
        cfg.pins,
        scorer.key,
        hold_time=cfg.hold_time,
        bounce_time=cfg.bounce_time,
        pin_factory=MockFactory(),
    )
    install_signals(scorer)
    scorer.refresh()
    print("ready", table.ui.screen.value, flush=True)
    try:
        scorer.run()
    finally:
        buttons.close()
        journal.close()
        display.blank()
    return 0


if __name__ == "__main__":
    mode, rest = sys.argv[1], sys.argv[2:]
    modes = {"first-frame": first_frame, "peak": peak, "idle": lambda rest: idle(rest[0])}
    sys.exit(modes[mode](rest))
