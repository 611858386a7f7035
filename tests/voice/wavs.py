"""What a spoken WAV must be: a valid file, longer than 0.3 s, and not silence."""

from __future__ import annotations

import array
import math
import sys
import wave
from pathlib import Path


def check_wav(path: Path) -> float:
    """Assert ``path`` is a PCM WAV of over 0.3 s whose samples are speech, not silence;
    its length in seconds."""
    with wave.open(str(path), "rb") as w:
        assert w.getcomptype() == "NONE" and w.getsampwidth() == 2, path
        assert w.getnchannels() == 1 and 8000 <= w.getframerate() <= 48000, path
        frames = w.getnframes()
        data = w.readframes(frames)
        seconds = frames / w.getframerate()
    assert len(data) == frames * 2, f"{path}: {len(data)} bytes for {frames} frames"
    assert seconds > 0.3, f"{path}: {seconds:.3f} s"
    samples = array.array("h", data)
    if sys.byteorder == "big":
        samples.byteswap()
    peak = max(abs(s) for s in samples)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    loud = sum(abs(s) > 500 for s in samples) / len(samples)
    assert peak > 3000 and rms > 300 and loud > 0.1, f"{path}: silent ({peak=}, {rms=:.0f})"
    return seconds
