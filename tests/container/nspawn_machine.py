"""A Debian machine under a real systemd: debootstrap once (cached), then systemd-nspawn --boot.

The machine running the tests need not run systemd itself (PID 1 may be anything), so the
container is started with ``--register=no --keep-unit`` and commands run inside it with
``nsenter -t <its init> -a``. ``SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1`` gives the container
the unified cgroup hierarchy, and ``CAP_BPF`` plus the ``bpf`` system call let its systemd
attach the BPF programs behind ``DevicePolicy=`` and ``IPAddressDeny=``; without them both
are silently not enforced.

The root file system is made by ``debootstrap`` from the Debian mirror this machine's apt
uses (and no other network), kept in a cache folder outside the repository, keyed by
release, architecture and package list, and reused read-only below an overlay per run.
"""

from __future__ import annotations

import configparser
import contextlib
import fcntl
import hashlib
import os
import re
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlparse

#: What the cached root holds besides debootstrap's minbase: a booting systemd, and every
#: package install.sh asks apt for that Debian has (so that install.sh finds them installed
#: and each run needs no apt download). python3-lgpio is Raspberry Pi OS's only.
PACKAGES = (
    "systemd",
    "systemd-sysv",
    "dbus",
    "ca-certificates",
    "python3",
    "python3-venv",
    "python3-pil",
    "python3-spidev",
    "python3-smbus2",
    "i2c-tools",
    "polkitd",
    "libpam-systemd",  # polkitd's "default-logind | logind", which debootstrap leaves out
)

#: What install.sh asks apt for on one architecture only: PyPI has no armv7l wheels of cbor2
#: (luma.core's) and its source needs a newer Rust than Bookworm's.
ARCH_PACKAGES = {"armhf": ("python3-cbor2",)}

PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"


class CannotRun(Exception):
    """This machine cannot run the container; the message says exactly why."""


def cache_dir() -> Path:
    """Where cached roots live: $KAISER_CONTAINER_CACHE, else the user's cache folder."""
    explicit = os.environ.get("KAISER_CONTAINER_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kaiser-scorer" / "containers"


# -- Which Debian, from where -----------------------------------------------------------------
def _source_entries(etc: Path) -> Iterator[tuple[str, list[str]]]:
    """(URI, suites) of every active ``deb`` line or stanza of apt's sources."""
    files = [etc / "sources.list", *sorted((etc / "sources.list.d").glob("*.list"))]
    for path in files:
        with contextlib.suppress(OSError):
            for line in path.read_text(errors="replace").splitlines():
                line = re.sub(r"\[[^\]]*\]", " ", line.split("#", 1)[0]).split()
                if len(line) >= 3 and line[0] == "deb":
                    yield line[1], [line[2]]
    for path in sorted((etc / "sources.list.d").glob("*.sources")):
        with contextlib.suppress(OSError):
            for stanza in re.split(r"\n\s*\n", path.read_text(errors="replace")):
                fields: dict[str, str] = {}
                for line in stanza.splitlines():
                    if line.startswith("#") or ":" not in line or line[:1].isspace():
                        continue
                    key, value = line.split(":", 1)
                    fields[key.strip().lower()] = value.strip()
                if fields.get("enabled", "yes").lower() == "no":
                    continue
                if "deb" not in fields.get("types", "").split():
                    continue
                for uri in fields.get("uris", "").split():
                    yield uri, fields.get("suites", "").split()


def debian_mirror(etc: Path = Path("/etc/apt")) -> tuple[str, str]:
    """(mirror URI, release) from this machine's apt sources; CannotRun if it has none."""
    os_release = {}
    with contextlib.suppress(OSError):
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                key, value = line.split("=", 1)
                os_release[key] = value.strip().strip('"')
    wanted = os_release.get("VERSION_CODENAME") if os_release.get("ID") == "debian" else None
    candidates = []
    for uri, suites in _source_entries(etc):
        for suite in suites:
            # The release itself (bookworm), not -updates, -security or -backports.
            if "-" not in suite and "/" not in suite and "debian" in uri and "security" not in uri:
                candidates.append((uri.rstrip("/"), suite))
    for uri, suite in candidates:
        if suite == wanted:
            return uri, suite
    if candidates:
        return candidates[0]
    raise CannotRun(
        f"no Debian mirror in {etc}/sources.list*: the container is built only from the "
        "mirror this machine's apt already uses"
    )


def _arch() -> str:
    return subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()


def check_can_run() -> None:
    """Raise CannotRun with the precise reason when this machine cannot run a container."""
    if os.geteuid() != 0:
        raise CannotRun(f"systemd-nspawn needs root (this test runs as uid {os.geteuid()})")
    probe = subprocess.run(
        ["unshare", "--mount", "--pid", "--uts", "--ipc", "--fork", "true"],
        capture_output=True,
        text=True,
        check=False,
    )
    if probe.returncode != 0:
        raise CannotRun(f"cannot make namespaces (unshare: {probe.stderr.strip()})")
    if (
        not any(
            line.split()[2] == "cgroup2" for line in Path("/proc/mounts").read_text().splitlines()
        )
        and "cgroup2" not in Path("/proc/filesystems").read_text()
    ):
        raise CannotRun("the kernel has no cgroup2: DevicePolicy= cannot be enforced")


# -- The cached root --------------------------------------------------------------------------


def cached_root(log: Path, release: str = "", arch: str = "") -> tuple[Path, float]:
    """The debootstrapped root (built now if missing) and the seconds building it took.

    ``release`` (trixie, say) comes from the same mirror; by default the one apt uses here.
    ``arch`` (arm64, armhf) other than this machine's needs qemu-user-static's binfmt
    handlers: debootstrap's second stage then runs under emulation.
    """
    mirror, own_release = debian_mirror()
    release = release or own_release
    arch = arch or _arch()
    packages = (*PACKAGES, *ARCH_PACKAGES.get(arch, ()))
    # The key of the amd64 root is as before (no architecture packages): its cache stays valid.
    digest = hashlib.sha256(f"{mirror} {' '.join(packages)}".encode()).hexdigest()[:10]
    base = cache_dir()
    base.mkdir(parents=True, exist_ok=True)
    root = base / f"debian-{release}-{arch}-{digest}"
    with open(base / f"{root.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second run waits for the first to build it
        if (root / "usr/lib/systemd/systemd").exists():
            return root, 0.0
        started = time.monotonic()
        building = base / f"{root.name}.building"
        if building.exists():
            shutil.rmtree(building)
        with open(log, "a") as out:
            subprocess.run(
                ["debootstrap", "--variant=minbase", f"--include={','.join(packages)}",
                 f"--arch={arch}", release, str(building), mirror],
                stdout=out, stderr=subprocess.STDOUT, check=True,
                timeout=1200 if arch == _arch() else 7200,  # emulated: hours on a slow machine
            )  # fmt: skip
        status = subprocess.run(
            ["dpkg-query", f"--admindir={building}/var/lib/dpkg", "-W",
             "-f=${db:Status-Abbrev} ${Package}\n", *packages],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        broken = [line for line in status.stdout.splitlines() if not line.startswith("ii")]
        if status.returncode != 0 or broken:
            raise RuntimeError(f"debootstrap left packages unconfigured: {broken}{status.stderr}")
        for deb in (building / "var/cache/apt/archives").glob("*.deb"):
            deb.unlink()
        (building / "etc/machine-id").write_text("")  # a fresh one at each boot
        building.rename(root)
        return root, time.monotonic() - started


def tree_size(path: Path) -> int:
    """Bytes on disk under ``path`` (du)."""
    out = subprocess.run(["du", "-sb", str(path)], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[0])


# -- What pip inside needs from this machine -------------------------------------------------
_PIP_FILES = ("/etc/pip.conf", "/etc/xdg/pip/pip.conf")
_PASSED_ENV = re.compile(
    r"^(PIP_.*|SSL_CERT_FILE|SSL_CERT_DIR|REQUESTS_CA_BUNDLE|CURL_CA_BUNDLE"
    r"|https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY)$"
)


def _paths_in(value: str) -> list[Path]:
    """Local files and folders a pip setting names (paths and file:// URLs)."""
    found = []
    for token in value.split():
        if token.startswith("file:"):
            # An index's pages link to their files relatively (../../files/...): its parent.
            token = str(Path(unquote(urlparse(token).path)).parent)
        if token.startswith("/") and Path(token).exists():
            found.append(Path(token))
    return found


def pip_setup() -> tuple[dict[str, str], list[tuple[Path, str]]]:
    """The environment and the read-only binds that give pip inside this machine's setup.

    Its pip configuration files (site-wide, and root's own, which inside is /root's), the
    PIP_* and CA bundle variables, and every local file they name: the CA bundle, constraint
    files, ``find-links`` folders and ``file://`` indexes.
    """
    env = {key: value for key, value in os.environ.items() if _PASSED_ENV.match(key)}
    binds: dict[Path, str] = {}
    home = Path.home()
    files = [Path(p) for p in _PIP_FILES]
    files += [home / ".config/pip/pip.conf", home / ".pip/pip.conf"]
    if "PIP_CONFIG_FILE" in env:
        files.append(Path(env["PIP_CONFIG_FILE"]))
    values = list(env.values())
    for path in files:
        if not path.is_file():
            continue
        inside = str(path)
        if path.is_relative_to(home):
            inside = "/root/" + str(path.relative_to(home))
        binds[path] = inside
        parser = configparser.ConfigParser(interpolation=None)
        with contextlib.suppress(configparser.Error):
            parser.read(path)
            values += [value for section in parser.values() for value in section.values()]
    for value in values:
        for path in _paths_in(value):
            binds.setdefault(path, str(path))
    return env, sorted(binds.items())


# -- The running machine ---------------------------------------------------------------------
def _init_pid(nspawn_pid: int) -> int | None:
    """The container's PID 1 seen from here: the descendant of nspawn that is 1 inside."""
    children = {nspawn_pid}
    for _ in range(3):
        for status in Path("/proc").glob("[0-9]*/status"):
            with contextlib.suppress(OSError):
                fields = dict(
                    line.split(":\t", 1)
                    for line in status.read_text().splitlines()
                    if ":\t" in line
                )
                if int(fields["PPid"]) in children:
                    pid = int(status.parent.name)
                    children.add(pid)
                    if fields.get("NSpid", "").split()[-1:] == ["1"]:
                        return pid
    return None


class Machine:
    """A booted container: ``run`` a command in it, ``show`` a unit's properties."""

    def __init__(
        self,
        lower: Path,
        work: Path,
        binds: list[tuple[Path, str]],
        writable: list[tuple[Path, str]] = (),  # type: ignore[assignment]
    ) -> None:
        self.work = work
        self.root = work / "root"
        self.log = work / "console.log"
        self.lower = lower
        self.binds = binds
        self.writable = list(writable)
        self.env: dict[str, str] = {}
        self.proc: subprocess.Popen[bytes] | None = None
        self.pid = 0
        self.mounted = False
        self.stop_timeout = 30.0  # seconds an orderly poweroff may take (minutes under qemu)

    def prepare(self) -> None:
        """The per-run root: an overlay on the cached one (a copy where overlays fail)."""
        for name in ("root", "upper", "overlay-work"):
            (self.work / name).mkdir(parents=True, exist_ok=True)
        options = (
            f"lowerdir={self.lower},upperdir={self.work / 'upper'},"
            f"workdir={self.work / 'overlay-work'}"
        )
        mount = subprocess.run(
            ["mount", "-t", "overlay", "overlay", "-o", options, str(self.root)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        if mount.returncode == 0:
            self.mounted = True
        else:
            subprocess.run(["cp", "-a", f"{self.lower}/.", str(self.root)], check=True)

    def boot(self, timeout: float = 90) -> float:
        """Start systemd in the container; wait until it is up; return the seconds it took."""
        started = time.monotonic()
        command = [
            "systemd-nspawn", "--boot", "--register=no", "--keep-unit", "--quiet",
            "--console=read-only", f"--directory={self.root}",
            f"--machine=kaiser-test-{os.getpid()}",
            "--capability=CAP_BPF", "--system-call-filter=bpf",
        ]  # fmt: skip
        for host, inside in self.binds:
            command.append(f"--bind-ro={host}:{inside}")
        for host, inside in self.writable:
            command.append(f"--bind={host}:{inside}")
        env = dict(os.environ, SYSTEMD_NSPAWN_UNIFIED_HIERARCHY="1")
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, env=env
            )
        deadline = started + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(
                    f"systemd-nspawn exited {self.proc.returncode}:\n{self.console()}"
                )
            pid = _init_pid(self.proc.pid)
            if pid and Path(f"/proc/{pid}/comm").read_text().strip() == "systemd":
                self.pid = pid
                break
            time.sleep(0.05)
        else:
            raise RuntimeError(f"no systemd in the container after {timeout} s:\n{self.console()}")
        while True:  # systemctl answers once systemd has made its private socket
            state = self.run(
                "systemctl", "is-system-running", "--wait", check=False, timeout=timeout
            )
            if state.stdout.strip() in ("running", "degraded"):
                break
            if time.monotonic() > deadline:
                raise RuntimeError(
                    f"the container's systemd is {state.stdout.strip()!r}: {state.stderr}"
                )
            time.sleep(0.1)
        return time.monotonic() - started

    def console(self) -> str:
        return self.log.read_text(errors="replace")[-4000:] if self.log.exists() else ""

    def run(
        self,
        *command: str,
        check: bool = True,
        timeout: float = 60,
        env: dict[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """A command inside, as root, with a clean environment (plus ``env``)."""
        inner = {"PATH": PATH, "HOME": "/root", "LANG": "C.UTF-8", **(env or {})}
        full = [
            "nsenter", "-t", str(self.pid), "-a", "env", "-i",
            *(f"{key}={value}" for key, value in inner.items()), *command,
        ]  # fmt: skip
        result = subprocess.run(full, capture_output=True, text=True, timeout=timeout, check=False)
        if check and result.returncode != 0:
            raise AssertionError(
                f"{shlex.join(command)} exited {result.returncode}:\n{result.stdout}{result.stderr}"
            )
        return result

    def show(self, unit: str, *names: str) -> dict[str, str]:
        """``systemctl show`` properties of a unit."""
        out = self.run("systemctl", "show", unit, *(f"--property={n}" for n in names)).stdout
        return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)

    def close(self) -> None:
        """Power the container off (SIGTERM to nspawn), then remove the overlay."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # nspawn: an orderly poweroff of the container
            try:
                self.proc.wait(self.stop_timeout)
            except subprocess.TimeoutExpired:
                # Killing nspawn alone leaves its container running, orphaned: kill the
                # container's init too, which ends every process of its PID namespace.
                if self.pid:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(self.pid, signal.SIGKILL)
                self.proc.kill()
                self.proc.wait(10)
        if self.mounted:
            subprocess.run(["umount", "--lazy", str(self.root)], check=False)
            self.mounted = False
