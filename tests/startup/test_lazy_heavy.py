"""``run --board mock`` keeps what the key path does not need out of its start-up.

bench/run.py's startup_ratio and rss_ratio come from these: hashlib loads OpenSSL (about
3.7 MiB of RSS), every module and every dataclass costs start-up time. Each name below
is imported only by the code that needs it (a finished game, a club, a reader, the
emulator, another command). Not a timed test: it checks ``sys.modules`` after a scripted
run that starts a game and does not finish it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

#: Loaded lazily, never by a mock run's start-up and first keys.
LAZY = [
    # OpenSSL: the journal id of a new database comes from os.urandom, not secrets
    "hashlib",
    "_hashlib",
    "hmac",
    "secrets",
    "ssl",
    # a finished game: the archive and the game record's writer
    "hardware.archive",
    "kaiser_core.record",
    "kaiser_core.record_write",
    "kaiser_core.sheet",
    "kaiser_core.stats",
    # club mode: only with a [club] table in the config
    "hardware.club.config",
    "hardware.club.link",
    "hardware.club.publisher",
    "hardware.sinks.wake",
    # the card reader, only when enabled
    "hardware.reader",
    "hardware.sources.reader",
    "serial",
    # the emulator and its terminal or window
    "hardware.emulator",
    "hardware.sources.terminal",
    "luma.emulator",
    "pygame",
    # the other commands and the faults' screens
    "hardware.web",
    "hardware.director",
    "hardware.recover",
    "hardware.salvage",
    "hardware.rebuild",
    "hardware.fault",
    "asyncio",
    "http.server",
    # PIL's file formats: screenshots only
    "PIL.PngImagePlugin",
    # the menu's lists and profiles and club mode's screens: when first opened
    "kaiser_core.table.lists",
    "kaiser_core.table.profile",
    "kaiser_core.table.club_state",
    "kaiser_core.views.club",
    "kaiser_core.table.round_over",
    "kaiser_core.table.waiting",
    "kaiser_core.rule_words",
    "hardware.screens.club",
    "hardware.screens.lists",
    "hardware.screens.question",
    "pkgutil",
]

#: Loaded by the first key of a game, never for the first frame (start-up).
AFTER_FIRST_FRAME = [
    "kaiser_core.views.contract",
    "kaiser_core.views.tricks",
    "kaiser_core.views.cards",
    "kaiser_core.views.quick",
    "kaiser_core.views.summary",
    "kaiser_core.views.game_over",
    "kaiser_core.table.contract",
    "kaiser_core.table.tricks",
    "kaiser_core.table.quick",
    "kaiser_core.table.cards",
    "kaiser_core.table.summary",
    "kaiser_core.table.game_over",
    "hardware.screens.contract",
    "hardware.screens.tricks",
    "hardware.screens.quick",
    "hardware.screens.cards",
    "hardware.screens.summary",
    "hardware.screens.game_over",
]

CODE = """
import json, sys
from hardware.cli import main
status = main(sys.argv[1:])
print(json.dumps([status, sorted(sys.modules)]))
"""


def scripted_run(tmp_path, keys: str) -> tuple[int, set[str], str]:
    script = tmp_path / "keys.txt"
    script.write_text(keys + "\n")
    argv = ["run", "--board", "mock", "--quiet", "--keys", str(script)]
    argv += ["--db", str(tmp_path / "k.db")]
    out = subprocess.run(
        [sys.executable, "-c", CODE, *argv], capture_output=True, text=True, timeout=120
    )
    status, modules = json.loads(out.stdout.strip().splitlines()[-1])
    return status, set(modules), out.stderr


def test_a_mock_run_loads_none_of_the_lazy_modules(tmp_path):
    # A new database (its journal id), a new game, a contract under way.
    status, modules, err = scripted_run(tmp_path, "OK UP")
    assert status == 0, err
    assert "kaiser_core.table" in modules and "hardware.scorer" in modules  # it did run
    assert sorted(name for name in LAZY if name in modules) == []


def test_the_new_database_still_gets_its_journal_id(tmp_path):
    import sqlite3

    status, _, err = scripted_run(tmp_path, "OK")
    assert status == 0, err
    with sqlite3.connect(tmp_path / "k.db") as db:
        (value,) = db.execute("SELECT value FROM meta WHERE key = 'journal'").fetchone()
    db.close()
    assert len(value) == 16 and int(value, 16) >= 0


def test_the_first_frame_loads_only_the_new_game_screen(tmp_path):
    status, modules, err = scripted_run(tmp_path, "# no keys")
    assert status == 0, err
    assert "kaiser_core.table.new_game" in modules and "hardware.screens.new_game" in modules
    assert sorted(name for name in [*LAZY, *AFTER_FIRST_FRAME] if name in modules) == []


def test_the_lazy_screens_load_when_used_and_the_menu_lists_every_page():
    code = """
import json, sys
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table
from hardware.screens import render
table = Table(Rules())
render(table.view())
before = "kaiser_core.table.contract" in sys.modules
table.press(Key.UP)  # a game: SCORE
render(table.view())
table.press(Key.HOLD_OK)  # the menu
render(table.view())
print(json.dumps([before, table.ui.screen.value, sorted(s.value for s in table.pages),
                  sorted(table.pages[s].screen.value for s in table.pages),
                  sorted(m for m in sys.modules if m.startswith(("kaiser_core.", "hardware.")))]))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    before, screen, _, pages, modules = json.loads(out.stdout.strip().splitlines()[-1])
    assert not before and screen == "menu"
    assert {"kaiser_core.table.contract", "kaiser_core.table.menu"} <= set(modules)
    assert {"hardware.screens.contract", "hardware.screens.lists"} <= set(modules)
    assert {"score", "menu", "list", "teach", "summary", "game-over", "profile"} <= set(pages)


def test_a_resume_on_tricks_creates_only_the_views_of_its_screens(tmp_path):
    # A game, a contract (N bids 7 spades) and three tricks: the scorer stops on TRICKS.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "table"))
    from scripts import per_trick_hand

    keys = ["OK", *per_trick_hand("N", 7, "S", ["N", "E", "S", "W"] * 2, 1, 2)[:8]]
    status, _, err = scripted_run(tmp_path, " ".join(keys))
    assert status == 0, err
    status, modules, err = scripted_run(tmp_path, "# no keys: the resumed first frame")
    assert status == 0, err
    assert "hardware.screens.tricks" in modules  # it resumed on TRICKS
    # The TRICKS page and its views, and no other screen's (not even CONTRACT's).
    assert {"kaiser_core.table.tricks", "kaiser_core.views.tricks"} <= modules
    others = ["contract", "summary", "game_over", "quick", "cards", "club"]
    assert [m for m in others if f"kaiser_core.views.{m}" in modules] == []
    assert "kaiser_core.table.contract" not in modules
