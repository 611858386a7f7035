"""Shared helpers for the service, installer and polkit tests."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SYSTEMD_DIR = REPO / "systemd"
UNIT = SYSTEMD_DIR / "kaiser-scorer.service"
RULE = SYSTEMD_DIR / "50-kaiser-scorer.rules"
INSTALL = SYSTEMD_DIR / "install.sh"


def need(program: str, package: str) -> str:
    """The path of ``program``; fails (never skips) naming the apt package that provides it."""
    path = shutil.which(program)
    assert path is not None, f"{program} is missing: apt-get install {package}"
    return path


def verify(unit: Path, exec_start: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``systemd-analyze verify`` of ``unit`` with its program replaced by a stub script."""
    analyze = need("systemd-analyze", "systemd")
    program = tmp_path / "kaiser-scorer"
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(0o755)
    copy = tmp_path / unit.name
    copy.write_text(unit.read_text().replace(exec_start, str(program)))
    return subprocess.run(
        [analyze, "verify", str(copy)], capture_output=True, text=True, timeout=60, check=False
    )


def exposure(unit: Path) -> float:
    """The overall exposure level ``systemd-analyze security --offline=true`` gives ``unit``."""
    analyze = need("systemd-analyze", "systemd")
    result = subprocess.run(
        [analyze, "security", "--offline=true", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    found = re.search(
        rf"Overall exposure level for {re.escape(unit.name)}: (\d+\.\d+)", result.stdout
    )
    assert found, result.stdout + result.stderr
    return float(found.group(1))
