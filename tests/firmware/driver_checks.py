"""MicroPython script: exercise firmware/mfrc522.py against the emulated chip; print JSON."""

import json
import sys

sys.path.insert(0, sys.argv[1])

from errors import ReaderError, TagError
from fake_mfrc522 import FakeChip, FakePin, FakeSPI, FakeTag, crc_a
from mfrc522 import MFRC522


def driver(chip):
    cs = FakePin()
    return MFRC522(FakeSPI(chip, cs), cs, FakePin())


def hexs(b):
    return None if b is None else "".join(f"{x:02X}" for x in b)


out = {"crc_hlta": hexs(crc_a(b"\x50\x00"))}

chip = FakeChip()
rc = driver(chip)
rc.init()
out["antenna"] = chip.regs[0x14] & 0x03
out["timer"] = [chip.regs[0x2A], chip.regs[0x2B], chip.regs[0x2C], chip.regs[0x2D]]
before = chip.frames
out["empty"] = hexs(rc.read_uid())
out["empty_frames"] = chip.frames - before

tag = FakeTag(bytes((0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6)))
chip.place(tag)
before = chip.frames
out["ntag"] = hexs(rc.read_uid())
out["ntag_frames"] = chip.frames - before  # REQA, 2 x (anticollision, select), HLTA
out["ntag_selects"] = tag.selects
out["ntag_state"] = tag.state
out["again_while_halted"] = hexs(rc.read_uid())

bad = FakeTag(bytes((0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66)))
bad.levels[1] = bad.levels[1][:4] + bytes((bad.levels[1][4] ^ 0x01,))
chip.field = []
chip.place(bad)
try:
    rc.read_uid()
    out["bad_bcc"] = "no error"
except TagError as exc:
    out["bad_bcc"] = str(exc)

chip.connected = False
try:
    rc.init()
    out["unplugged"] = "no error"
except ReaderError as exc:
    out["unplugged"] = str(exc)
print(json.dumps(out))
