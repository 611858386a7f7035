"""install.sh and the service under a real systemd: a Debian container on the mock board.

The container (see nspawn_machine.py) boots Debian's own systemd with the unified cgroup
hierarchy; install.sh runs in it as on a Pi (``--board mock``: this is not Raspberry Pi OS),
and the installed unit runs with every hardening directive it ships with. A test drop-in
changes two things only: ``--screenshots`` (so that the test sees what the mock board's
dummy display shows, as tests/pi/test_service.py does) and ``WatchdogSec=3s`` (so that a
hung scorer is caught in seconds, not 15).

By default the container runs the Debian release this machine's apt uses;
``KAISER_CONTAINER_RELEASES="bookworm trixie"`` runs the tests on each (from the same mirror).

Skipped, with the reason printed, only where this machine cannot run a container at all
(not root, no namespaces, no cgroup2, no Debian mirror in apt's sources).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from nspawn_machine import (
    CannotRun,
    Machine,
    cache_dir,
    cached_root,
    check_can_run,
    pip_setup,
    tree_size,
)
from PIL import Image, ImageChops

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
UNIT = "kaiser-scorer.service"
STATE = "var/lib/kaiser-scorer"
FRAMES = f"/{STATE}/frames"
FIRST_FRAME = f"{FRAMES}/frame-0001.png"
WATCHDOG_SEC = 3
#: Files the test hands to the container (its /tmp is a tmpfs of its own, unseen from here).
SCRATCH = "/srv/kaiser-test"
#: TABLE.md's example hand (as in tests/pi/conftest.py): one whole hand, NS -1, EW 11.
KEYS = [
    *["UP", "OK", "RIGHT", "UP", "UP", "RIGHT", "OK", "RIGHT", "DOWN", "RIGHT", "A", "RIGHT"],
    *["LEFT", "B", "UP", "RIGHT", "LEFT", "OK"],
]
#: The files install.sh needs from a clone: the package and the systemd folder.
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "kaiser_core", "hardware", "systemd")

#: Debian releases to boot ("": the one this machine's apt uses).
RELEASES = os.environ.get("KAISER_CONTAINER_RELEASES", "").split() or [""]

numbers: dict[str, str] = {}


class Box:
    """The booted container with the scorer installed, and how to look at it."""

    def __init__(self, machine: Machine, pip_env: dict[str, str], patience: float = 30) -> None:
        self.m = machine
        self.pip_env = pip_env
        self.install_output = ""
        self.patience = patience  # seconds a wait allows by default (more under emulation)

    @property
    def root(self) -> Path:
        return self.m.root

    def prop(self, *names: str) -> dict[str, str]:
        return self.m.show(UNIT, *names)

    def usec(self, name: str) -> int:
        return int(self.prop(name)[name])

    def main_pid(self) -> int:
        return int(self.prop("MainPID")["MainPID"])

    def journal(self) -> str:
        return self.m.run("journalctl", "-u", UNIT, "--no-pager", "-o", "cat").stdout

    def wait(self, what: str, condition: object, timeout: float = 0) -> None:
        timeout = timeout or self.patience
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if condition():  # type: ignore[operator]
                return
            time.sleep(0.05)
        raise AssertionError(f"{what}: not within {timeout} s\n{self.journal()[-3000:]}")

    def active_since(self, after_usec: int = 0) -> int:
        """Wait until the unit is active (READY=1 seen) after ``after_usec``; that moment."""
        found: list[int] = []

        def ready() -> bool:
            p = self.prop("ActiveState", "ActiveEnterTimestampMonotonic")
            stamp = int(p["ActiveEnterTimestampMonotonic"])
            if p["ActiveState"] == "active" and stamp > after_usec:
                found.append(stamp)
                return True
            return False

        self.wait("the service active", ready)
        return found[-1]

    def frame(self) -> Image.Image:
        """The first frame the running scorer pushed to its (dummy) display."""
        path = self.root / FIRST_FRAME.lstrip("/")
        images: list[Image.Image] = []

        def readable() -> bool:  # PIL writes the file in place: wait until it is whole
            try:
                with Image.open(path) as image:
                    images.append(image.convert("1"))
                return True
            except (OSError, SyntaxError):
                return False

        self.wait(f"{FIRST_FRAME} written", readable)
        return images[-1]

    def ensure_active(self) -> None:
        if self.prop("ActiveState")["ActiveState"] != "active":
            self.m.run("systemctl", "start", UNIT)
            self.active_since()


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def _copy_sources(dest: Path) -> None:
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in SOURCES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, dest / name)


def _drop_in(root: Path) -> None:
    unit = (REPO / "systemd" / UNIT).read_text()
    exec_start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    folder = root / f"etc/systemd/system/{UNIT}.d"
    folder.mkdir(parents=True)
    (folder / "test.conf").write_text(
        f"[Service]\nExecStart=\n{exec_start} --screenshots {FRAMES}\nWatchdogSec={WATCHDOG_SEC}s\n"
    )


@pytest.fixture(scope="module", params=RELEASES, ids=lambda r: r or "apt's release")
def box(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[Box]:
    try:
        check_can_run()
    except CannotRun as reason:
        pytest.skip(f"this machine cannot run a container: {reason}")
    for program, package in (
        ("debootstrap", "debootstrap"),
        ("systemd-nspawn", "systemd-container"),
        ("nsenter", "util-linux"),
    ):
        assert shutil.which(program), f"{program} is missing: apt-get install {package}"
    started = time.monotonic()
    work = tmp_path_factory.mktemp("container")
    try:
        lower, built = cached_root(work / "debootstrap.log", request.param)
    except CannotRun as reason:
        pytest.skip(f"this machine cannot build the container: {reason}")
    numbers.clear()
    numbers["release"] = request.param or "apt's"
    numbers["debootstrap"] = f"{built:.0f} s (built now)" if built else "cached"
    numbers["cached root"] = f"{tree_size(lower) / 2**20:.0f} MiB at {lower}"
    pip_env, binds = pip_setup()
    pip_cache = cache_dir() / "pip-cache"
    pip_cache.mkdir(parents=True, exist_ok=True)
    machine = Machine(lower, work, binds, writable=[(pip_cache, "/root/.cache/pip")])
    try:
        machine.prepare()
        _copy_sources(machine.root / "root/kaiser-scorer")
        _drop_in(machine.root)
        (machine.root / SCRATCH.lstrip("/")).mkdir(mode=0o755)
        numbers["boot"] = f"{machine.boot():.1f} s"
        installing = time.monotonic()
        result = machine.run(
            "bash", "/root/kaiser-scorer/systemd/install.sh", "--board", "mock",
            env=pip_env, timeout=400, check=False,
        )  # fmt: skip
        assert result.returncode == 0, result.stdout + result.stderr
        box = Box(machine, pip_env)
        box.install_output = result.stdout + result.stderr
        numbers["install.sh"] = f"{time.monotonic() - installing:.0f} s (venv, pip, unit)"
        yield box
    finally:
        machine.close()
        numbers["whole test"] = f"{time.monotonic() - started:.0f} s"
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        if reporter is not None and capture is not None:
            with capture.global_and_fixture_disabled():  # the numbers, shown even when passing
                reporter.write_line("")
                for name, value in numbers.items():
                    reporter.write_line(f"container: {name}: {value}")


@pytest.fixture(scope="module")
def played(box: Box) -> Image.Image:
    """One hand played on the mock board into the service's database; the screen it left."""
    fresh = box.frame()
    box.m.run("systemctl", "stop", UNIT)
    (box.root / SCRATCH.lstrip("/") / "keys").write_text("\n".join(KEYS) + "\n")
    script = box.m.run(
        "runuser", "-u", "kaiser", "--", "/opt/kaiser-scorer/venv/bin/kaiser-scorer", "run",
        "--board", "mock", "--keys", f"{SCRATCH}/keys",
        "--config", "/etc/kaiser-scorer/config.toml", "--db", f"/{STATE}/kaiser.db", "--quiet",
        timeout=120,
    )  # fmt: skip
    assert script.stdout.count("ok ") == len(KEYS), script.stdout + script.stderr
    box.m.run("rm", "-rf", FRAMES)
    box.m.run("systemctl", "start", UNIT)
    box.active_since()
    screen = box.frame()
    assert not same(screen, fresh), "the hand played changed nothing on the screen"
    return screen


def test_install_on_plain_debian_says_so_and_the_mock_board_is_ready(box: Box) -> None:
    assert "not Raspberry Pi OS" in box.install_output
    backend = "backend: the mock board, gpiozero 2.0.1.post3 (the venv's, from pip)"
    assert backend in box.install_output, box.install_output
    assert "cannot import" not in box.install_output, box.install_output
    config = (box.root / "etc/kaiser-scorer/config.toml").read_text()
    assert 'board = "mock"' in config
    since = box.active_since()
    p = box.prop("Type", "User", "ExecMainStartTimestampMonotonic", "StatusErrno", "NRestarts")
    assert p["Type"] == "notify" and p["User"] == "kaiser"
    ready_ms = (since - int(p["ExecMainStartTimestampMonotonic"])) / 1000
    numbers["READY after exec"] = f"{ready_ms:.0f} ms"
    assert box.frame().size == (128, 64)  # READY=1 comes after the first frame
    assert "mock board without --keys" in box.journal()
    assert "Traceback" not in box.journal()


def test_a_second_install_changes_nothing_and_keeps_the_scorer_running(box: Box) -> None:
    box.ensure_active()
    pid = box.main_pid()
    result = box.m.run(
        "bash", "/root/kaiser-scorer/systemd/install.sh", env=box.pip_env, timeout=120
    )
    assert "Nothing changed" in result.stdout, result.stdout
    assert not [line for line in result.stdout.splitlines() if line.startswith("changed:")]
    assert box.main_pid() == pid


def test_watchdog_pings_arrive_and_a_hung_scorer_is_killed_and_restarted(box: Box) -> None:
    box.ensure_active()
    first = box.usec("WatchdogTimestampMonotonic")
    box.wait(
        "a second watchdog ping",
        lambda: box.usec("WatchdogTimestampMonotonic") > first,
        timeout=WATCHDOG_SEC + 2,
    )
    restarts = int(box.prop("NRestarts")["NRestarts"])
    pid = box.main_pid()
    box.m.run("bash", "-c", f"kill -STOP {pid}")  # a main loop that hangs
    stopped = time.monotonic()
    box.wait(
        "systemd's watchdog timeout",
        lambda: "Watchdog timeout" in box.m.run("journalctl", "-u", UNIT, "--no-pager").stdout,
        timeout=WATCHDOG_SEC + 3,
    )
    # systemd sent SIGABRT; should the stopped process still be there, let it take it.
    box.m.run("bash", "-c", f"kill -CONT {pid}", check=False)
    since = box.active_since(after_usec=int(stopped * 1e6))
    numbers["hung to ready again"] = f"{since / 1e6 - stopped:.1f} s (WatchdogSec={WATCHDOG_SEC}s)"
    assert int(box.prop("NRestarts")["NRestarts"]) == restarts + 1
    assert box.main_pid() != pid
    assert (
        f"Watchdog timeout (limit {WATCHDOG_SEC}s)"
        in box.m.run("journalctl", "-u", UNIT, "--no-pager").stdout
    )


PROBE = """
import errno, os, socket
def attempt(what, action):
    try:
        action()
        print(what, "ok")
    except OSError as err:
        print(what, errno.errorcode.get(err.errno, err.errno))
attempt("null", lambda: os.close(os.open("/dev/null", os.O_RDWR)))
attempt("tun", lambda: os.close(os.open("/dev/net/tun", os.O_RDWR)))
udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
attempt("udp", lambda: udp.sendto(b"x", ("127.0.0.1", 9)))
"""


def _probe(box: Box, in_service: bool) -> dict[str, str]:
    """The probe as root from outside the machine's units, or moved into the service's cgroup
    first (its BPF programs: the device policy and the IP filter apply to all it holds)."""
    (box.root / SCRATCH.lstrip("/") / "probe.py").write_text(PROBE)
    group = box.prop("ControlGroup")["ControlGroup"]
    join = f"echo $$ > /sys/fs/cgroup{group}/cgroup.procs && " if in_service else ""
    result = box.m.run("sh", "-c", f"{join}exec python3 {SCRATCH}/probe.py")
    return dict(line.split() for line in result.stdout.splitlines())


def test_device_policy_and_ip_address_deny_are_enforced(box: Box) -> None:
    box.ensure_active()
    outside = _probe(box, in_service=False)
    assert outside == {"null": "ok", "tun": "ok", "udp": "ok"}, "the probe's control"
    inside = _probe(box, in_service=True)
    assert inside == {"null": "ok", "tun": "EPERM", "udp": "EPERM"}
    status = box.m.run("cat", f"/proc/{box.main_pid()}/status").stdout
    fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    assert fields["NoNewPrivs"].strip() == "1"
    assert fields["Seccomp"].strip() == "2"  # SystemCallFilter=, RestrictAddressFamilies=
    assert int(fields["CapBnd"], 16) == 0 and int(fields["CapEff"], 16) == 0
    security = box.m.run("systemd-analyze", "security", UNIT, "--no-pager", check=False).stdout
    exposure = security.strip().splitlines()[-1]
    numbers["systemd-analyze security"] = exposure.split(":", 1)[-1].strip()
    assert "SAFE" in exposure or "OK" in exposure, security[-2000:]


def test_kill_9_restarts_on_the_same_screen(box: Box, played: Image.Image) -> None:
    box.ensure_active()
    pid = box.main_pid()
    box.m.run("rm", "-rf", FRAMES)  # what the display shows next is the restarted scorer's
    killed = time.monotonic()
    box.m.run("bash", "-c", f"kill -9 {pid}")
    since = box.active_since(after_usec=int(killed * 1e6))
    numbers["restart on kill -9"] = f"{since / 1e6 - killed:.2f} s (RestartSec=2s)"
    assert box.main_pid() != pid
    assert same(box.frame(), played), "after kill -9 the display shows another screen"


def test_a_clean_stop_closes_everything_in_order(box: Box) -> None:
    box.ensure_active()
    box.m.run("systemctl", "stop", UNIT)
    p = box.prop(
        "ActiveState", "Result", "ExecMainStatus", "ActiveExitTimestampMonotonic",
        "InactiveEnterTimestampMonotonic",
    )  # fmt: skip
    assert p["ActiveState"] == "inactive" and p["Result"] == "success", p
    assert p["ExecMainStatus"] == "0"
    took = int(p["InactiveEnterTimestampMonotonic"]) - int(p["ActiveExitTimestampMonotonic"])
    numbers["clean stop"] = f"{took / 1000:.0f} ms"
    log = box.journal()
    last = log[log.rindex("stopping (signal SIGTERM)") :]
    assert "journal closed" in last and "pins released" in last, last


def _export(box: Box, work: Path) -> str:
    copy = work / "kaiser.db"
    shutil.copy2(box.root / STATE / "kaiser.db", copy)
    result = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "export", "--db", str(copy)],
        cwd=REPO, capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    copy.unlink()
    return result.stdout


def test_uninstall_keeps_the_games(box: Box, played: Image.Image, tmp_path: Path) -> None:
    box.m.run("systemctl", "stop", UNIT)
    before = _export(box, tmp_path)
    assert '"hands"' in before
    digest = hashlib.sha256((box.root / STATE / "kaiser.db").read_bytes()).hexdigest()
    result = box.m.run("bash", "/root/kaiser-scorer/systemd/install.sh", "uninstall")
    assert "kept" in result.stdout
    assert box.prop("LoadState")["LoadState"] == "not-found"
    assert box.m.run("id", "kaiser", check=False).returncode != 0
    assert not (box.root / "opt/kaiser-scorer").exists()
    assert hashlib.sha256((box.root / STATE / "kaiser.db").read_bytes()).hexdigest() == digest
    assert _export(box, tmp_path) == before
    assert (box.root / "etc/kaiser-scorer/config.toml").exists()


def test_plain_debian_without_a_board_finishes_and_leaves_the_unit_installed(box: Box) -> None:
    """Finding 20 (issue 22): install.sh with no --board and no settings on a machine without
    GPIO: the default board's unit cannot start there. The install must finish (exit 0), say
    this is not a Pi and how to try the mock board, and leave the unit installed. Runs last:
    it purges what the tests above installed."""
    box.m.run("bash", "/root/kaiser-scorer/systemd/install.sh", "uninstall", "--purge")
    result = box.m.run(
        "bash", "/root/kaiser-scorer/systemd/install.sh", env=box.pip_env, timeout=400, check=False
    )
    out = result.stdout + result.stderr
    assert result.returncode == 0, out
    assert "this is not a Raspberry Pi" in out and 'set board = "mock"' in out, out
    assert "backend: none: the adafruit-bonnet board needs a Raspberry Pi" in out, out
    p = box.prop("LoadState", "UnitFileState", "ActiveState", "NRestarts")
    assert p == {
        "LoadState": "loaded",
        "UnitFileState": "disabled",
        "ActiveState": "inactive",
        "NRestarts": "0",
    }, p
