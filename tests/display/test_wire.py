"""A frame's writes: one ``i2c_rdwr`` on luma's managed i2c, luma's own calls on the rest."""

from __future__ import annotations

import errno

import pytest
from luma.core.error import DeviceNotFoundError
from PIL import Image, ImageDraw
from smbus2 import i2c_msg

from hardware import panel_wire
from hardware.panel_fake import FakeI2C, FakeSpi, PanelModel, i2c_serial, spi_serial

from .conftest import Rig, same

WRITES = [(bytes([0x21, 3, 9, 0x22, 1, 2]), bytes(range(14))), (bytes([0xB3, 2, 0x10]), b"\x81")]


def test_on_lumas_managed_i2c_a_frame_is_one_i2c_rdwr_of_lumas_own_messages():
    bus = FakeI2C()
    write = panel_wire.writer(i2c_serial(bus))
    write(WRITES)
    write(WRITES)  # the command messages are kept and sent again
    expected = []
    for cmd, data in WRITES:
        expected += [
            bytes(i2c_msg.write(0x3C, [0x00, *cmd])),
            bytes(i2c_msg.write(0x3C, b"\x40" + data)),
        ]
    assert bus.calls == [expected, expected] and bus.block_writes == 0
    assert bus.wire_bytes == 2 * sum(1 + len(m) for m in expected)


@pytest.mark.parametrize("wire", ["i2c-smbus", "spi"])
def test_any_other_interface_gets_lumas_command_and_data_calls(wire: str):
    model = PanelModel("ssd1306")
    if wire == "spi":
        bus: FakeI2C | FakeSpi = FakeSpi(model)
        serial = spi_serial(bus)
    else:
        bus = FakeI2C(model)
        serial = i2c_serial(bus, managed=False)
    assert panel_wire.rdwr_writer(serial) is None
    model.log.clear()
    panel_wire.writer(serial)(WRITES[:1])
    assert model.log == [("command", WRITES[0][0]), ("data", WRITES[0][1])]
    if isinstance(bus, FakeI2C):
        assert bus.calls == [] and bus.block_writes == 2


def test_a_long_frame_and_many_windows_keep_to_lumas_block_and_linuxs_message_limit():
    bus = FakeI2C()
    write = panel_wire.writer(i2c_serial(bus))
    write([(b"\x21\x00\x7f\x22\x00\x07", bytes(5000))])
    assert [len(m) for m in bus.calls[0]] == [7, 4096, 5000 - 4095 + 1]
    bus.calls.clear()
    write([(bytes([0xB0 | p, 2, 0x10]), b"\x01") for p in range(8)] * 3)  # 48 messages
    assert [len(call) for call in bus.calls] == [panel_wire.MAX_MESSAGES, 48 - 42]


def test_a_panel_that_does_not_answer_is_lumas_device_not_found():
    bus = FakeI2C()
    bus.broken = True
    with pytest.raises(DeviceNotFoundError) as raised:
        panel_wire.writer(i2c_serial(bus))(WRITES)
    assert isinstance(raised.value.__cause__, OSError)
    assert raised.value.__cause__.errno == errno.EREMOTEIO


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
def test_the_devices_send_a_change_in_one_transfer_on_the_pi_and_in_calls_elsewhere(driver: str):
    frame = Image.new("1", (128, 64))
    ImageDraw.Draw(frame).rectangle((5, 3, 30, 20), fill=255)  # pages 0 to 2
    ImageDraw.Draw(frame).rectangle((90, 50, 100, 60), fill=255)  # pages 6 and 7
    for wire in ("i2c", "i2c-smbus"):
        rig = Rig(driver, wire)
        rig.sent(Image.new("1", (128, 64)))
        rig.bus.calls.clear()
        before = rig.bus.block_writes
        rig.sent(frame)
        assert same(rig.shown(), frame)
        if wire == "i2c":  # two windows or more, one i2c_rdwr, no block writes
            assert len(rig.bus.calls) == 1 and len(rig.bus.calls[0]) >= 4
            assert rig.bus.block_writes == before
        else:
            assert rig.bus.calls == [] and rig.bus.block_writes - before >= 4
