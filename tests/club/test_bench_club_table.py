"""The club-table bench runs end to end and reports every figure (no timing thresholds)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_the_club_table_bench_reports_both_tables() -> None:
    result = subprocess.run(
        [sys.executable, "bench/club_table.py", "--keys", "60", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["plain_ms"] > 0 and figures["club_ms"] > 0 and figures["club_ratio"] > 0
    assert figures["wakes_sent"] == 60  # one wake-up per stored key
    assert figures["broker_reached"] is False  # the broker really was gone
