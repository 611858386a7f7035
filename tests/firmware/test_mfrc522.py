"""The MFRC522 driver against the emulated chip: framing, cascade select, checks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mpy_support import FIRMWARE, HERE, run_micropython

pytestmark = pytest.mark.slow


def test_driver_reads_a_7_byte_ntag_uid_with_two_cascade_levels(tmp_path: Path):
    proc = run_micropython([str(HERE / "driver_checks.py"), str(FIRMWARE)], cwd=tmp_path)
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["crc_hlta"] == "57CD"  # ISO 14443-3 CRC_A of HLTA, so the fake is right
    assert got["antenna"] == 3
    assert got["timer"] == [0x80, 0xA9, 0x03, 0xE8]  # 25 ms tag timeout
    assert got["empty"] is None and got["empty_frames"] == 1
    assert got["ntag"] == "04A1B2C3D4E5F6"
    assert got["ntag_selects"] == 2
    assert got["ntag_frames"] == 6
    assert got["ntag_state"] == "HALT"
    assert got["again_while_halted"] is None
    assert got["bad_bcc"] == "BCC mismatch at cascade level 2"
    assert "no MFRC522 answers" in got["unplugged"]
