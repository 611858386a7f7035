"""The league bench runs end to end and reports every figure (no timing thresholds here)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_league_bench_reports_every_figure() -> None:
    args = ["--events", "3", "--players", "12", "--rounds", "2", "--json"]
    result = subprocess.run(
        [sys.executable, "bench/league.py", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["games"] == 3 * 2 * 3 and figures["season_rows"] == 12, result.stderr
    assert figures["league_cpu_s"] > 0 and figures["director_rss_mb"] > 0
    assert figures["night_cpu_ms"] > 0 and figures["night_cpu_ratio"] > 0


def test_the_bench_fails_on_each_goal_it_misses() -> None:
    spec = importlib.util.spec_from_file_location("bench_league", ROOT / "bench" / "league.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    met = {"league_cpu_s": 1.99, "director_rss_mb": 79.9, "night_cpu_ratio": 1.3}
    assert bench.goals(met) == []
    for key, bad, word in [
        ("league_cpu_s", 2.0, "CPU"),
        ("director_rss_mb", 80.0, "RSS"),
        ("night_cpu_ratio", 1.31, "history"),
    ]:
        missed = bench.goals({**met, key: bad})
        assert len(missed) == 1 and word in missed[0], (key, missed)
