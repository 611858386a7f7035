"""The panel test pattern: runs on luma's dummy, and its frames are partial updates."""

from __future__ import annotations

import statistics

import pytest

from hardware import panel_test
from hardware.oled import Display, dummy_factory
from hardware.panel_test import pattern

from .conftest import Rig, same


def test_the_pattern_runs_on_lumas_dummy_device(capsys: pytest.CaptureFixture[str]):
    display = Display(dummy_factory())
    result = panel_test.run(display, frames=30, fps=0, invert_every=100)
    assert result["frames"] == result["shown"] == 30 and not result["failing"]
    assert same(display.device.image, pattern(29))
    assert panel_test.main(["--dummy", "--frames", "5", "--fps", "0"]) == 0
    assert capsys.readouterr().out.startswith("5 frames, 5 sent")


@pytest.mark.parametrize("board", ["nowhere", "adafruit"])
def test_a_bad_board_is_one_line_and_exit_2(board: str, capsys: pytest.CaptureFixture[str]):
    assert panel_test.main(["--dummy", "--board", board, "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "board.name" in err


@pytest.mark.parametrize(("driver", "wire"), [("ssd1306", "i2c"), ("sh1106", "spi")])
def test_every_frame_of_the_pattern_reaches_the_glass_mostly_as_small_updates(
    driver: str, wire: str
) -> None:
    rig = Rig(driver, wire)
    whole = rig.sent(pattern(0, invert_every=50))
    sizes = []
    for frame in range(1, 150):
        sizes.append(rig.sent(pattern(frame, invert_every=50)))
        assert same(rig.shown(), pattern(frame, invert_every=50)), frame
    assert statistics.median(sizes) < whole / 5
    assert max(sizes) == whole  # the inverted frames change everything
