"""After any sequence of frames the panel shows the last one, pixel for pixel.

The project's devices run over luma's real ``i2c`` (managed, as on the Pi, and handed an
SMBus) and ``spi`` interfaces onto a fake bus; a model of the controller replays every
command and data byte into its RAM, and the glass it shows is compared with the frame.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from luma.core.error import DeviceNotFoundError
from PIL import Image, ImageDraw

from .conftest import WIRES, Rig, same, turned

pytestmark = pytest.mark.slow

#: A small change: a rectangle (x, y, width, height) drawn white or black.
RECT = st.tuples(
    st.integers(0, 127), st.integers(0, 127), st.integers(1, 20), st.integers(1, 12), st.booleans()
)
STEP = st.one_of(
    st.tuples(st.just("image"), st.binary(min_size=1024, max_size=1024)),
    st.tuples(st.just("change"), st.lists(RECT, min_size=1, max_size=4)),
    st.tuples(st.just("change"), st.lists(RECT, min_size=1, max_size=1)),
    st.tuples(st.just("same"), st.none()),
    st.tuples(st.just("contrast"), st.integers(0, 255)),
    st.tuples(st.just("reconnect"), st.none()),
    st.tuples(st.just("rotate"), st.integers(0, 3)),
    st.tuples(st.just("fail"), st.tuples(st.integers(1, 10), st.lists(RECT, min_size=1))),
)


def changed(image: Image.Image, rects: list[tuple[int, int, int, int, bool]]) -> Image.Image:
    """A copy of ``image`` with the rectangles drawn on it."""
    out = image.copy()
    draw = ImageDraw.Draw(out)
    for x, y, w, h, white in rects:
        draw.rectangle((x, y, x + w - 1, y + h - 1), fill=255 if white else 0)
    return out


@cache
def whole_frame_bytes(driver: str, wire: str) -> int:
    """The bytes luma.oled's own device puts on the wire for a frame (always all of it)."""
    rig = Rig(driver, wire, stock=True)
    return rig.sent(Image.new("1", (128, 64), 255))


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize("driver", ["ssd1306", "sh1106", "ssd1309"])
@settings(max_examples=30, deadline=None)
@given(rotate=st.integers(0, 3), steps=st.lists(STEP, min_size=1, max_size=10))
def test_after_any_sequence_the_panel_shows_the_last_frame(
    driver: str, wire: str, rotate: int, steps: list[tuple[str, object]]
) -> None:
    rig = Rig(driver, wire, rotate)
    whole = whole_frame_bytes(driver, wire)
    last = Image.new("1", rig.device.size)
    assert same(rig.shown(), turned(last, rotate)), "luma's init clears the panel"
    known = False  # luma's init ends with show(): the first frame is whole
    # The SSD130x's addressing mode unknown (a write that raised, a contrast of 0x20, the
    # memory mode command's byte): a whole frame sets it again, 2 bytes more.
    ssd = driver != "sh1106"
    mode_unknown = False
    for action, arg in steps:
        device = rig.device
        expect_whole = not known
        if action == "image":
            assert isinstance(arg, bytes)
            last = Image.frombytes("1", device.size, arg)
        elif action == "change":
            assert isinstance(arg, list)
            last = changed(last, arg)
        elif action == "contrast":
            assert isinstance(arg, int)
            device.contrast(arg)
            assert rig.model.contrast == arg
            expect_whole = True
            mode_unknown = mode_unknown or (ssd and arg == 0x20)
        elif action == "reconnect":
            device = rig.connect()
            expect_whole = True
            mode_unknown = False  # luma's init sets it
        elif action == "rotate":
            assert isinstance(arg, int)
            expect_whole = expect_whole or arg != device.rotate
            device.capabilities(128, 64, arg)
            rig.rotate = arg  # a reconnect makes the device turned the same way
            if last.size != device.size:
                last = last.transpose(Image.Transpose.ROTATE_90)
        elif action == "fail":
            assert isinstance(arg, tuple)
            after, rects = arg
            rig.bus.fail_at = rig.bus.transactions + after
            last = changed(last, rects)
            try:
                device.display(last)
            except (OSError, DeviceNotFoundError):  # luma turns EREMOTEIO into the latter
                expect_whole = True
                mode_unknown = ssd
            else:  # the frame went through before the failing write: nothing is left
                expect_whole = False
            rig.bus.fail_at = None
        sent = rig.sent(last)
        assert same(rig.shown(), turned(last, device.rotate)), (action, len(steps))
        extra = 2 if mode_unknown else 0
        assert sent <= whole + extra
        if expect_whole:
            assert sent == whole + extra, f"a whole frame after {action}"
        elif action == "same":
            assert sent == 0, "nothing changed, nothing is sent"
        mode_unknown = mode_unknown and not expect_whole
        known = True


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize("driver", ["ssd1306", "sh1106", "ssd1309", "ssd1315"])
def test_the_init_sequence_and_a_first_frame_are_luma_olds_own_bytes(driver: str, wire: str):
    ours, theirs = Rig(driver, wire), Rig(driver, wire, stock=True)
    frame = changed(Image.new("1", (128, 64)), [(3, 5, 40, 9, True), (100, 50, 20, 14, True)])
    for rig in (ours, theirs):
        rig.device.contrast(0x80)
        rig.device.display(frame)
    assert ours.model.log == theirs.model.log
    assert ours.bus.wire_bytes == theirs.bus.wire_bytes
    assert same(ours.shown(), frame)


@pytest.mark.parametrize("wire", WIRES)
@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
def test_a_write_that_fails_midway_leaves_the_next_frame_whole(driver: str, wire: str):
    rig = Rig(driver, wire)
    base = changed(Image.new("1", (128, 64)), [(0, 0, 128, 64, True)])
    rig.sent(base)
    rig.bus.fail_at = rig.bus.transactions + 2  # the second write of the change fails
    with pytest.raises((OSError, DeviceNotFoundError)):
        rig.device.display(changed(base, [(10, 10, 30, 30, False)]))
    rig.bus.fail_at = None
    final = changed(base, [(60, 20, 5, 5, False)])
    mode = 2 if driver != "sh1106" else 0  # the SSD1306's addressing mode, set again
    assert rig.sent(final) == whole_frame_bytes(driver, wire) + mode
    assert same(rig.shown(), final)
