"""What goes on the wire for a small change, and the luma device the scorer still gets."""

from __future__ import annotations

import pytest
from luma.core.render import canvas
from luma.oled import device as stock
from PIL import Image, ImageDraw

from hardware import panel
from hardware.config import parse_config
from hardware.oled import DIM, Display, luma_factory
from hardware.panel_fake import FakeI2C, PanelModel, i2c_serial
from hardware.screens import render
from kaiser_core.cards import Seat
from kaiser_core.table import Key, Table

from .conftest import Rig, same


def lit(*pixels: tuple[int, int], base: Image.Image | None = None) -> Image.Image:
    image = base.copy() if base is not None else Image.new("1", (128, 64))
    for xy in pixels:
        image.putpixel(xy, 255)
    return image


def test_one_pixel_on_an_ssd1306_is_a_one_column_window_and_one_byte():
    rig = Rig("ssd1306", "i2c")
    rig.sent(Image.new("1", (128, 64)))
    rig.model.log.clear()
    # the first change after a whole frame sets vertical addressing (0x20 0x01) first
    assert rig.sent(lit((70, 21))) == 2 + 8 + 3
    assert rig.model.log == [
        ("command", bytes([0x20, 0x01, 0x21, 70, 70, 0x22, 2, 2])),
        ("data", bytes([1 << 5])),
    ]
    rig.model.log.clear()
    frame = lit((9, 0), (70, 21))
    assert rig.sent(frame) == 8 + 3  # address, control, 6 commands; address, control, 1
    assert rig.model.log == [
        ("command", bytes([0x21, 9, 9, 0x22, 0, 0])),
        ("data", bytes([1])),
    ]
    assert same(rig.shown(), frame)


def test_a_whole_frame_after_changes_is_sent_in_vertical_mode_with_lumas_byte_count():
    rig = Rig("ssd1306", "i2c")
    whole = rig.sent(lit((3, 3)))  # horizontal, as luma sends it
    rig.sent(lit((3, 3), (4, 40)))  # a change: vertical from now on
    rig.device.contrast(0x7F)  # no memory mode byte: the mode is still known
    rig.model.log.clear()
    assert rig.sent(lit((3, 3), (4, 40))) == whole
    assert rig.model.log[0] == ("command", bytes([0x21, 0, 127, 0x22, 0, 7]))
    assert rig.model.mode == 1 and same(rig.shown(), lit((3, 3), (4, 40)))
    rig.device.contrast(0x20)  # a byte that could be a memory mode command: mode unknown
    rig.model.log.clear()
    assert rig.sent(lit((3, 3))) == whole + 2
    assert rig.model.log[0] == ("command", bytes([0x20, 0x00, 0x21, 0, 127, 0x22, 0, 7]))
    assert rig.model.mode == 0 and same(rig.shown(), lit((3, 3)))


def test_one_pixel_on_an_sh1106_is_its_page_and_column_start_after_the_offset():
    rig = Rig("sh1106", "i2c")
    rig.sent(Image.new("1", (128, 64)))
    rig.model.log.clear()
    assert rig.sent(lit((70, 21))) == 5 + 3
    ram = 70 + 2
    assert rig.model.log == [
        ("command", bytes([0xB2, ram & 0x0F, 0x10 | ram >> 4])),
        ("data", bytes([1 << 5])),
    ]


def test_an_sh1106_without_the_column_offset_writes_where_luma_would():
    model = PanelModel("sh1106", offset=0)
    device = panel.sh1106(i2c_serial(FakeI2C(model)), page_address_offset=0)
    for frame in (lit((0, 0), (127, 63)), lit((0, 0), (126, 63), (5, 9))):
        device.display(frame)
        assert same(model.image(), frame)


def test_a_text_row_over_two_pages_is_one_window_when_that_is_fewer_bytes():
    rig = Rig("ssd1306", "i2c")
    rig.sent(Image.new("1", (128, 64)))
    frame = lit((0, 63))
    rig.sent(frame)  # the first change: vertical addressing from now on
    rig.model.log.clear()
    ImageDraw.Draw(frame).rectangle((10, 12, 49, 19), fill=255)  # rows 12-19: pages 1 and 2
    assert rig.sent(frame) == 8 + 2 + 2 * 40
    assert rig.model.log == [  # column after column, each its two pages top down
        ("command", bytes([0x21, 10, 49, 0x22, 1, 2])),
        ("data", bytes([0xF0, 0x0F] * 40)),
    ]
    assert same(rig.shown(), frame)


def test_changes_far_apart_on_one_page_are_one_span():
    rig = Rig("ssd1306", "spi")
    rig.sent(Image.new("1", (128, 64)))
    rig.model.log.clear()
    assert rig.sent(lit((3, 60), (120, 63))) == 2 + 6 + (120 - 3 + 1)
    assert rig.model.log[0] == ("command", bytes([0x20, 0x01, 0x21, 3, 120, 0x22, 7, 7]))


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
def test_after_contrast_the_next_frame_is_whole_and_then_thrifty_again(driver: str):
    rig = Rig(driver, "i2c")
    whole = rig.sent(Image.new("1", (128, 64), 255))
    assert rig.sent(Image.new("1", (128, 64), 255)) == 0
    rig.device.contrast(DIM)
    assert rig.sent(Image.new("1", (128, 64), 255)) == whole
    assert rig.sent(lit((1, 1), base=Image.new("1", (128, 64)))) == whole  # all of it changed
    assert rig.sent(lit((1, 1), (2, 1))) <= 2 + 12  # one byte; the SSD1306's mode command
    assert rig.sent(lit((1, 1), (2, 1), (3, 1))) < 12


@pytest.mark.parametrize("rotate", [0, 1, 2, 3])
@pytest.mark.parametrize("name", ["ssd1306", "ssd1309", "ssd1315", "sh1106"])
def test_the_devices_keep_luma_olds_capabilities(name: str, rotate: int):
    ours = getattr(panel, name)(i2c_serial(FakeI2C()), rotate=rotate)
    theirs = getattr(stock, name)(i2c_serial(FakeI2C()), rotate=rotate)
    assert isinstance(ours, type(theirs))
    for attr in ("width", "height", "size", "bounding_box", "mode", "rotate", "persist"):
        assert getattr(ours, attr) == getattr(theirs, attr), attr


def test_lumas_canvas_draws_on_the_device():
    rig = Rig("sh1106", "spi", rotate=2)
    with canvas(rig.device) as draw:
        draw.rectangle((0, 0, 9, 4), fill="white")
    drawn = Image.new("1", (128, 64))
    ImageDraw.Draw(drawn).rectangle((0, 0, 9, 4), fill=255)
    assert same(rig.shown(), drawn.transpose(Image.Transpose.ROTATE_180))
    assert rig.shown().getbbox() == (118, 59, 128, 64)


def test_the_scorers_display_over_the_fake_bus_survives_an_unplugged_panel():
    model = PanelModel("ssd1306")
    bus = FakeI2C(model)
    cfg = parse_config({"board": "adafruit-bonnet"})
    display = Display(luma_factory(cfg.display, lambda table: i2c_serial(bus)))
    table = Table(cfg.rules, choose_seat=lambda: Seat.N)
    assert display.show(render(table.view()))
    bus.broken = True
    table.press(Key.from_name("UP"))
    assert not display.show(render(table.view())) and display.failing
    bus.broken = False
    model.reset()  # plugged in again: the panel was off, its RAM is noise
    assert display.show(render(table.view()))
    assert same(model.image(), render(table.view()))
    display.dim(True)
    assert model.contrast == DIM
    table.press(Key.from_name("OK"))
    assert display.show(render(table.view()))
    assert same(model.image(), render(table.view()))


def test_a_whole_game_costs_a_fraction_of_luma_olds_bytes():
    ours, theirs = Rig("ssd1306", "i2c"), Rig("ssd1306", "i2c", stock=True)
    table = Table(parse_config({}).rules, choose_seat=lambda: Seat.N)
    keys = ["UP", "OK", "RIGHT", "UP", "UP", "RIGHT", "OK", *["RIGHT", "DOWN"] * 4, "OK"]
    frames = 0
    for name in keys:
        table.press(Key.from_name(name))
        frame = render(table.view())
        ours.sent(frame)
        theirs.sent(frame)
        assert same(ours.shown(), frame)
        frames += 1
    assert theirs.bus.wire_bytes > frames * 1000
    assert ours.bus.wire_bytes < theirs.bus.wire_bytes / 2
