"""install.sh and the service on a Pi's own architectures: Debian arm64 and armhf under qemu.

The same container as test_service_boots.py (nspawn_machine.py), its root debootstrapped for
``arm64`` or ``armhf``; every program in it runs under ``qemu-user-static`` through the
kernel's binfmt_misc handlers. Asked for, not run by default (an hour of CPU):

    KAISER_CONTAINER_EMULATED=1 python -m pytest -m slow tests/container/test_emulated_boots.py

``1`` runs arm64 Bookworm, arm64 Trixie and armhf Bookworm; a list such as
``"arm64:bookworm armhf:bookworm"`` runs those. ``.ci/run`` installs qemu-user-static and
binfmt-support only when the variable is set. Roots are cached in $KAISER_CONTAINER_CACHE
(default ~/.cache/kaiser-scorer/containers), one per release and architecture.

Each target: install.sh --board mock succeeds and its backend check names the mock board;
the service reaches READY; TABLE.md's example hand, played with ``kaiser-scorer run --keys``,
exports exactly as it does natively here; ``kill -9`` restarts the scorer on the same screen;
uninstall keeps the games. Two things emulation cannot do are worked around, and said:

- Namespaces. Each namespace directive of the unit is first tried alone on ``/bin/true`` in a
  transient unit; those that fail there (qemu-user cannot set up a network namespace:
  ``PrivateNetwork=``) are relaxed in a test-only drop-in, named in the output. The native
  run (test_service_boots.py) keeps checking every hardening directive.
- Booting. Where systemd cannot run units under qemu at all (Trixie's systemd 257, with
  Bookworm's qemu 7.2 and with bookworm-backports' 10.0.2 alike), the install runs in a
  chroot up to the unit (``SYSTEMD_OFFLINE=1``: systemctl enables the unit and skips
  daemon-reload and restart, which need a running systemd), and the unit's command runs by
  hand, with a notify socket that shows READY=1.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from nspawn_machine import (
    PATH,
    CannotRun,
    Machine,
    cache_dir,
    cached_root,
    check_can_run,
    pip_setup,
    tree_size,
)
from PIL import Image
from test_service_boots import FRAMES, KEYS, SCRATCH, STATE, UNIT, Box, _copy_sources, same

REPO = Path(__file__).resolve().parents[2]
VENV_BIN = "/opt/kaiser-scorer/venv/bin"
CONFIG = "/etc/kaiser-scorer/config.toml"
DEFAULT_TARGETS = "arm64:bookworm arm64:trixie armhf:bookworm"
#: The binfmt_misc handler that runs each architecture's programs here.
HANDLERS = {"arm64": "qemu-aarch64", "armhf": "qemu-arm"}
#: Namespace directives of the unit, and the value each is relaxed to where qemu cannot.
NAMESPACED = {
    "PrivateNetwork": "no",
    "PrivateTmp": "no",
    "ProtectSystem": "no",
    "ProtectHome": "no",
    "PrivateMounts": "no",
    "ProtectProc": "default",
    "ProtectKernelTunables": "no",
    "ProtectKernelModules": "no",
    "ProtectKernelLogs": "no",
    "ProtectControlGroups": "no",
    "ProtectHostname": "no",
}
#: Releases whose systemd boots under qemu-user here. Trixie's systemd 257 runs no unit:
#: with qemu 7.2 (Bookworm's) none starts (issue 23), and with qemu 10.0.2 (bookworm-
#: backports) every one fails with "Failed to spawn executor: Invalid argument".
BOOTS_UNDER_QEMU = ("bookworm",)


def targets() -> list[tuple[str, str]]:
    asked = os.environ.get("KAISER_CONTAINER_EMULATED", "").strip()
    if asked.lower() in ("1", "yes", "all"):
        asked = DEFAULT_TARGETS
    found = []
    for item in asked.split():
        arch, _, release = item.partition(":")
        found.append((arch, release or "bookworm"))
    return found


TARGETS = targets()
numbers: dict[str, dict[str, str]] = {}


def qemu_version(arch: str) -> tuple[tuple[int, ...], str]:
    """(version, interpreter) of the binfmt handler for ``arch``; CannotRun if none."""
    handler = Path("/proc/sys/fs/binfmt_misc") / HANDLERS[arch]
    try:
        text = handler.read_text()
    except OSError:
        raise CannotRun(
            f"no binfmt_misc handler {handler}: apt-get install qemu-user-static binfmt-support"
        ) from None
    if not text.startswith("enabled"):
        raise CannotRun(f"{handler} is disabled (update-binfmts --enable {HANDLERS[arch]})")
    interpreter = re.search(r"^interpreter (\S+)", text, re.M)
    assert interpreter, text
    # The handler may be a wrapper (Debian's .../qemu-binfmt/aarch64-binfmt-P): ask qemu itself.
    for program in (f"{HANDLERS[arch]}-static", HANDLERS[arch], interpreter.group(1)):
        path = shutil.which(program) or (program if program.startswith("/") else "")
        if not path:
            continue
        out = subprocess.run(
            [path, "--version"], capture_output=True, text=True, check=False, timeout=60
        ).stdout
        found = re.search(r"version (\d+)\.(\d+)", out)
        if found:
            return tuple(int(n) for n in found.groups()), out.split("\n", 1)[0]
    raise CannotRun(f"cannot tell the version of {interpreter.group(1)}")


def native_export(tmp: Path) -> str:
    """TABLE.md's example hand played here (amd64, this Python): the export to match."""
    keys = tmp / "keys"
    keys.write_text("\n".join(KEYS) + "\n")
    config = tmp / "config.toml"
    config.write_text(
        re.sub(r"(?m)^board = .*$", 'board = "mock"', (REPO / "systemd/config.toml").read_text())
    )
    db = tmp / "native.db"
    cli = [sys.executable, "-m", "hardware.cli"]
    subprocess.run(
        [*cli, "run", "--board", "mock", "--keys", str(keys), "--config", str(config),
         "--db", str(db), "--quiet"],
        cwd=REPO, check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    return subprocess.run(
        [*cli, "export", "--db", str(db)],
        cwd=REPO, check=True, capture_output=True, text=True, timeout=60,
    ).stdout  # fmt: skip


class Chroot:
    """The cached root with install.sh run in a chroot: no systemd, the unit's command by hand.

    It has ``run`` like nspawn_machine.Machine; /proc, /sys, /dev and /run are the host's
    (bound; /run a tmpfs of its own), so that apt, pip and Python work as in a booted system.
    """

    def __init__(self, lower: Path, work: Path, binds: list[tuple[Path, str, bool]]) -> None:
        self.machine = Machine(lower, work, [])  # only its overlay
        self.root = self.machine.root
        self.binds = binds
        self.mounts: list[Path] = []
        self.proc: subprocess.Popen[str] | None = None

    def _mount(self, *args: str, target: str) -> None:
        path = self.root / target.lstrip("/")
        if not path.exists():  # a file to bind onto is made by the caller
            path.mkdir(parents=True)
        subprocess.run(["mount", *args, str(path)], check=True)
        if "remount" not in args[-1]:
            self.mounts.append(path)
        if "--rbind" in args:  # unmounting it later must not reach the host's mounts
            subprocess.run(["mount", "--make-rslave", str(path)], check=True)

    def prepare(self) -> None:
        self.machine.prepare()
        self._mount("-t", "proc", "proc", target="/proc")
        self._mount("--rbind", "/sys", target="/sys")
        self._mount("--rbind", "/dev", target="/dev")
        self._mount("-t", "tmpfs", "tmpfs", target="/run")
        done: list[tuple[Path, str]] = []
        for host, inside, writable in self.binds:
            if any(  # already there, through a folder bound above it
                host.is_relative_to(h) and Path(inside) == Path(i) / host.relative_to(h)
                for h, i in done
            ):
                continue
            done.append((host, inside))
            if not host.is_dir():
                (self.root / inside.lstrip("/")).parent.mkdir(parents=True, exist_ok=True)
                (self.root / inside.lstrip("/")).touch()
            self._mount("--bind", str(host), target=inside)
            if not writable:  # as nspawn's --bind-ro: the host's pip setup is only read
                self._mount("-o", "remount,bind,ro", target=inside)
        resolv = self.root / "etc/resolv.conf"
        resolv.unlink(missing_ok=True)  # a symbolic link would lead out of the root
        shutil.copy2("/etc/resolv.conf", resolv)

    def command(self, *command: str, env: dict[str, str] | None = None) -> list[str]:
        inner = {"PATH": PATH, "HOME": "/root", "LANG": "C.UTF-8", **(env or {})}
        # No systemd runs here: systemctl edits the unit links and skips what needs one
        # (daemon-reload, start, restart) instead of failing ("not booted with systemd").
        inner.setdefault("SYSTEMD_OFFLINE", "1")
        return [
            "chroot", str(self.root), "env", "-i",
            *(f"{key}={value}" for key, value in inner.items()), *command,
        ]  # fmt: skip

    def run(
        self,
        *command: str,
        check: bool = True,
        timeout: float = 60,
        env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            self.command(*command, env=env),
            capture_output=True, text=True, timeout=timeout, check=False,
        )  # fmt: skip
        if check and result.returncode != 0:
            raise AssertionError(
                f"{shlex.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}"
            )
        return result

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)
        for path in reversed(self.mounts):
            subprocess.run(["umount", "--recursive", "--lazy", str(path)], check=False)
        self.mounts.clear()
        self.machine.close()


class Notify:
    """A notify socket (sd_notify's): what the scorer run by hand tells systemd, seen here."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(str(path))
        os.chmod(path, 0o777)  # the scorer runs as kaiser

    def wait_for(self, word: str, timeout: float) -> float:
        """Wait for a datagram with ``word`` (READY=1); the seconds it took."""
        started = time.monotonic()
        deadline = started + timeout
        while time.monotonic() < deadline:
            self.sock.settimeout(max(0.1, deadline - time.monotonic()))
            with contextlib.suppress(TimeoutError):
                if word in self.sock.recv(4096).decode(errors="replace").split("\n"):
                    return time.monotonic() - started
        raise AssertionError(f"no {word} on the notify socket within {timeout} s")

    def close(self) -> None:
        self.sock.close()
        self.path.unlink(missing_ok=True)


class Target:
    """One emulated machine with the scorer installed: booted (``box``) or a chroot."""

    def __init__(self, arch: str, release: str) -> None:
        self.arch = arch
        self.release = release
        self.name = f"{release}-{arch}"
        self.box: Box | None = None
        self.chroot: Chroot | None = None
        self.notify: Notify | None = None
        self.install_output = ""
        self.relaxed: list[str] = []
        self.numbers = numbers.setdefault(self.name, {})

    def run(self, *command: str, **kw: object) -> subprocess.CompletedProcess[str]:
        """A command inside; ten minutes by default (a Python start takes seconds here)."""
        runner = self.box.m if self.box is not None else self.chroot
        assert runner is not None
        kw.setdefault("timeout", 600)
        return runner.run(*command, **kw)  # type: ignore[arg-type]

    @property
    def root(self) -> Path:
        return self.box.root if self.box is not None else self.chroot.root  # type: ignore[union-attr]

    def as_kaiser(self, *command: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
        return self.run("runuser", "-u", "kaiser", "--", *command, timeout=timeout)

    # -- the scorer's command by hand (the chroot) ---------------------------------------------
    def start_by_hand(self) -> float:
        """ExecStart= of the unit as kaiser, with --screenshots, until READY=1: seconds."""
        assert self.chroot is not None and self.notify is not None
        unit = (REPO / "systemd" / UNIT).read_text()
        exec_start = next(ln for ln in unit.splitlines() if ln.startswith("ExecStart="))
        command = [*shlex.split(exec_start.split("=", 1)[1]), "--screenshots", FRAMES]
        self.chroot.run("install", "-d", "-o", "kaiser", "-g", "kaiser", "-m", "0750",
                        f"/{STATE}", "/run/kaiser-scorer")  # fmt: skip
        env = {"NOTIFY_SOCKET": "/run/kaiser-notify", "PYTHONUNBUFFERED": "1",
               "STATE_DIRECTORY": f"/{STATE}"}  # fmt: skip
        full = self.chroot.command(
            "setpriv", "--reuid=kaiser", "--regid=kaiser", "--init-groups",
            "sh", "-c", 'cd /run/kaiser-scorer && exec "$@"', "-", *command, env=env,
        )  # fmt: skip
        log = open(self.chroot.machine.work / "by-hand.log", "a")  # noqa: SIM115 - the child's
        self.chroot.proc = subprocess.Popen(full, stdout=log, stderr=subprocess.STDOUT, text=True)
        log.close()
        return self.notify.wait_for("READY=1", timeout=600)

    def stop_by_hand(self, sig: int = signal.SIGTERM) -> None:
        assert self.chroot is not None and self.chroot.proc is not None
        self.chroot.proc.send_signal(sig)
        self.chroot.proc.wait(120)


def _probe_namespaces(box: Box) -> list[str]:
    """The unit's namespace directives that fail alone on /bin/true here: ``Name=relaxed``."""
    unit = (REPO / "systemd" / UNIT).read_text()
    failing = []
    for name, relaxed in NAMESPACED.items():
        found = re.search(rf"^{name}=(\S+)", unit, re.M)
        if not found:
            continue
        probe = box.m.run(
            "systemd-run", "--wait", "--quiet", "--collect", "-p", f"{name}={found.group(1)}",
            "/bin/true", check=False, timeout=120,
        )  # fmt: skip
        if probe.returncode != 0:
            failing.append(f"{name}={relaxed}")
    control = box.m.run("systemd-run", "--wait", "--quiet", "--collect", "/bin/true", check=False)
    assert control.returncode == 0, f"a bare unit fails here: {control.stderr}"
    return failing


def _drop_ins(root: Path, relaxed: list[str]) -> None:
    unit = (REPO / "systemd" / UNIT).read_text()
    exec_start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    folder = root / f"etc/systemd/system/{UNIT}.d"
    folder.mkdir(parents=True)
    (folder / "test.conf").write_text(
        f"[Service]\nExecStart=\n{exec_start} --screenshots {FRAMES}\n"
    )
    if relaxed:
        (folder / "emulation.conf").write_text(
            "# qemu-user cannot set these namespaces up (a bare /bin/true unit fails too)\n"
            "[Service]\n" + "".join(f"{line}\n" for line in relaxed)
        )


def _boots(arch: str, release: str) -> tuple[bool, str]:
    _, name = qemu_version(arch)
    if release not in BOOTS_UNDER_QEMU:
        return False, f"{name}: {release}'s systemd runs no unit under it; a chroot instead"
    return True, name


@pytest.fixture(
    scope="module",
    params=[pytest.param(t, marks=pytest.mark.slow) for t in TARGETS] or [None],
    ids=lambda t: f"{t[1]}-{t[0]}" if t else "not asked",
)
def target(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> Iterator[Target]:
    if request.param is None:
        pytest.skip("emulated architectures not asked for: KAISER_CONTAINER_EMULATED=1 runs them")
    arch, release = request.param
    try:
        check_can_run()
        boots, qemu = _boots(arch, release)
    except CannotRun as reason:
        pytest.skip(f"this machine cannot run an {arch} container: {reason}")
    started = time.monotonic()
    t = Target(arch, release)
    t.numbers["qemu"] = qemu
    work = tmp_path_factory.mktemp(f"emulated-{t.name}")
    lower, built = cached_root(work / "debootstrap.log", release, arch)
    t.numbers["debootstrap"] = f"{built:.0f} s (built now)" if built else "cached"
    t.numbers["cached root"] = f"{tree_size(lower) / 2**20:.0f} MiB at {lower}"
    pip_env, binds = pip_setup()
    pip_cache = cache_dir() / "pip-cache"
    pip_cache.mkdir(parents=True, exist_ok=True)
    try:
        if boots:
            machine = Machine(lower, work, binds, writable=[(pip_cache, "/root/.cache/pip")])
            machine.stop_timeout = 120
            t.box = Box(machine, pip_env, patience=300)
            machine.prepare()
            _copy_sources(machine.root / "root/kaiser-scorer")
            (machine.root / SCRATCH.lstrip("/")).mkdir(mode=0o755)
            t.numbers["boot"] = f"{machine.boot(timeout=900):.1f} s"
            t.relaxed = _probe_namespaces(t.box)
            t.numbers["relaxed by the test drop-in"] = " ".join(t.relaxed) or "nothing"
            _drop_ins(machine.root, t.relaxed)
        else:
            ro = [(host, inside, False) for host, inside in binds]
            t.chroot = Chroot(lower, work, [*ro, (pip_cache, "/root/.cache/pip", True)])
            t.chroot.prepare()
            _copy_sources(t.chroot.root / "root/kaiser-scorer")
            (t.chroot.root / SCRATCH.lstrip("/")).mkdir(mode=0o755)
            t.notify = Notify(t.chroot.root / "run/kaiser-notify")
            t.numbers["boot"] = f"none: {qemu}"
        installing = time.monotonic()
        result = t.run(
            "bash", "/root/kaiser-scorer/systemd/install.sh", "--board", "mock",
            env=pip_env, timeout=5400, check=False,
        )  # fmt: skip
        t.install_output = result.stdout + result.stderr
        t.numbers["install.sh"] = (
            f"{time.monotonic() - installing:.0f} s (exit {result.returncode})"
        )
        backend = [ln for ln in t.install_output.splitlines() if ln.startswith("backend:")]
        t.numbers["backend check"] = backend[-1] if backend else "(none printed)"
        assert result.returncode == 0, t.install_output[-4000:]
        yield t
    finally:
        if t.notify is not None:
            t.notify.close()
        if t.box is not None:
            t.box.m.close()
        if t.chroot is not None:
            t.chroot.close()
        t.numbers["whole test"] = f"{time.monotonic() - started:.0f} s"
        reporter = request.config.pluginmanager.get_plugin("terminalreporter")
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        if reporter is not None and capture is not None:
            with capture.global_and_fixture_disabled():
                reporter.write_line("")
                for name, value in t.numbers.items():
                    reporter.write_line(f"emulated {t.name}: {name}: {value}")


def _ready(t: Target) -> Image.Image:
    """The scorer running, READY=1 seen; the first frame it showed."""
    if t.box is not None:
        t.box.ensure_active()
        return t.box.frame()
    if t.chroot is not None and (t.chroot.proc is None or t.chroot.proc.poll() is not None):
        t.start_by_hand()
    return _frame(t)


def _frame(t: Target) -> Image.Image:
    path = t.root / FRAMES.lstrip("/") / "frame-0001.png"
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, SyntaxError), Image.open(path) as image:
            return image.convert("1")
        time.sleep(0.2)
    raise AssertionError(f"{path} not written")


def _stop(t: Target) -> None:
    if t.box is not None:
        t.box.m.run("systemctl", "stop", UNIT, timeout=600)
    elif t.chroot is not None and t.chroot.proc is not None and t.chroot.proc.poll() is None:
        t.stop_by_hand()


def test_install_succeeds_and_its_backend_check_names_the_mock_board(target: Target) -> None:
    out = target.install_output
    assert "not Raspberry Pi OS" in out, out
    backend = [line for line in out.splitlines() if line.startswith("backend:")]
    assert len(backend) == 1, out
    assert backend[0].startswith("backend: the mock board, gpiozero 2.0.1.post3 (the venv's")
    assert "no Raspberry Pi header here" in backend[0]
    machine = target.run("uname", "-m").stdout.strip()
    assert machine == {"arm64": "aarch64", "armhf": "armv7l"}[target.arch], machine
    if target.arch == "armhf":
        assert "python3-cbor2" in target.run("dpkg-query", "-W", "python3-cbor2").stdout


def test_the_service_reaches_ready_on_the_mock_board(target: Target) -> None:
    if target.box is not None:
        box = target.box
        since = box.active_since()
        p = box.prop("Type", "User", "ExecMainStartTimestampMonotonic")
        assert p["Type"] == "notify" and p["User"] == "kaiser"
        ready = (since - int(p["ExecMainStartTimestampMonotonic"])) / 1e6
        target.numbers["READY after exec"] = f"{ready:.1f} s"
        first = box.usec("WatchdogTimestampMonotonic")
        box.wait("a watchdog ping", lambda: box.usec("WatchdogTimestampMonotonic") > first, 60)
        for name, value in NAMESPACED.items():  # the rest of the hardening is in force
            if f"{name}={value}" not in target.relaxed:
                shown = box.prop(name)[name]
                assert shown not in ("no", "false", "default"), f"{name}={shown}"
        assert "Traceback" not in box.journal()
    else:
        took = target.start_by_hand()
        target.numbers["READY by hand"] = f"{took:.1f} s (NOTIFY_SOCKET)"
    assert _frame(target).size == (128, 64)


@pytest.fixture(scope="module")
def played(target: Target, tmp_path_factory: pytest.TempPathFactory) -> tuple[Image.Image, str]:
    """TABLE.md's example hand, scripted, into the service's database: its screen, export."""
    _ready(target)
    _stop(target)
    (target.root / SCRATCH.lstrip("/") / "keys").write_text("\n".join(KEYS) + "\n")
    started = time.monotonic()
    script = target.as_kaiser(
        f"{VENV_BIN}/kaiser-scorer", "run", "--board", "mock", "--keys", f"{SCRATCH}/keys",
        "--config", CONFIG, "--db", f"/{STATE}/kaiser.db", "--quiet",
    )  # fmt: skip
    target.numbers["scripted hand"] = f"{time.monotonic() - started:.1f} s"
    assert script.stdout.count("ok ") == len(KEYS), script.stdout + script.stderr
    export = target.as_kaiser(f"{VENV_BIN}/kaiser-scorer", "export", "--db", f"/{STATE}/kaiser.db")
    target.run("rm", "-rf", FRAMES)
    if target.box is not None:
        start = target.box.m.run("systemctl", "start", UNIT, timeout=600, check=False)
        assert start.returncode == 0, start.stderr + target.box.journal()[-4000:]
        target.box.active_since()
    else:
        target.start_by_hand()
    return _frame(target), export.stdout


def test_the_example_hand_exports_as_on_amd64(
    target: Target, played: tuple[Image.Image, str], tmp_path: Path
) -> None:
    _, export = played
    assert export == native_export(tmp_path), export
    (target.root / SCRATCH.lstrip("/") / "game.json").write_text(export)
    score = target.run(f"{VENV_BIN}/kaiser-scorer", "score", f"{SCRATCH}/game.json").stdout
    assert '"totals": {"NS": -1, "EW": 11}' in score, score  # TABLE.md's example
    target.numbers["export"] = "the same as amd64's; totals NS -1, EW 11"


def test_kill_9_restarts_on_the_same_screen(
    target: Target, played: tuple[Image.Image, str]
) -> None:
    screen, _ = played
    _ready(target)
    target.run("rm", "-rf", FRAMES)
    killed = time.monotonic()
    if target.box is not None:
        box = target.box
        pid = box.main_pid()
        box.m.run("bash", "-c", f"kill -9 {pid}")
        box.active_since(after_usec=int(killed * 1e6))
        assert box.main_pid() != pid
        target.numbers["restart on kill -9"] = f"{time.monotonic() - killed:.1f} s (systemd)"
    else:
        target.stop_by_hand(signal.SIGKILL)  # the chroot has no systemd: restarted by hand
        took = target.start_by_hand()
        target.numbers["restart on kill -9"] = f"{took:.1f} s to READY (by hand)"
    assert same(_frame(target), screen), "after kill -9 the display shows another screen"


def test_uninstall_keeps_the_games(
    target: Target, played: tuple[Image.Image, str], tmp_path: Path
) -> None:
    _, export = played
    _stop(target)
    result = target.run("bash", "/root/kaiser-scorer/systemd/install.sh", "uninstall", timeout=600)
    assert "kept" in result.stdout, result.stdout
    assert not (target.root / "opt/kaiser-scorer").exists()
    assert target.run("id", "kaiser", check=False).returncode != 0
    assert not (target.root / f"etc/systemd/system/{UNIT}").exists()
    assert (target.root / STATE / "kaiser.db").exists()
    # The games read back natively (from a copy), the same hand.
    copy = tmp_path / "kaiser.db"
    shutil.copy2(target.root / STATE / "kaiser.db", copy)
    out = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "export", "--db", str(copy)],
        cwd=REPO, capture_output=True, text=True, check=True, timeout=60,
    ).stdout  # fmt: skip
    assert out == export
