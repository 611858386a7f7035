"""Hostile host lines and a huge cards.json: the taught cards survive, the boot does not crash."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from mpy_support import FIRMWARE, HERE, micropython_command

pytestmark = pytest.mark.slow

SUITS = "SHDC"
DECK = [r + s for s in SUITS for r in "AKQJT98"] + ["7D", "7C", "5H", "3S"]


def sticker(i: int) -> str:
    return f"04{0x10 + i:02X}5EA0{0x40 + i:02X}2031"


TAUGHT = json.dumps({"format": 1, "cards": {sticker(i): c for i, c in enumerate(DECK)}})


def test_lines_that_could_mean_forget_all_forget_nothing(story):
    lines = [
        '{"type": "hello", "type": "forget"}',
        '{"type": "forget", "card": null}',
        '{"type": "forget", "card": "AS", "card": null}',
        '{"type": "forget", "\\u0074ype": "forget"}',
    ]
    played = story([{"host": line} for line in lines], cards_json=TAUGHT)
    errors = played.of_type("error")
    assert [e["code"] for e in errors] == ["bad_message", "bad_card", "bad_message", "bad_message"]
    assert "duplicate key" in errors[0]["message"]
    assert len(played.table()) == 32


def test_duplicate_keys_inside_values_are_not_top_level_keys(story):
    line = json.dumps({"type": "forget", "card": "AS"})
    nested = '{"type": "hello", "x": {"type": 1, "type": 2}}'
    played = story([{"host": nested}, {"host": line}], cards_json=TAUGHT)
    assert played.of_type("error") == []
    assert len(played.table()) == 31 and "AS" not in played.table().values()


def test_a_plain_forget_still_forgets_every_card(story):
    played = story([{"host": '{"type": "forget"}'}], cards_json=TAUGHT)
    assert played.table() == {}


def test_a_huge_cards_json_boots_with_an_error_not_a_memory_error(tmp_path: Path):
    cards = {f"{i:014X}": "AS" for i in range(14200)}
    (tmp_path / "cards.json").write_text(json.dumps({"format": 1, "cards": cards}))
    assert (tmp_path / "cards.json").stat().st_size > 340_000
    env = dict(os.environ, MICROPYPATH=str(HERE), FAKE_TAGS="")
    proc = subprocess.run(
        # a Pico's heap: about 200 KB
        [*micropython_command(), "-X", "heapsize=200K", str(FIRMWARE / "main.py")],
        cwd=tmp_path,
        env=env,
        input=b'{"type": "hello"}\n',
        capture_output=True,
        timeout=20,
        check=False,
    )
    assert b"MemoryError" not in proc.stderr and b"Traceback" not in proc.stderr, proc.stderr
    messages = [json.loads(x) for x in proc.stdout.decode().splitlines() if not x.startswith("#")]
    assert messages[0]["type"] == "hello" and messages[0]["cards"] == 0
    errors = [m for m in messages if m["type"] == "error"]
    assert errors and errors[0]["code"] == "cards_file" and "too large" in errors[0]["message"]


def test_a_nul_or_trailing_data_cannot_turn_forget_one_into_forget_all(story):
    """Issue 22: MicroPython's json.loads stops at a NUL, so ``{"type": "forget"}\\0...``
    read as a bare forget (every card). A line with a NUL or anything after its object is
    refused whole, and every card stays taught."""
    lines = [
        '{"type": "forget"}\x00, "card": "AS"}\n',
        '{"type": "forget"}\x00\n',
        '{"type": "forget", "card": "KS"}\x00{"type": "forget"}\n',
        '{"type": "forget"} {"card": "AS"}\n',
        '{"type": "forget"}{}\n',
    ]
    played = story([{"raw": line} for line in lines], cards_json=TAUGHT)
    errors = played.of_type("error")
    assert [e["code"] for e in errors] == ["bad_line"] * 3 + ["bad_json"] * 2, errors
    assert all("NUL" in e["message"] for e in errors[:3]), errors
    assert len(played.table()) == 32
    after = story([{"host": '{"type": "forget", "card": "AS"}  '}], cards_json=TAUGHT)
    assert after.of_type("error") == [] and len(after.table()) == 31  # trailing spaces are fine
