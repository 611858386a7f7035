"""The unit file: systemd accepts it, and its sandbox scores 2.0 or better."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from sd_helpers import UNIT, need

EXEC_START = "/opt/kaiser-scorer/venv/bin/kaiser-scorer"


def unit_settings(text: str) -> list[tuple[str, str, str]]:
    """(section, key, value) for every setting of a unit file, repeated keys included."""
    settings, section = [], ""
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        settings.append((section, key.strip(), value.strip()))
    return settings


def values(key: str) -> list[str]:
    return [v for _, k, v in unit_settings(UNIT.read_text()) if k == key]


def verify(unit_text: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``systemd-analyze verify`` on ``unit_text``, its ExecStart made to exist in tmp_path."""
    analyze = need("systemd-analyze", "systemd")
    program = tmp_path / "kaiser-scorer"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    assert EXEC_START in unit_text
    unit = tmp_path / "kaiser-scorer.service"
    unit.write_text(unit_text.replace(EXEC_START, str(program)))
    return subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60, check=False
    )


@pytest.mark.slow
def test_systemd_verify_accepts_the_unit_without_a_warning(tmp_path: Path) -> None:
    result = verify(UNIT.read_text(), tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == ""


@pytest.mark.slow
def test_systemd_verify_would_catch_a_misspelt_setting(tmp_path: Path) -> None:
    broken = UNIT.read_text().replace("ProtectHome=yes", "ProtectHomes=yes")
    result = verify(broken, tmp_path)
    assert "Unknown key 'ProtectHomes'" in result.stderr


@pytest.mark.slow
def test_security_exposure_is_at_most_2(tmp_path: Path) -> None:
    analyze = need("systemd-analyze", "systemd")
    result = subprocess.run(
        [analyze, "security", "--offline=true", str(UNIT)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    found = re.search(
        r"Overall exposure level for kaiser-scorer\.service: (\d+\.\d+)", result.stdout
    )
    assert found, result.stdout + result.stderr
    assert float(found.group(1)) <= 2.0
    table = result.stdout
    for good in ("PrivateNetwork=", "RestrictAddressFamilies=~AF_(INET|INET6)", "ProtectSystem="):
        line = next(row for row in table.splitlines() if good in row)
        assert line.lstrip().startswith("✓"), line


def test_the_service_is_a_watched_notify_service_of_its_own_user() -> None:
    assert values("Type") == ["notify"]
    assert values("WatchdogSec") == ["15s"]
    assert values("Restart") == ["always"]
    assert values("User") == ["kaiser"]
    assert values("StateDirectory") == ["kaiser-scorer"]
    assert values("ExecStart") == [f"{EXEC_START} run --config /etc/kaiser-scorer/config.toml"]
    assert values("WantedBy") == ["multi-user.target"]


def test_only_the_scorers_devices_are_allowed() -> None:
    assert values("DevicePolicy") == ["closed"]
    allowed = {value.split()[0] for value in values("DeviceAllow")}
    assert allowed == {
        "char-i2c",
        "char-spi",
        "char-gpiochip",
        "char-*gpiomem",
        "char-ttyACM",
        "char-alsa",  # the voice: /dev/snd/* through aplay
    }
    # and the sound devices' group, the only group the unit itself adds
    assert values("SupplementaryGroups") == ["audio"]
    # A private /dev would hide /dev/i2c-1, /dev/spidev0.0, /dev/gpiochip*, /dev/ttyACM0.
    assert values("PrivateDevices") in ([], ["no"])


def test_no_network_but_the_unix_sockets_for_notify_and_dbus() -> None:
    assert values("PrivateNetwork") == ["yes"]
    assert values("RestrictAddressFamilies") == ["AF_UNIX"]
    assert values("ProtectSystem") == ["strict"]
    # /run stays visible (read-only): /run/systemd/notify and /run/dbus/system_bus_socket.
    for key in ("InaccessiblePaths", "TemporaryFileSystem", "BindPaths"):
        assert not any("/run" in value for value in values(key)), key
    # gpiozero identifies the Pi from /proc/cpuinfo and /proc/device-tree.
    assert values("ProcSubset") in ([], ["all"])
