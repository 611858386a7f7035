"""The service as systemd runs it: a real process on the mock board (gpiozero's mock pins,
luma's dummy display) that runs until SIGTERM, with a real notify socket."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
CLK_TCK = os.sysconf("SC_CLK_TCK")


class Service:
    """``kaiser-scorer run --board mock`` (no keys: until signalled) and its notify socket."""

    def __init__(self, tmp_path: Path, watchdog_usec: int | None) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        path = tmp_path / "notify"
        assert len(str(path)) < 100
        self.sock.bind(str(path))
        self.shots = tmp_path / "frames"
        outside = ("WATCHDOG_PID", "GPIOZERO_PIN_FACTORY")
        env = {k: v for k, v in os.environ.items() if k not in outside}
        env["NOTIFY_SOCKET"] = str(path)
        if watchdog_usec is None:
            env.pop("WATCHDOG_USEC", None)
        else:
            env["WATCHDOG_USEC"] = str(watchdog_usec)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "hardware.cli",
                "run",
                "--board",
                "mock",
                "--db",
                str(tmp_path / "kaiser.db"),
                "--screenshots",
                str(self.shots),
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    def receive(self, timeout: float = 30) -> tuple[str, float]:
        self.sock.settimeout(timeout)
        return self.sock.recv(4096).decode(), time.monotonic()

    def until(self, message: str, timeout: float = 30) -> list[str]:
        """Messages up to and including ``message``."""
        seen = []
        end = time.monotonic() + timeout
        while True:
            text, _ = self.receive(max(0.01, end - time.monotonic()))
            seen.append(text)
            if text == message:
                return seen

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime, stime

    def quiet(self, window: float = 0.25, timeout: float = 30) -> None:
        """Until a ``window`` passes with no CPU tick used (the start-up's work is over)."""
        end = time.monotonic() + timeout
        before = self.cpu_seconds()
        while time.monotonic() < end:
            time.sleep(window)  # the window measured, not a wait for something to happen
            now = self.cpu_seconds()
            if now == before:
                return
            before = now
        raise AssertionError(f"the scorer was not quiet for {window} s within {timeout} s")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.communicate()
        self.sock.close()


@pytest.fixture
def service(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Service]:
    svc = Service(tmp_path, getattr(request, "param", None))
    yield svc
    svc.close()


def stop_timeout() -> float:
    """The unit's TimeoutStopSec (seconds): after it systemd kills the scorer."""
    unit = (ROOT / "systemd" / "kaiser-scorer.service").read_text()
    found = re.search(r"^TimeoutStopSec=(\d+)s?$", unit, re.M)
    assert found, "the unit sets no TimeoutStopSec"
    return float(found.group(1))


@pytest.mark.parametrize("service", [200_000], indirect=True)  # WatchdogSec=0.2s: every 0.1 s
def test_sigterm_stops_in_order_within_the_units_stop_timeout_with_ready_watchdog_and_stopping(
    service: Service,
) -> None:
    seen = service.until("READY=1")
    assert seen == ["READY=1"]
    assert (service.shots / "frame-0001.png").exists(), "READY=1 comes after the first frame"
    pings = 0
    end = time.monotonic() + 1.0
    while (left := end - time.monotonic()) > 0:
        try:
            text, _ = service.receive(left)
        except TimeoutError:
            break
        assert text == "WATCHDOG=1"
        pings += 1
    assert 5 <= pings <= 13, f"{pings} pings in 1 s at half of WatchdogSec=0.2s"

    sent = time.monotonic()
    service.proc.send_signal(signal.SIGTERM)
    limit = stop_timeout()  # the contract: systemd kills what is not stopped by then
    seen = service.until("STOPPING=1", timeout=limit)
    assert set(seen[:-1]) <= {"WATCHDOG=1"}
    _, err = service.proc.communicate(timeout=limit)
    took = time.monotonic() - sent
    assert service.proc.returncode == 0, err
    assert took < limit, f"took {took:.2f} s"
    lines = [line.split(": ", 1)[1] for line in err.splitlines() if ": " in line]
    order = [
        "stopping (signal SIGTERM)",
        "input stopped",
        "journal closed",
        "display blanked",
        "pins released",
    ]
    assert [line for line in lines if line in order] == order, err
    assert "Traceback" not in err


def test_sigint_stops_it_too(service: Service) -> None:
    service.until("READY=1")
    service.proc.send_signal(signal.SIGINT)
    _, err = service.proc.communicate(timeout=5)
    assert service.proc.returncode == 0, err
    assert "stopping (signal SIGINT)" in err and "pins released" in err


def test_an_idle_scorer_uses_next_to_no_cpu(service: Service) -> None:
    service.until("READY=1")
    service.quiet()  # what follows the first frame (its garbage collection) is done
    before = service.cpu_seconds()
    time.sleep(3)
    used = service.cpu_seconds() - before
    # gpiozero's hold threads wake ten times a second each; the scorer itself sleeps.
    assert used < 0.1, f"{used:.3f} s of CPU in 3 s idle"
    service.proc.send_signal(signal.SIGTERM)
    _, err = service.proc.communicate(timeout=5)
    assert service.proc.returncode == 0, err
