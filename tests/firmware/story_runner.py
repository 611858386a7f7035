"""Run a reader story under MicroPython: the real firmware over the emulated MFRC522.

Usage: ``micropython story_runner.py FIRMWARE_DIR STORY.json`` with the working directory
holding ``cards.json``. Every line the firmware writes goes to stdout unchanged. Steps:
``{"host": text}`` a host line (``"raw"``: bytes given as a latin-1 string, no newline added),
``{"tap": uid}`` lay a tag on the reader, poll once, take it away, ``{"place": uid}`` /
``{"remove": uid}``, ``{"poll": n}``, ``{"wait": ms}``, ``{"unplug": true}`` /
``{"plug": true}`` (the chip stops / starts answering), ``{"reboot": true}``.
"""

import json
import sys

sys.path.insert(0, sys.argv[1])
sys.path.insert(1, sys.argv[0].rsplit("/", 1)[0] if "/" in sys.argv[0] else ".")

import time

from cards import CardTable
from fake_mfrc522 import FakeChip, FakePin, FakeSPI, FakeTag
from mfrc522 import MFRC522
from reader_app import Firmware

PERIOD = time.ticks_add(0, -1) + 1  # where ticks_ms wraps: 2**30 on the Pico


class Clock:
    """A ticks_ms that only moves when told to, wrapping like MicroPython's."""

    def __init__(self, start):
        self.t = start

    def ticks_ms(self):
        return self.t % PERIOD

    def advance(self, ms):
        self.t += ms


def write(line):
    sys.stdout.write(line)


def boot(story, chip, clock, fs):
    table, problem = CardTable.load(story.get("path", "cards.json"), fs)
    reader = MFRC522(FakeSPI(chip, CS), CS, FakePin())
    fw = Firmware(reader, table, write, clock.ticks_ms, time.ticks_diff, problem)
    fw.start()
    return fw


class RecordingFiles:
    """The real files, with every rename logged as a ``#fs`` line; can fail renames."""

    def __init__(self, fail_rename):
        self.fail_rename = fail_rename

    def open(self, path, mode):
        if mode == "w":
            print(f"#fs open-w {path}")
        return open(path, mode)

    def rename(self, src, dst):
        if self.fail_rename:
            print(f"#fs rename-failed {src} {dst}")
            raise OSError(28)  # ENOSPC, as a full flash or a power cut would leave things
        import os

        os.rename(src, dst)
        print(f"#fs rename {src} {dst}")


CS = FakePin()


def main():
    with open(sys.argv[2]) as f:
        story = json.load(f)
    chip = FakeChip()
    clock = Clock(story.get("clock", 0) % PERIOD)
    fs = RecordingFiles(story.get("fail_rename", False))
    tags = {}

    def tag(uid):
        if uid not in tags:
            tags[uid] = FakeTag(bytes(int(uid[i : i + 2], 16) for i in range(0, len(uid), 2)))
        return tags[uid]

    fw = boot(story, chip, clock, fs)
    for step in story["steps"]:
        if "host" in step:
            fw.feed(step["host"].encode() + b"\n")
        elif "raw" in step:
            fw.feed(bytes(ord(c) for c in step["raw"]))
        elif "tap" in step:
            chip.place(tag(step["tap"]))
            fw.step()
            chip.remove(tag(step["tap"]))
        elif "place" in step:
            chip.place(tag(step["place"]))
        elif "remove" in step:
            chip.remove(tag(step["remove"]))
        elif "poll" in step:
            for _ in range(step["poll"]):
                fw.step()
        elif "wait" in step:
            clock.advance(step["wait"])
        elif "unplug" in step:
            chip.connected = False
        elif "plug" in step:
            chip.connected = True
        elif "reboot" in step:
            chip.reset()
            fw = boot(story, chip, clock, fs)
        else:
            raise ValueError(f"unknown step {step!r}")
    print(f"#end transfers={chip.transfers} frames={chip.frames}")


main()
