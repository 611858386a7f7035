"""hardware.notify against a real AF_UNIX datagram socket standing in for systemd's."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from hardware import notify


class Systemd:
    """The receiving end of NOTIFY_SOCKET."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def receive(self) -> str:
        return self.sock.recv(4096).decode()


@pytest.fixture(autouse=True)
def fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    """No notifier cached from another test, and no NOTIFY_SOCKET from the outside world."""
    monkeypatch.setattr(notify, "_address", None)
    monkeypatch.setattr(notify, "_notifier", None)
    for name in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def systemd(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Systemd]:
    path = tmp_path / "notify"
    assert len(str(path)) < 100, "AF_UNIX paths are limited to 108 bytes"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", str(path))
        yield Systemd(sock)


def test_ready_watchdog_status_and_stopping_reach_systemd(systemd: Systemd) -> None:
    notify.ready()
    assert systemd.receive() == "READY=1"
    notify.watchdog()
    assert systemd.receive() == "WATCHDOG=1"
    notify.status("Game 3, hand 5")
    assert systemd.receive() == "STATUS=Game 3, hand 5"
    notify.stopping()
    assert systemd.receive() == "STOPPING=1"


def test_a_status_cannot_smuggle_in_another_message(systemd: Systemd) -> None:
    notify.status("hand 2\nREADY=1")
    assert systemd.receive() == "STATUS=hand 2 READY=1"


def test_an_abstract_socket_name_works(monkeypatch: pytest.MonkeyPatch) -> None:
    name = f"kaiser-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        sock.settimeout(5)
        monkeypatch.setenv("NOTIFY_SOCKET", "@" + name)
        notify.watchdog()
        assert sock.recv(64) == b"WATCHDOG=1"


def test_a_missing_socket_is_logged_not_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "nobody-listens"))
    with caplog.at_level(logging.WARNING, logger="hardware.notify"):
        notify.ready()
        notify.watchdog()
    assert len(caplog.records) == 1
    assert "nobody-listens" in caplog.records[0].getMessage()


@pytest.mark.slow
def test_without_notify_socket_nothing_is_sent_and_sdnotify_is_not_imported() -> None:
    code = (
        "import sys; sys.modules['sdnotify'] = None\n"  # any import of it would fail
        "from hardware import notify\n"
        "notify.ready(); notify.watchdog(); notify.status('x'); notify.stopping()\n"
        "print(notify.watchdog_interval())\n"
    )
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID")
    }
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=Path(notify.__file__).parents[1],
        timeout=30,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "None\n"


def test_a_service_without_sdnotify_is_told_what_to_install(
    systemd: Systemd, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sdnotify", None)
    with pytest.raises(ModuleNotFoundError, match=r"kaiser-scorer\[pi\]"):
        notify.ready()


@pytest.mark.parametrize(
    ("usec", "pid", "expected"),
    [
        ("15000000", None, 7.5),
        ("15000000", "self", 7.5),
        ("15000000", "1", None),
        ("0", None, None),
        ("soon", None, None),
        (None, None, None),
    ],
)
def test_the_watchdog_interval_is_half_of_watchdog_usec(
    monkeypatch: pytest.MonkeyPatch, usec: str | None, pid: str | None, expected: float | None
) -> None:
    if usec is not None:
        monkeypatch.setenv("WATCHDOG_USEC", usec)
    if pid is not None:
        monkeypatch.setenv("WATCHDOG_PID", str(os.getpid()) if pid == "self" else pid)
    assert notify.watchdog_interval() == expected
