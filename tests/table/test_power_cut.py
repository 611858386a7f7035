"""SIGKILL right after an acknowledged key, restart, and the game is exactly the same."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys

import pytest
from scripts import per_hand_hand, per_trick_hand

pytestmark = pytest.mark.slow

CMD = [sys.executable, "-m", "hardware.cli"]


def long_script() -> list[str]:
    keys = ["RIGHT", "OK", "A"]  # E deals; a redeal
    keys += per_trick_hand("S", 8, "H", list("SNSNESNW"), 3, None, ask=(None, "W"))
    keys += ["HOLD-B", "OK"]  # undo the confirmed hand, confirm again
    keys += ["HOLD-OK", "DOWN", "DOWN", "OK", "UP", "B"]  # per-hand entry (and a menu wander)
    keys += per_hand_hand("W", 9, None, 6, "bidders", "defenders")
    keys += ["OK", "UP", "RIGHT", "RIGHT", "UP", "OK", "HOLD-B", "OK"]  # contract, undo, redo
    keys += ["UP", "UP", "A", "B", "OK", "OK"]
    return keys


def run(db, script, stdout=subprocess.PIPE):
    return subprocess.Popen(
        [*CMD, "run", "--board", "mock", "--quiet", "--keys", str(script), "--db", str(db)],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
    )


def export(db):
    out = subprocess.run(
        [*CMD, "export", "--all", "--db", str(db)], capture_output=True, text=True, check=True
    ).stdout
    return json.loads(out)


def test_sigkill_after_any_acknowledged_key_loses_nothing(tmp_path):
    keys = long_script()
    script = tmp_path / "keys.txt"
    script.write_text(" ".join(keys))
    reference_db = tmp_path / "reference.db"
    ref = run(reference_db, script)
    out, err = ref.communicate(timeout=120)
    assert ref.returncode == 0, err
    assert len(out.splitlines()) == len(keys)
    reference = export(reference_db)
    assert len(reference[0]["hands"]) == 4

    rng = random.Random(20261130)
    for trial in range(12):
        db = tmp_path / f"cut{trial}.db"
        kill_after = rng.randint(1, len(keys) - 1)
        proc = run(db, script)
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith(f"ok {kill_after} "):
                os.kill(proc.pid, signal.SIGKILL)
                break
        proc.wait(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        resumed = run(db, script)
        out, err = resumed.communicate(timeout=120)
        assert resumed.returncode == 0, err
        acks = out.splitlines()
        if acks:  # it resumed after the last stored key, never before an acknowledged one
            assert int(acks[0].split()[1]) > kill_after
            assert acks[-1] == f"ok {len(keys)} {keys[-1]}"
        assert export(db) == reference, f"trial {trial}: killed after key {kill_after}"
