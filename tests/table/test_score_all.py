"""``export --all | score -`` (issue 27: the README reads as if score takes what export
--all prints, a JSON list of records, and score refused it): each record scored in turn."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kaiser_core.record import score_record

pytestmark = pytest.mark.slow

CMD = [sys.executable, "-m", "hardware.cli"]
#: TABLE.md's example hand.
KEYS = "UP OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK\n"


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CMD, *args], input=stdin, capture_output=True, text=True,
                          check=False, timeout=120)  # fmt: skip


def test_score_takes_what_export_all_prints(tmp_path: Path) -> None:
    keys, db = tmp_path / "keys.txt", tmp_path / "kaiser.db"
    keys.write_text(KEYS)
    assert (
        cli("run", "--board", "mock", "--quiet", "--keys", str(keys), "--db", str(db)).returncode
        == 0
    )
    exported = cli("export", "--all", "--db", str(db))
    assert exported.returncode == 0, exported.stderr
    records = json.loads(exported.stdout)
    assert isinstance(records, list) and records
    scored = cli("score", "-", stdin=exported.stdout)
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout) == [score_record(r) for r in records]


def test_a_bad_record_in_a_list_is_one_line_naming_which(tmp_path: Path) -> None:
    good = {"format": "kaiser-game/1", "rules": "standard", "first_dealer": "N", "hands": []}
    bad = {**good, "first_dealer": "X"}
    scored = cli("score", "-", stdin=json.dumps([good, bad]))
    assert scored.returncode == 2 and scored.stdout == ""
    lines = scored.stderr.strip().splitlines()
    assert len(lines) == 1 and "game 2" in lines[0] and "Traceback" not in scored.stderr, lines
