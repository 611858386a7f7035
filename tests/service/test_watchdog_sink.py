"""The watchdog sink after stored changes, the unit's exit statuses, one direction map."""

from __future__ import annotations

import argparse
import re
import socket
from pathlib import Path

import pytest

from hardware import notify
from hardware.boards import build
from hardware.config import Config
from hardware.journal import Journal
from hardware.resume import resume
from hardware.runner import EXIT_HARDWARE, EXIT_USAGE, serve
from hardware.screens import render
from hardware.sinks.watchdog import WatchdogSink
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import DIRECTION_OF_SEAT, Change, Table

ROOT = Path(__file__).resolve().parents[2]


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def test_the_sink_pings_after_a_stored_change_at_most_once_a_gap() -> None:
    pings: list[float] = []
    clock = Clock()
    sink = WatchdogSink(1.0, ping=lambda: pings.append(clock.now), clock=clock)
    for step in (0.0, 0.25, 0.25, 0.75, 2.0, 0.125):
        clock.now += step
        sink.stored(Change(ui=True))
    assert pings == [50.0, 51.25, 53.25] and sink.sent == 3


@pytest.fixture
def systemd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> socket.socket:
    monkeypatch.setattr(notify, "_address", None)
    monkeypatch.setattr(notify, "_notifier", None)
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    path = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(0.2)
    monkeypatch.setenv("NOTIFY_SOCKET", str(path))
    monkeypatch.setenv("WATCHDOG_USEC", str(600 * 1_000_000))  # timer pings 300 s apart
    return sock


def received(sock: socket.socket) -> list[str]:
    got = []
    while True:
        try:
            got.append(sock.recv(4096).decode())
        except TimeoutError:
            return got


def test_the_service_pings_the_watchdog_after_stored_changes_too(
    tmp_path: Path, systemd: socket.socket
) -> None:
    journal = Journal(tmp_path / "kaiser.db", exclusive=True)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    args = argparse.Namespace(screenshots=None)
    keys = ["UP", "OK", "RIGHT", "UP", "OK"]
    board = build("mock", Config(), args, keys=keys)
    scorers: list[object] = []
    assert serve(board, journal, table, render, args, scorer_hook=scorers.append) == 0
    messages = received(systemd)
    systemd.close()
    assert messages[:2] == ["READY=1", "WATCHDOG=1"]  # the timer's first ping: the loop runs
    assert messages[-1] == "STOPPING=1"
    sink = next(s for s in scorers[0].sinks if isinstance(s, WatchdogSink))  # type: ignore[attr-defined]
    assert sink.sent >= 1
    # The timer alone pings once in 300 s; the rest came from the sink, after stored keys.
    assert messages.count("WATCHDOG=1") == 1 + sink.sent


def unit_values(name: str) -> list[str]:
    text = (ROOT / "systemd" / "kaiser-scorer.service").read_text()
    return re.findall(rf"^{name}=(.*)$", text, re.M)


def test_a_mistake_exits_2_and_is_not_restarted_hardware_exits_3_and_is() -> None:
    from hardware import app, cli

    assert unit_values("RestartPreventExitStatus") == [str(EXIT_USAGE)]
    assert unit_values("Restart") == ["always"]
    assert EXIT_USAGE == app.EXIT_USAGE == cli.EXIT_USAGE == 2 and EXIT_HARDWARE == 3


#: A literal direction-to-seat map, in either direction, with names or enum members.
LITERAL_MAP = re.compile(
    r'(Seat\.[NESW]|"[NESW]")\s*:\s*(Key\.|")(UP|RIGHT|DOWN|LEFT)'
    r'|(Key\.|")(UP|RIGHT|DOWN|LEFT)"?\s*:\s*(Seat\.|")[NESW]'
)


@pytest.mark.slow
def test_every_layer_uses_the_one_direction_map() -> None:
    copies = []
    for folder in ("hardware", "bench", "tests", "firmware", "kaiser_core"):
        for path in (ROOT / folder).rglob("*.py"):
            if path == ROOT / "kaiser_core" / "table" / "keys.py" or path == Path(__file__):
                continue
            if LITERAL_MAP.search(path.read_text(encoding="utf-8", errors="replace")):
                copies.append(str(path.relative_to(ROOT)))
    assert copies == []
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_player", ROOT / "bench" / "player.py")
    assert spec is not None and spec.loader is not None
    player = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(player)
    assert {s.value: k.value for s, k in DIRECTION_OF_SEAT.items()} == player.SEAT_KEY
