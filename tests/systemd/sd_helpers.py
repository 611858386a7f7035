"""Shared helpers for the service, installer and polkit tests."""

from __future__ import annotations

import shutil
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
