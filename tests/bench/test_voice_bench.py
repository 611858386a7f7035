"""The voice bench runs end to end: no speech work on the key path, the queue bounded
(the timing ratio is reported, not asserted: timings vary with the machine's load)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_the_voice_bench_keeps_speech_off_the_key_path(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "bench/voice.py", "--quick", "--json", "--dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert math.isfinite(report["voice_press_to_frame_ratio"])
    details = report["details"]
    # bench/run.py's press_to_frame_ratio, measured as it measures it: the real driver path
    # (bytes on the fake bus) and luma's own display of each frame in the floor
    assert details["floor_display_on_ms"] > 0 and details["display_bus_bytes_per_key_on"] > 0
    assert report["voice_key_path_speech_calls"] == 0
    assert "hardware.sinks.voice.stored" in details["key_path_calls"]  # the trace saw the sink
    assert "hardware.speech.speaker.put" in details["key_path_calls"]  # ... enqueue, and only
    assert set(details["said_on_threads"]) == {"speaker"} and details["utterances_said"] > 0
    assert report["voice_queue_most"] <= 8 and details["flood_dropped"] > 0
