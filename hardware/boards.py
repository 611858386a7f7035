"""The one place that builds a board from the config: its sources, display, power-off and
sinks (``SINKS``: every sink, one line each).

A board is what the scorer runs on: the Pi with a bonnet, a Waveshare HAT or custom pins;
gpiozero's mock pins with luma's ``dummy`` display (the service on any machine, or a key
script); the emulator in a terminal or a window. Each gets the card reader when the config
enables it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hardware import notify
from hardware.config import Config
from hardware.oled import dummy_factory, luma_factory
from hardware.sinks import Sink
from hardware.sources import Source
from hardware.sources.buttons import ButtonSource
from kaiser_core.errors import KaiserInputError

#: The menu's "Shut down": logind powers off (polkit allows it to the service's user).
POWEROFF = ("systemctl", "poweroff")
#: The hold time of scripted play: short, the script does not need a person's patience.
MOCK_HOLD_TIME = 0.1
PI_BOARDS = ("bonnet", "waveshare", "custom")
#: ``--board`` takes the config's names (``board = "adafruit-bonnet"``) and the short ones.
BOARD_ALIASES = {"adafruit-bonnet": "bonnet", "waveshare-hat": "waveshare"}
BOARD_CHOICES = ("auto", "adafruit-bonnet", "waveshare-hat", *PI_BOARDS, "mock", "emulator")

#: Every sink, in the order the loop calls them: its module (which has ``make(cfg)``) and
#: when the config asks for it. A new sink is one line here; its module is imported only
#: when it is asked for, so a start-up without it does not pay for it.
SINKS: tuple[tuple[str, Callable[[Config], bool]], ...] = (
    ("hardware.sinks.wake", lambda cfg: cfg.club is not None),  # club mode's publisher
    ("hardware.sinks.watchdog", lambda cfg: notify.watchdog_interval() is not None),
    ("hardware.sinks.voice", lambda cfg: cfg.voice is not None and cfg.voice.enabled),
)


class BoardError(KaiserInputError):
    """This board cannot run here (the emulator without a terminal); one line for the user."""


@dataclass
class Board:
    """What ``runner.serve`` needs: a display factory, the input sources and power-off."""

    name: str
    display: Callable[[], Any]
    sources: list[Source] = field(default_factory=list)
    poweroff: Sequence[str] | None = None
    rotate: int = 0
    dim_after: float = 0.0
    pin_factory: Any = None  # released last, after the display is blanked
    sinks: list[Sink] = field(default_factory=list)  # called after each stored change

    def pins(self) -> Any:
        """The pin factory to release at the end (the one the buttons ended up with)."""
        if self.pin_factory is not None:
            return self.pin_factory
        for source in self.sources:
            factory = getattr(source, "pin_factory", None)
            if factory is not None:
                return factory
        return None


def is_pi() -> bool:
    """True on a Raspberry Pi (its device tree says so)."""
    try:
        with open("/proc/device-tree/model", encoding="utf-8", errors="replace") as f:
            return "raspberry pi" in f.read().lower()
    except OSError:
        return False


def resolve(name: str, cfg: Config | None) -> str:
    """The board ``--board`` names: ``auto`` is the config's board on a Pi (or ``mock``
    wherever the config names it), else the emulator."""
    if name != "auto":
        return BOARD_ALIASES.get(name, name)
    if cfg is not None and cfg.board == "mock":  # a demonstration service on any machine
        return "mock"
    if not is_pi():
        return "emulator"
    return cfg.board if cfg is not None else "bonnet"


def build(
    name: str,
    cfg: Config,
    args: argparse.Namespace,
    *,
    keys: list[str] | None = None,
    pin_factory: Any = None,
    display_factory: Callable[[], Any] | None = None,
    poweroff: Sequence[str] | None = POWEROFF,
) -> Board:
    """The board ``name`` (already resolved) as the config describes it.

    ``pin_factory``, ``display_factory`` and ``poweroff`` replace the real ones (tests).
    Raises BoardError when the board cannot run here.
    """
    if name == "mock":
        board = _mock(cfg, keys, pin_factory, display_factory)
    elif name == "emulator":
        board = _emulator(args, display_factory)
    else:
        board = Board(
            name,
            display_factory or luma_factory(cfg.display),
            [
                ButtonSource(
                    cfg.pins,
                    hold_time=cfg.hold_time,
                    bounce_time=cfg.bounce_time,
                    pin_factory=pin_factory,
                )
            ],
            poweroff=poweroff,
            rotate=cfg.rotate,
            dim_after=cfg.dim_after,
        )
    if cfg.reader_enabled:
        from hardware.sources.reader import ReaderSource  # pyserial only with a reader

        board.sources.insert(0, ReaderSource(cfg.reader_port))
    if cfg.club is not None:  # club mode: the link to the publisher
        _club(board, cfg, args)
    board.sinks.extend(make_sinks(cfg))
    return board


def make_sinks(cfg: Config) -> list[Sink]:
    """The sinks ``cfg`` asks for, in the order of ``SINKS``."""
    made = (importlib.import_module(name).make(cfg) for name, wanted in SINKS if wanted(cfg))
    return [sink for sink in made if sink is not None]


def _club(board: Board, cfg: Config, args: argparse.Namespace) -> None:
    from hardware.club.link import ClubLink
    from hardware.stored import default_db_path

    assert cfg.club is not None
    db = getattr(args, "db", None)
    board.sources.append(ClubLink(Path(db) if db else default_db_path(), cfg.club))


def _mock(
    cfg: Config,
    keys: list[str] | None,
    pin_factory: Any,
    display_factory: Callable[[], Any] | None,
) -> Board:
    from gpiozero.pins.mock import MockFactory

    factory = pin_factory or MockFactory()
    display = display_factory or dummy_factory()
    if keys is None:
        # No script: the Pi's runner on mock pins and the dummy display, until signalled.
        source: Source = ButtonSource(
            cfg.pins, hold_time=cfg.hold_time, bounce_time=cfg.bounce_time, pin_factory=factory
        )
        return Board("mock", display, [source], dim_after=cfg.dim_after, pin_factory=factory)
    from hardware.sources.script import ScriptSource

    hold_time = min(cfg.hold_time, MOCK_HOLD_TIME)
    return Board("mock", display, [ScriptSource(keys, cfg.pins, hold_time, factory)])


def has_window_system(env: Mapping[str, str] | None = None) -> bool:
    """Whether a window can open: X11 or Wayland on Linux (or SDL told where to draw)."""
    env = os.environ if env is None else env
    if not sys.platform.startswith("linux"):
        return True
    return any(env.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"))


def check_emulator(shown: str) -> None:
    """Raise BoardError (one line) when the emulator cannot show ``shown`` here."""
    if shown == "window":
        if not has_window_system():
            raise _board_error("board.no_desktop")
        return
    needs = (sys.stdin, sys.stdout) if shown == "terminal" else (sys.stdin,)
    if not all(stream.isatty() for stream in needs):
        raise _board_error("board.no_terminal")


def _board_error(key: str) -> BoardError:
    """A BoardError of the message ``key`` (its words load with the first such error)."""
    from hardware.i18n.errors import error

    return BoardError(error(key))


def _emulator(args: argparse.Namespace, display_factory: Callable[[], Any] | None) -> Board:
    from hardware.emulator import picture_hidden, terminal_factory, window_factory
    from hardware.sources.terminal import TerminalSource, WindowSource

    shown = getattr(args, "display", "terminal")
    if display_factory is None:
        check_emulator(shown)
    if shown == "window":
        return Board("emulator", display_factory or window_factory(), [WindowSource()])
    if display_factory is None and shown == "terminal":  # keys wait while it cannot be seen
        return Board("emulator", terminal_factory(), [TerminalSource(hidden=picture_hidden)])
    return Board("emulator", display_factory or dummy_factory(), [TerminalSource()])
