"""The club bench runs end to end and reports every figure (no timing thresholds here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_club_bench_reports_every_figure() -> None:
    args = [
        "--tables",
        "3",
        "--rounds",
        "1",
        "--hands",
        "3",
        "--interval",
        "0.05",
        "--workers",
        "2",
        "--json",
    ]
    result = subprocess.run(
        [sys.executable, "bench/club.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["standings_equal"] is True, result.stderr
    assert figures["changes"] > 0 and figures["latency_p95_ms"] > 0
    assert figures["director_rss_mb"] > 0 and figures["messages_per_hand"] >= 2
    assert figures["changes_seen"] > 0 and figures["stored_changes"] > figures["changes"]
    assert figures["changes_per_second"] > 0 and figures["target_per_second"] == 60


def test_the_bench_fails_on_each_goal_it_misses() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_club", ROOT / "bench" / "club.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    goals = bench.goals

    met = {
        "changes_per_second": 58.0,
        "target_per_second": 60.0,
        "latency_p95_ms": 999.0,
        "director_rss_mb": 79.9,
        "standings_equal": True,
    }
    assert goals(met) == []
    for key, bad, word in [
        ("changes_per_second", 53.9, "changes a second"),
        ("latency_p95_ms", 1000.0, "p95"),
        ("latency_p95_ms", None, "no standings event matched"),  # it says so, no crash
        ("director_rss_mb", 80.0, "RSS"),
        ("standings_equal", False, "re-score"),
    ]:
        missed = goals({**met, key: bad})
        assert len(missed) == 1 and word in missed[0], (key, missed)
