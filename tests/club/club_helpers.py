"""Real parts for the club tests: a mosquitto on a free port, a director process, HTTP."""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CLUB = REPO / "systemd" / "club"


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def make_logins(event_id: str, tables: int, folder: Path, venues: str = "") -> dict[str, str]:
    """Run the project's make-logins.sh; returns user -> password."""
    env = {**os.environ, "VENUES": venues}
    subprocess.run(
        [str(CLUB / "make-logins.sh"), event_id, str(tables), str(folder)],
        check=True,
        capture_output=True,
        env=env,
    )
    lines = (folder / "logins.txt").read_text().split("\n")
    return dict(line.split(" ", 1) for line in lines if line)


class Broker:
    """A real mosquitto, configured from systemd/club/mosquitto.conf with local paths."""

    def __init__(
        self, folder: Path, logins: Path | None, extra: str = "", limits: bool = True
    ) -> None:
        self.folder = folder
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        text = (CLUB / "mosquitto.conf").read_text()
        if not limits:  # a broker that lets anything through: the director's own caps
            text = "\n".join(
                line
                for line in text.splitlines()
                if not line.startswith(("message_size_limit", "max_packet_size"))
            )
        text = text.replace("listener 1883", f"listener {self.port} 127.0.0.1")
        if logins is None:
            text = text.replace("allow_anonymous false", "allow_anonymous true")
            text = "\n".join(
                line for line in text.splitlines() if not line.startswith(("password_", "acl_"))
            )
        else:
            text = text.replace("/etc/mosquitto/kaiser/", f"{logins}/")
        data = folder / "data"
        data.mkdir(parents=True, exist_ok=True)
        # As root, mosquitto would switch to the mosquitto user, who cannot read the files
        # made here; it stays who we are.
        user = pwd.getpwuid(os.getuid()).pw_name
        text += f"\npersistence_location {data}/\nuser {user}\n{extra}\n"
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text(text)

    def start(self) -> None:
        """Start it and wait until it takes connections."""
        exe = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        log = open(self.folder / "mosquitto.log", "ab")  # noqa: SIM115 - kept by the process
        self.proc = subprocess.Popen([exe, "-c", str(self.conf)], stdout=log, stderr=log)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), 0.2),
            ):
                return
            time.sleep(0.05)
        raise RuntimeError(
            "mosquitto did not start: " + (self.folder / "mosquitto.log").read_text()
        )

    def kill(self) -> None:
        """SIGKILL, like a crash."""
        if self.proc:
            self.proc.kill()
            self.proc.wait(5)
            self.proc = None

    def stop(self) -> None:
        """SIGTERM: it saves its persistence file."""
        if self.proc:
            self.proc.terminate()
            self.proc.wait(5)
            self.proc = None


class Director:
    """``kaiser-scorer director`` as a real process."""

    def __init__(self, folder: Path, event: Path, broker_port: int, env: dict[str, str]) -> None:
        self.folder = folder
        self.event = event
        self.broker_port = broker_port
        self.env = env
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.start_timeout = 20.0  # the bench's 480 tables seat 1,920 players first
        self.db = folder / "director.db"
        self.preexec: Any = None  # run in the child before the director (a cgroup, limits)
        self.prefix: list[str] = []  # a command the director runs under (prlimit)
        self.args: list[str] = []  # more of the command line (``--season FILE``)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start it and wait for its HTTP interface."""
        log = open(self.folder / "director.log", "ab")  # noqa: SIM115 - kept by the process
        cmd = [
            *self.prefix,
            sys.executable,
            "-m",
            "hardware.cli",
            "director",
            "--event",
            str(self.event),
            "--broker",
            f"127.0.0.1:{self.broker_port}",
            "--db",
            str(self.db),
            "--listen",
            f"127.0.0.1:{self.port}",
            *self.args,
        ]
        env = {**os.environ, **self.env}
        self.proc = subprocess.Popen(
            cmd, stdout=log, stderr=log, env=env, cwd=REPO, preexec_fn=self.preexec
        )
        deadline = time.monotonic() + self.start_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("the director stopped: " + self.log())
            with contextlib.suppress(OSError):
                self.get("/api/event")
                return
            time.sleep(0.1)
        raise RuntimeError("the director did not answer: " + self.log())

    def log(self) -> str:
        return (self.folder / "director.log").read_text(errors="replace")

    def stop(self) -> None:
        if self.proc:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
            self.proc = None

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=5) as r:
            body = r.read()
        return json.loads(body) if path.startswith("/api/") and not path.endswith(".csv") else body

    def post(self, path: str, pin: str | None) -> tuple[int, Any]:
        headers = {} if pin is None else {"X-Pin": pin}
        req = urllib.request.Request(self.url + path, data=b"", method="POST", headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=5) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    def wait_for(self, check: Any, timeout: float = 10.0, what: str = "") -> Any:
        """Poll until ``check()`` returns something true; return it."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            last = check()
            if last:
                return last
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {what or check}: last {last!r}")


class MemoryCgroup:
    """A real memory cgroup (v1 or v2) capped at ``limit`` bytes, like the unit's
    ``MemoryMax=``: a process put in it (``enter`` as a preexec_fn) is OOM-killed beyond.
    Skips the test, saying why, where this machine cannot make one (not root, no memory
    controller)."""

    def __init__(self, name: str, limit: int) -> None:
        import pytest

        v1 = Path("/sys/fs/cgroup/memory")
        v2 = Path("/sys/fs/cgroup")
        if os.geteuid() != 0:
            pytest.skip("making a memory cgroup needs root")
        if (v1 / "memory.limit_in_bytes").exists():
            self.path, limit_file = v1 / name, "memory.limit_in_bytes"
        elif "memory" in (v2 / "cgroup.controllers").read_text(errors="replace").split():
            self.path, limit_file = v2 / name, "memory.max"
        else:
            pytest.skip("no memory cgroup controller on this machine")
        self.path.mkdir(exist_ok=True)
        (self.path / limit_file).write_text(str(limit))
        swap = self.path / "memory.swap.max"  # v2: no swap to escape into
        if swap.exists():
            swap.write_text("0")

    def enter(self) -> None:
        """Put the calling process in the cgroup (as the child's preexec_fn)."""
        (self.path / "cgroup.procs").write_text(str(os.getpid()))

    def close(self) -> None:
        """Remove the cgroup (its processes gone first)."""
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                self.path.rmdir()
                return
            except OSError:
                time.sleep(0.1)
