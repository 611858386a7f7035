"""A new sink is one new file and one line of wiring (docs/ARCHITECTURE.md, "A new sink").

In a copy of the project, the demo sink "chime" is added exactly as the doc says:
``hardware/sinks/chime.py`` (a ``Threaded`` sink: it takes its time, so it has its own
thread; ``latest``: only the newest change matters) with ``make(cfg)``, and one line in
``hardware.boards.SINKS``. Then what CI runs on it: ``mypy --strict`` on both packages,
``ruff`` on the new file and the board, and the sink's own test, which plays TABLE.md's
example through the real loop and hears the totals from the facts it was handed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent.parent

CHIME = '''
"""The chime: the score, said after each hand (a demo of a sink that takes its time)."""

from __future__ import annotations

from hardware.config import Config
from hardware.sinks import Stored
from hardware.sinks.threaded import Threaded


class Chime(Threaded):
    """Says both totals after a scored hand; only the newest matters."""

    latest = True

    def __init__(self) -> None:
        super().__init__()
        self.said: list[str] = []

    def take(self, stored: Stored) -> None:
        """One line for a scored hand, from the facts (never from the table)."""
        facts = stored.facts
        if facts.hand is not None and facts.totals is not None:
            (us, them), (ns, ew) = facts.names, facts.totals
            self.said.append(f"{us} {ns}, {them} {ew}")


def make(cfg: Config) -> Chime | None:
    """Every board chimes."""
    return Chime()
'''

WIRING = '    ("hardware.sinks.chime", lambda cfg: True),  # the score, after each hand\n'

CHIME_TEST = """
import argparse
from pathlib import Path

from hardware.boards import build
from hardware.config import Config
from hardware.journal import Journal
from hardware.oled import Display
from hardware.resume import resume
from hardware.scorer import Scorer
from hardware.screens import render
from hardware.sinks.chime import Chime
from kaiser_core.cards import Seat
from kaiser_core.table import Table

KEYS = "UP OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK".split()


def test_the_chime_says_the_totals_after_the_hand(tmp_path: Path) -> None:
    board = build("mock", Config(), argparse.Namespace(db=None), keys=[])
    chime = next(sink for sink in board.sinks if isinstance(sink, Chime))
    assert Path(__file__).parent.parent.parent / "hardware" in Path(
        __import__("hardware").__file__
    ).parents
    journal = Journal(tmp_path / "kaiser.db")
    table = Table(Config().rules, choose_seat=lambda: Seat.N)
    resume(journal, table)
    scorer = Scorer(table, journal, Display(board.display), render)
    scorer.sinks.extend(board.sinks)
    for name in KEYS:
        scorer.key(name)
    scorer.call(scorer.stop)
    scorer.run()
    assert chime.idle(10) and chime.said == ["NS -1, EW 11"]
    assert chime.close(5)
    journal.close()
"""


def run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(cwd)}
    env.pop("WATCHDOG_USEC", None)
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def test_a_sink_added_as_the_doc_says_passes_what_ci_runs(tmp_path: Path) -> None:
    copy = tmp_path / "project"
    skip = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("kaiser_core", "hardware"):
        shutil.copytree(ROOT / folder, copy / folder, ignore=skip)
    shutil.copy2(ROOT / "pyproject.toml", copy / "pyproject.toml")
    if (ROOT / ".mypy_cache").is_dir():  # a warm cache: mypy checks what changed
        shutil.copytree(ROOT / ".mypy_cache", copy / ".mypy_cache")

    # 1. The new file.
    (copy / "hardware" / "sinks" / "chime.py").write_text(CHIME.lstrip())
    # 2. One line of wiring: an entry in SINKS.
    boards = copy / "hardware" / "boards.py"
    text = boards.read_text()
    head = re.search(r"^SINKS: .*= \(\n", text, re.M)
    assert head is not None, "hardware/boards.py has no SINKS list"
    boards.write_text(text[: head.end()] + WIRING + text[head.end() :])
    changed = [line for line in boards.read_text().splitlines() if line not in text.splitlines()]
    assert changed == [WIRING.rstrip("\n")]
    # Its test, where a test of it would live.
    tests = copy / "tests" / "service"
    tests.mkdir(parents=True)
    (tests / "test_chime.py").write_text(textwrap.dedent(CHIME_TEST).lstrip())

    mypy = run([sys.executable, "-m", "mypy", "--strict", "kaiser_core", "hardware"], copy)
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    lint = run([ruff, "check", "hardware/sinks/chime.py", "hardware/boards.py"], copy)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    tested = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"], copy)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "1 passed" in tested.stdout
