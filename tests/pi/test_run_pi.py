"""The Pi's runner: GPIO missing at start, the menu's "Shut down", and an orderly stop."""

from __future__ import annotations

import argparse
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory
from gpiozero.pins.mock import MockFactory
from PIL import Image

from hardware import boards, cli
from hardware.app import EXIT_HARDWARE
from hardware.config import Config
from hardware.journal import Journal
from hardware.runner import run_pi
from hardware.screens import render

from .conftest import Bench, new_table, same_image

pytestmark = pytest.mark.slow


class NoGpio(MockFactory):  # type: ignore[misc]
    """A pin factory on a machine whose GPIO chip cannot be opened."""

    def pin(self, spec: Any) -> Any:
        raise BadPinFactory("Unable to open /dev/gpiochip0: no such device")


def args(tmp_path: Path) -> argparse.Namespace:
    return argparse.Namespace(screenshots=None, db=str(tmp_path / "kaiser.db"))


def config(**changes: Any) -> Config:
    cfg = Config(hold_time=0.05, bounce_time=0.0, dim_after=0.0)
    for name, value in changes.items():
        setattr(cfg, name, value)
    return cfg


# -- GPIO not available ---------------------------------------------------------------------
def test_gpio_missing_at_start_is_one_clear_line_and_exit_status_3(
    tmp_path: Path, bench: Bench, caplog: pytest.LogCaptureFixture
) -> None:
    journal = Journal(tmp_path / "kaiser.db")
    table = new_table(journal)
    with caplog.at_level(logging.INFO):
        status = run_pi(
            config(),
            journal,
            table,
            render,
            args(tmp_path),
            "bonnet",
            pin_factory=NoGpio(),
            display_factory=bench.factory,
        )
    assert status == EXIT_HARDWARE == 3
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [
        "GPIO is not available (BadPinFactory: Unable to open /dev/gpiochip0: no such device): "
        "the buttons cannot be read; exiting with status 3 for systemd to restart the scorer"
    ]
    assert bench.hidden == 1  # the display was blanked and let go
    with pytest.raises(Exception, match="closed"):
        journal.db.execute("SELECT 1")


def test_gpio_missing_through_the_run_command(
    tmp_path: Path,
    bench: Bench,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    monkeypatch.setattr(Device, "pin_factory", None)  # as in a fresh process
    monkeypatch.setattr(boards, "luma_factory", lambda display: bench.factory)
    with caplog.at_level(logging.INFO):
        status = cli.main(["run", "--board", "bonnet", "--db", str(tmp_path / "kaiser.db")])
    assert status == 3
    assert any(
        r.getMessage().startswith(
            "GPIO is not available (BadPinFactory: Unable to find pin factory 'no-such-factory')"
        )
        for r in caplog.records
    )


def test_gpio_missing_ends_the_real_process_with_status_3(tmp_path: Path) -> None:
    import subprocess

    env = {**os.environ, "GPIOZERO_PIN_FACTORY": "no-such-factory"}
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        env.pop(name, None)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "hardware.cli",
            "run",
            "--board",
            "bonnet",
            "--db",
            str(tmp_path / "kaiser.db"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert result.returncode == 3, result.stderr
    assert "GPIO is not available (BadPinFactory" in result.stderr
    assert "Traceback" not in result.stderr


# -- the Pi's runner on mock pins, in this process ------------------------------------------------
class Table:
    """Drives gpiozero's mock pins like fingers on the joystick, watching the panel."""

    def __init__(self, factory: MockFactory, bench: Bench, cfg: Config) -> None:
        self.factory, self.bench, self.cfg = factory, bench, cfg

    def press(self, name: str) -> None:
        """A key that changes the picture: returns when the new frame is on the panel."""
        frames = len(self.bench.frames)
        held = name.startswith("HOLD-")
        pin = self.factory.pin(self.cfg.pins[name.removeprefix("HOLD-")])
        pin.drive_low()
        if held:
            assert self.bench.wait_frames(frames + 1), f"{name}: no frame"
            pin.drive_high()
        else:
            pin.drive_high()
            assert self.bench.wait_frames(frames + 1), f"{name}: no frame"


def run_with(
    tmp_path: Path, bench: Bench, story: Callable[[Table], None], **options: Any
) -> tuple[int, Any]:
    cfg = options.pop("cfg", None) or config()
    factory = MockFactory()
    journal = Journal(tmp_path / "kaiser.db")
    table = new_table(journal)
    failure: list[BaseException] = []

    def play() -> None:
        try:
            assert bench.wait_frames(1), "no first frame"
            story(Table(factory, bench, cfg))
        except BaseException as err:
            failure.append(err)
            os.kill(os.getpid(), signal.SIGTERM)  # stop the runner in order

    thread = threading.Thread(target=play, name="fingers", daemon=True)
    thread.start()
    handlers = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)
    status = run_pi(
        cfg,
        journal,
        table,
        render,
        args(tmp_path),
        "bonnet",
        pin_factory=factory,
        display_factory=bench.factory,
        **options,
    )
    thread.join(5)
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGINT)) == handlers
    if failure:
        raise failure[0]
    return status, table


def test_shut_down_from_the_menu_runs_poweroff_once_and_stops_in_order(
    tmp_path: Path, bench: Bench, caplog: pytest.LogCaptureFixture
) -> None:
    calls = tmp_path / "poweroff.calls"
    command = [
        sys.executable,
        "-c",
        "import sys; open(sys.argv[1], 'a').write('off\\n')",
        str(calls),
    ]

    def story(fingers: Table) -> None:
        fingers.press("HOLD-OK")  # the menu
        fingers.press("UP")  # from the top, up wraps to the last item: Shut down
        fingers.press("OK")

    with caplog.at_level(logging.INFO):
        status, table = run_with(tmp_path, bench, story, poweroff=command)
    assert status == 0
    assert calls.read_text() == "off\n"
    assert table.view().message == "shutting down"
    blank = bench.frames[-1]
    assert blank.getbbox() is None and bench.hidden == 1  # cleared and switched off
    lines = [r.getMessage() for r in caplog.records if r.name == "kaiser-scorer"]
    order = [
        "power off requested from the menu: " + " ".join(command),
        "stopping (power off from the menu)",
        "input stopped",
        "journal closed",
        "display blanked",
        "pins released",
    ]
    assert [line for line in lines if line in order] == order


def test_a_refused_shut_down_is_said_on_screen_and_the_game_goes_on(
    tmp_path: Path, bench: Bench, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hardware.i18n import localize_in

    from . import conftest, test_run_pi

    command = [sys.executable, "-c", "import sys; sys.exit('Access denied')"]
    made: list[Any] = []
    said: list[str] = []

    def keep(journal: Journal) -> Any:
        made.append(conftest.new_table(journal))
        return made[-1]

    monkeypatch.setattr(test_run_pi, "new_table", keep)

    def story(fingers: Table) -> None:
        fingers.press("HOLD-OK")
        fingers.press("UP")
        fingers.press("OK")  # refused: the message
        for _ in range(500):  # "shutting down" while the command runs, then its answer
            if made[0].view().message != "shutting down":
                break
            threading.Event().wait(0.01)
        said.append(made[0].view().message)
        fingers.press("B")  # the menu closes: the game goes on
        fingers.press("UP")  # N deals
        os.kill(os.getpid(), signal.SIGTERM)

    with caplog.at_level(logging.INFO):
        status, table = run_with(tmp_path, bench, story, poweroff=command)
    assert status == 0
    assert table.game is not None and len(table.entries) == 1
    assert "power off refused: Access denied" in caplog.text
    assert "stopping (signal SIGTERM)" in caplog.text
    assert said == ["shut down refused: see the log"]
    assert localize_in(said[0], "fr") == "arrêt refusé: voir le journal"  # in their language


def test_the_configs_rotate_turns_the_picture_on_the_pi(tmp_path: Path, bench: Bench) -> None:
    def story(fingers: Table) -> None:
        fingers.press("LEFT")  # W deals
        os.kill(os.getpid(), signal.SIGTERM)

    status, table = run_with(tmp_path, bench, story, cfg=config(rotate=180))
    assert status == 0
    shown = bench.frames[-2]  # the last before the blank one
    assert same_image(shown, render(table.view()).transpose(Image.Transpose.ROTATE_180))
