"""The web benchmark runs end to end and reports every figure (no time limits here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
FIGURES = (
    "stats_1000_games_s",
    "stats_1000_games_cpu_s",
    "stats_1000_played_games_s",
    "sheet_1000_games_s",
    "standings_render_ms",
    "first_render_ms",
    "standings_page_bytes",
)


def test_a_quick_web_bench_reports_every_figure():
    result = subprocess.run(
        [sys.executable, "bench/web.py", "--quick", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 100 and report["hands"] > 500
    for name in FIGURES:
        assert isinstance(report[name], (int, float)) and report[name] > 0, name
    assert report["standings_page_bytes"] < 100_000  # the page weight is a size, not a time
