"""bench/display.py runs and reports every figure; the byte counts (not timings) hold goals."""

from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
# Loaded by path under its own name: "display" is also the tests/display package.
_spec = importlib.util.spec_from_file_location("bench_display", ROOT / "bench" / "display.py")
assert _spec is not None and _spec.loader is not None
display_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(display_bench)

FIGURES = (
    "display_cpu_ratio",
    "bus_bytes_per_frame",
    "bus_floor_bytes_per_frame",
    "bus_bytes_ratio",
    "i2c_ms_per_key_400khz",
)


def test_a_quick_display_bench_reports_every_figure():
    result = subprocess.run(
        [sys.executable, "bench/display.py", "--quick", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    for name in FIGURES:
        assert isinstance(report[name], float) and math.isfinite(report[name]), name
        assert report[name] > 0, name
    ssd = report["details"]["display_ssd1306"]
    assert ssd["stock_bus_bytes_per_frame"] == 1034  # luma's whole frame, on every frame
    assert report["bus_bytes_ratio"] <= 1.5  # bytes are counted, not timed: a goal here
    assert report["bus_bytes_per_frame"] < ssd["stock_bus_bytes_per_frame"] / 2
    frames, keys = report["details"]["display_frames"], report["details"]["display_keys"]
    total = report["bus_bytes_per_frame"] * frames
    assert math.isclose(report["i2c_ms_per_key_400khz"], total * 9 / 400 / keys)


def test_the_floor_is_the_changed_span_of_each_changed_page_and_its_addressing():
    before = Image.new("1", (128, 64))
    after = before.copy()
    ImageDraw.Draw(after).point([(5, 0), (9, 3), (100, 20)], fill=255)  # pages 0 and 2
    assert display_bench.floor_bytes(before, after, 10) == (9 - 5 + 1 + 10) + (1 + 10)
    assert display_bench.floor_bytes(after, after, 10) == 0


def test_press_to_frame_runs_the_real_driver_path(tmp_path: Path, monkeypatch):
    # bench/run.py imports "display": in a whole run that name is the tests/display package.
    monkeypatch.setitem(sys.modules, "display", display_bench)
    result = display_bench.press_to_frame(tmp_path, 15, 6)
    assert result["keys"] >= 15 and result["press_to_frame_s"] > 0
    assert result["floor_display_s"] > 0 and result["floor_commit_s"] > 0
    assert result["floor_s"] > result["floor_display_s"]  # render + commit + luma's display
    assert 0 < result["display_bus_bytes_per_key"] < 1034


def test_the_real_panel_is_the_projects_device_and_the_floor_shows_its_last_frame():
    from hardware import panel

    commits: list[object] = []
    real = display_bench.RealPanel(commit=commits.append)
    device = real.factory()
    assert isinstance(device, panel.ssd1306) and device.frames_whole == 1  # luma's init clear
    frame = Image.new("1", (128, 64))
    ImageDraw.Draw(frame).rectangle((10, 10, 20, 20), fill=255)
    device.display(frame)
    assert device.last is frame and real.bus_bytes > 1034  # the init frame, then a change
    before = real.stock_bus.wire_bytes
    real.commit("db")
    assert commits == ["db"] and len(real.commit_s) == len(real.stock_s) == 1
    assert real.stock_bus.wire_bytes - before == 1034  # luma's stock display of that frame
