"""The packing in C (Pillow's C image) and its stand-in with Pillow's public calls agree."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from hardware import panel

from .conftest import Rig, same

pytestmark = pytest.mark.slow

FRAME = st.binary(min_size=1024, max_size=1024).map(lambda b: Image.frombytes("1", (128, 64), b))
BOX = st.tuples(st.integers(0, 127), st.integers(0, 7), st.integers(1, 128))


def columns(image: Image.Image, box: tuple[int, int, int, int]) -> bytes:
    """``band`` pixel by pixel: per column of ``box``, per page, the top pixel in bit 0."""
    x0, y0, x1, y1 = box
    pixels = image.load()
    assert pixels is not None
    out = bytearray()
    for x in range(x0, x1):
        for top in range(y0, y1, 8):
            out.append(sum(1 << r for r in range(8) if pixels[x, top + r]))
    return bytes(out)


@pytest.mark.skipif(not panel.CORE, reason="this Pillow lacks the C calls: the public path runs")
@settings(max_examples=60, deadline=None)
@given(image=FRAME, other=FRAME, box=BOX, rows=st.data())
def test_the_c_calls_pack_and_find_changes_as_the_public_ones_do(image, other, box, rows):
    x0, p0, x1 = box
    x0, x1 = min(x0, x1 - 1), max(x1, x0 + 1)
    p1 = rows.draw(st.integers(p0, 7))
    area = (x0, 8 * p0, x1, 8 * p1 + 8)
    packed = panel.band(image.im, area)
    assert packed == columns(image, area)
    changed = other.copy()
    changed.paste(image.crop(area), area[:2])
    in_c = [panel.changes(other.im, changed.im, merge) for merge in (True, False)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(panel, "CORE", False)
        assert panel.band(image, area) == packed
        assert [panel.changes(other, changed, merge) for merge in (True, False)] == in_c
    for (q0, q1, c0, c1), data in in_c[0]:  # a window's columns, each its pages top down
        assert data == columns(changed, (c0, 8 * q0, c1 + 1, 8 * q1 + 8))


def test_the_public_calls_drive_the_panel_as_well(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(panel, "CORE", False)
    for driver in ("ssd1306", "sh1106"):
        rig = Rig(driver, "i2c", rotate=1)
        frame = Image.new("1", rig.device.size)
        for step in range(6):
            frame = frame.copy()
            frame.paste(255 if step % 2 else 0, (step * 7, step * 13, step * 7 + 9, step * 13 + 11))
            rig.sent(frame)
            assert same(rig.shown(), frame.rotate(-90, expand=True))
        # whole: luma's init clear(), then the first frame after its show(); then changes
        assert (rig.device.frames_whole, rig.device.frames_partial) == (2, 5)
