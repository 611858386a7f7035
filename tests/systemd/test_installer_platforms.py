"""install.sh and backend_check.py on the machines a Pi's user may run them on.

A machine without a Pi header (plain Debian on a PC or VM), a 32-bit Pi OS (armhf), an ARMv6
Pi, and the modules the venv really imports: PyPI's empty ``lgpio`` placeholder and apt's
gpiozero 2.0.1, installed for real from PyPI, next to the lgpio that works.

The architecture is what ``uname -m`` and ``dpkg --print-architecture`` say: a folder put
first on the PATH has scripts of those names that answer as the Pi would.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from sd_helpers import SYSTEMD_DIR
from test_installer import PI_MODEL, Pi

CHECK = SYSTEMD_DIR / "backend_check.py"
PI_5 = PI_MODEL.rstrip("\0")


@pytest.fixture
def pi(tmp_path: Path) -> Pi:
    return Pi(tmp_path)


def _pretend(tmp_path: Path, uname: str, arch: str) -> dict[str, str]:
    """An environment where ``uname -m`` and ``dpkg --print-architecture`` answer as a Pi."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    real_dpkg = subprocess.run(["sh", "-c", "command -v dpkg"], capture_output=True, text=True)
    for name, text in (
        ("uname", f'[ "$1" = -m ] && echo {uname} && exit 0\nexec /bin/uname "$@"\n'),
        (
            "dpkg",
            f'[ "$1" = --print-architecture ] && echo {arch} && exit 0\n'
            f'exec {real_dpkg.stdout.strip() or "/usr/bin/dpkg"} "$@"\n',
        ),
    ):
        script = bin_dir / name
        script.write_text(f"#!/bin/sh\n{text}")
        script.chmod(0o755)
    return {"PATH": f"{bin_dir}:{os.environ['PATH']}"}


def _run(pi: Pi, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    pi.log.write_text("")
    return subprocess.run(
        ["bash", str(SYSTEMD_DIR / "install.sh"), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=dict(
            os.environ,
            KAISER_ROOT=str(pi.root),
            KAISER_DRY_RUN="1",
            KAISER_DRY_RUN_LOG=str(pi.log),
            **env,
        ),
    )


@pytest.mark.slow
def test_without_a_pi_header_the_install_finishes_with_the_unit_installed_not_started(
    pi: Pi,
) -> None:
    """Finding 20 (issue 22): plain Debian, the default board. The unit would fail to start
    (no GPIO) and, started, fail the install; installed and left alone, with the way out."""
    for pi_only in ("proc/device-tree/model", "etc/rpi-issue", "boot/firmware/config.txt"):
        (pi.root / pi_only).unlink()
    pi.put("etc/apt/sources.list", "deb http://deb.debian.org/debian bookworm main\n")
    result = pi.run()
    out = result.stdout
    assert "this is not a Raspberry Pi" in out, out
    assert 'set board = "mock"' in out and "run install.sh again" in out, out
    unit = pi.root / "etc/systemd/system/kaiser-scorer.service"
    assert unit.read_bytes() == (SYSTEMD_DIR / "kaiser-scorer.service").read_bytes()
    scorer = [c for c in pi.commands() if c.startswith("systemctl") and "kaiser-scorer" in c]
    assert scorer == [], scorer  # neither enabled nor started: it cannot run here
    assert "systemctl daemon-reload" in pi.commands()
    assert not (pi.root / "etc/modules-load.d/kaiser-scorer.conf").exists()
    check = next(c for c in pi.commands() if "backend_check.py" in c)
    assert check.endswith("--board adafruit-bonnet --model ''")
    # The way out it names works: the mock board, and a second run starts the scorer.
    config = pi.root / "etc/kaiser-scorer/config.toml"
    config.write_text(config.read_text().replace('board = "adafruit-bonnet"', 'board = "mock"'))
    again = pi.run()
    assert "not a Raspberry Pi" not in again.stdout
    assert pi.commands()[-2] == "systemctl enable kaiser-scorer.service"
    assert pi.commands()[-1] in (  # restart: this dry run makes the venv again
        "systemctl start kaiser-scorer.service",
        "systemctl restart kaiser-scorer.service",
    )


@pytest.mark.slow
def test_an_armv6_pi_is_refused_with_one_line_before_anything_is_done(
    pi: Pi, tmp_path: Path
) -> None:
    result = _run(pi, _pretend(tmp_path, "armv6l", "armhf"))
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "ARMv6" in lines[0] and "Pi Zero 2 W" in lines[0], result.stderr
    assert result.stdout == ""
    assert pi.commands() == []
    assert not (pi.root / "etc/systemd").exists()


@pytest.mark.slow
def test_32_bit_pi_os_takes_cbor2_from_apt(pi: Pi, tmp_path: Path) -> None:
    result = _run(pi, _pretend(tmp_path, "armv7l", "armhf"))
    assert result.returncode == 0, result.stderr
    assert "python3-cbor2" in pi.apt_install()
    assert "python3-pil" in pi.apt_install()  # PyPI has no armv7l pillow either
    pi_64 = Pi(tmp_path / "arm64")
    assert _run(pi_64, _pretend(tmp_path / "arm64", "aarch64", "arm64")).returncode == 0
    assert "python3-cbor2" not in pi_64.apt_install()  # PyPI's wheel


# -- backend_check.py with what pip really installs -------------------------------------------
def _pip_target(tmp_path: Path, requirement: str) -> Path:
    """``requirement`` installed from the package index into a folder of its own."""
    target = tmp_path / requirement.replace("=", "-")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--target", str(target), requirement],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, f"pip install {requirement}: {result.stderr[-1500:]}"
    return target


def _check(first: Path | None, *args: str) -> subprocess.CompletedProcess[str]:
    """backend_check.py under this venv's Python, with ``first`` ahead of its packages."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if first is not None:
        env["PYTHONPATH"] = str(first)
    return subprocess.run(
        [sys.executable, str(CHECK), *args],
        capture_output=True, text=True, timeout=60, check=False, env=env,
    )  # fmt: skip


@pytest.mark.slow
def test_the_check_refuses_pypis_lgpio_placeholder_and_accepts_the_real_one(
    tmp_path: Path,
) -> None:
    placeholder = _pip_target(tmp_path, "lgpio==0.0.0.2")  # PyPI's for Python 3.13
    assert (placeholder / "lgpio.py").read_bytes() == b""  # empty: the import succeeds
    refused = _check(placeholder, "--board", "adafruit-bonnet", "--model", PI_5)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert refused.stdout == ""
    line = refused.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert "lgpio 0.0.0.2" in line and "no gpiochip_open" in line, line
    assert "apt-get install python3-lgpio" in line
    real = _pip_target(tmp_path, "lgpio==0.2.2.0")  # the control: a lgpio that is real
    accepted = _check(real, "--board", "adafruit-bonnet", "--model", PI_5)
    assert accepted.returncode == 0, accepted.stderr
    assert accepted.stdout.startswith("backend: lgpio 0.2.2.0 ")
    assert "gpiozero 2.0.1.post3 (the venv's, from pip)" in accepted.stdout
    assert PI_5 in accepted.stdout and accepted.stdout.count("\n") == 1
    # The mock board needs no lgpio: the placeholder does not matter there.
    mock = _check(placeholder, "--board", "mock", "--model", "")
    assert mock.returncode == 0 and "the mock board" in mock.stdout, mock.stderr


@pytest.mark.slow
def test_the_check_refuses_a_gpiozero_older_than_post3_shadowing_the_venvs(
    tmp_path: Path,
) -> None:
    old = _pip_target(tmp_path, "gpiozero==2.0.1")  # what Pi OS's apt has
    refused = _check(old, "--board", "mock")
    assert refused.returncode == 1
    assert "gpiozero 2.0.1 " in refused.stderr and "2.0.1.post3" in refused.stderr
    assert refused.stderr.count("\n") == 1, refused.stderr


@pytest.mark.slow
def test_on_a_machine_without_a_pi_header_the_check_says_so_in_one_line() -> None:
    result = _check(None, "--board", "waveshare-hat", "--model", "")
    assert result.returncode == 3, result.stderr
    assert result.stdout.startswith("backend: none: the waveshare-hat board needs a Raspberry")
    assert "no Raspberry Pi header here" in result.stdout
    assert result.stdout.count("\n") == 1
