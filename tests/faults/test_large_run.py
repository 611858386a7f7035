"""``[display] large = true`` and the menu's Large type reach the real scorer's frames
(issue 27): the same keys, the same record, the frames drawn in large type."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from hardware.screens import render
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table

from .conftest import cli
from .test_screenshots import KEYS

pytestmark = pytest.mark.slow


def run(tmp: Path, config: str, keys: str) -> tuple[list[Image.Image], dict[str, object]]:
    """The frames and the exported record of ``keys`` under ``config``."""
    tmp.mkdir(exist_ok=True)
    (tmp / "config.toml").write_text(config, encoding="utf-8")
    (tmp / "hand.keys").write_text(keys)
    db, shots = tmp / "kaiser.db", tmp / "shots"
    done = cli("run", "--board", "mock", "--keys", str(tmp / "hand.keys"), "--db", str(db),
               "--config", str(tmp / "config.toml"), "--screenshots", str(shots))  # fmt: skip
    assert done.returncode == 0 and "Traceback" not in done.err, done.err
    exported = cli("export", "--db", str(db))
    assert exported.returncode == 0, exported.err
    frames = [Image.open(p).convert("1") for p in sorted(shots.glob("frame-*.png"))]
    return frames, json.loads(exported.out)


def test_the_configs_large_type_draws_every_frame_large_and_plays_the_same(tmp_path: Path) -> None:
    normal, record = run(tmp_path / "a", "", KEYS)
    big, large_record = run(tmp_path / "b", "[display]\nlarge = true\n", KEYS)
    assert record["hands"] == large_record["hands"]
    assert len(normal) == len(big)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    for name in KEYS.split():
        table.press(Key.from_name(name))
    last = table.view()
    assert big[-1].tobytes() == render(last, large=True).tobytes()
    assert normal[-1].tobytes() == render(last).tobytes()


def test_the_menus_large_type_is_kept_over_a_restart(tmp_path: Path) -> None:
    menu = Table(Rules()).menu_items()
    from kaiser_core.table.menu import MenuItem

    down = " ".join(["DOWN"] * menu.index(MenuItem.LARGE))
    frames, _ = run(tmp_path, "", f"UP HOLD-OK {down} OK HOLD-OK\n")
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    table.press(Key.UP)
    score = table.view()
    assert frames[-1].tobytes() != render(score).tobytes()
    (tmp_path / "hand.keys").write_text("OK\n")  # resumed: still large
    keys, db, more = tmp_path / "hand.keys", tmp_path / "kaiser.db", tmp_path / "more"
    again = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(db),
                "--screenshots", str(more))  # fmt: skip
    assert again.returncode == 0, again.err
    table.press(Key.OK)
    last = Image.open(sorted((tmp_path / "more").glob("frame-*.png"))[-1]).convert("1")
    assert last.tobytes() == render(table.view(), large=True).tobytes()
