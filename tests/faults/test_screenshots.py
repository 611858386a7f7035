"""``run --screenshots DIR`` on a folder that cannot take a frame: a regular file in its
place, a small real tmpfs that fills mid-game. The game goes on, every key is stored, and
the screenshots stop with one log line (never a traceback)."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import cli

pytestmark = pytest.mark.slow

#: TABLE.md's example hand: 17 keys, most of them a new frame.
KEYS = "UP\nOK RIGHT UP UP RIGHT OK\nRIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT\nOK\n"
COUNT = len(KEYS.split())


def play(tmp: Path, shots: Path) -> str:
    """The hand with ``--screenshots shots``: every key acknowledged and stored; the one
    line the run said about the screenshots."""
    keys = tmp / "hand.keys"
    keys.write_text(KEYS)
    db = tmp / "kaiser.db"
    run = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(db),
              "--screenshots", str(shots))  # fmt: skip
    assert run.returncode == 0, run.err
    assert "Traceback" not in run.err, run.err
    acks = [x for x in run.out.splitlines() if x.startswith("ok ")]
    assert len(acks) == COUNT, run.out
    exported = cli("export", "--db", str(db))
    assert exported.returncode == 0, exported.err
    record = json.loads(exported.out)
    assert len(record["hands"]) == 1 and record["hands"][0]["contract"]["bid"] == 8
    said = [x for x in run.err.splitlines() if "screenshot" in x]
    assert len(said) == 1, run.err
    return said[0]


def test_a_file_where_the_folder_should_be(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    shots.write_text("a file, not a folder\n")
    line = play(tmp_path, shots)
    assert f"{shots} is not a folder" in line and line.startswith("ERROR "), line
    assert shots.read_text() == "a file, not a folder\n"


@pytest.fixture
def small_tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A real 64 KiB tmpfs, filled up but for three pages."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (CI runs as root)")
    folder = tmp_path / "small"
    folder.mkdir()
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)], check=True)
    try:
        filler = folder / "filler"
        with open(filler, "wb", buffering=0) as f:
            try:
                while True:
                    f.write(b"x" * 1024)
            except OSError:
                pass
        os.truncate(filler, max(0, filler.stat().st_size - 3 * 4096))
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=True)


def test_a_disk_that_fills_mid_game(tmp_path: Path, small_tmpfs: Path) -> None:
    shots = small_tmpfs / "shots"
    line = play(tmp_path, shots)
    assert "No space left on device" in line, line
    frames = sorted(shots.glob("frame-*.png"))
    assert 1 <= len(frames) < COUNT  # some fitted, then the disk was full
    for frame in frames:  # no half-written picture is left behind
        assert frame.read_bytes().startswith(b"\x89PNG") and frame.stat().st_size > 100
    from PIL import Image

    for frame in frames:
        with Image.open(frame) as image:
            image.load()
