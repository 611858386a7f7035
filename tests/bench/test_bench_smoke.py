"""The benchmark runs end to end and reports every figure (no thresholds: timings vary)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FIGURES = (
    "press_to_frame_ratio",
    "startup_ratio",
    "idle_cpu_percent",
    "rss_ratio",
    "resume_ratio",
    "frames_per_key",
    "frames_per_changing_key",
    "frames_per_still_key",
    "bytes_written_per_key",
    "display_cpu_ratio",
    "bus_bytes_per_frame",
    "bus_floor_bytes_per_frame",
    "bus_bytes_ratio",
    "i2c_ms_per_key_400khz",
)


ZERO_IS_RIGHT = {"idle_cpu_percent", "frames_per_still_key"}


def test_a_quick_bench_reports_every_figure(tmp_path):
    result = subprocess.run(
        [sys.executable, "bench/run.py", "--quick", "--json", "--dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for name in FIGURES:
        value = report[name]
        assert isinstance(value, int | float) and math.isfinite(value), name
        # An idle scorer that sleeps uses no CPU, and a still key pushes no frame: 0 is right.
        assert value >= 0 if name in ZERO_IS_RIGHT else value > 0, name
    assert report["details"]["keys"] >= 60 and report["details"]["stored_keys"] > 0
    assert list(tmp_path.iterdir()) == []  # the bench cleans up after itself
