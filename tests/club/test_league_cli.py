"""The director's command line for the league: ``--season FILE`` mistakes and a missing
``--event`` are one line and exit status 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each case starts the command

ROOT = Path(__file__).resolve().parents[2]
EVENT = '[event]\nid = "tue"\nname = "Tue"\nrounds = 1\nplayers = ["A", "B", "C", "D"]\npin = "1"\n'


def director(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hardware.cli", "director", *args],
        capture_output=True, text=True, cwd=ROOT, check=False, timeout=60,
    )  # fmt: skip


def test_season_file_mistakes_are_one_line(tmp_path: Path) -> None:
    event = tmp_path / "event.toml"
    event.write_text(EVENT, encoding="utf-8")
    good = tmp_path / "good.toml"
    good.write_text('[season]\nid = "s"\nevents = ["tue"]\n', encoding="utf-8")
    bad = {
        "points.toml": ('[season]\nid = "s"\nevents = ["tue"]\npoints = "elo"\n', "season.points"),
        "toml.toml": ("[season\n", "invalid TOML"),
        "bytes.toml": (b"\xff\xfe[season]", "not UTF-8"),
    }
    cases: list[tuple[list[str], str]] = [([str(tmp_path / "missing.toml")], "missing.toml")]
    for name, (text, words) in bad.items():
        path = tmp_path / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        cases.append(([str(path)], words))
    cases.append(([str(good), str(good)], "given twice"))
    base = ["--event", str(event), "--db", str(tmp_path / "d.db"), "--export", str(tmp_path)]
    for files, words in cases:
        args = [a for f in files for a in ("--season", f)]
        result = director(*base, *args)
        lines = result.stderr.strip().splitlines()
        assert result.returncode == 2 and len(lines) == 1, result.stderr
        assert words in lines[0] and "Traceback" not in result.stderr, (words, lines)
    result = director("--db", str(tmp_path / "d.db"))
    assert result.returncode == 2 and "--event" in result.stderr.strip()
    assert len(result.stderr.strip().splitlines()) == 1
    # The good file is kept in the database: export-site finds the season without it.
    assert director(*base, "--season", str(good)).returncode == 0
    out = tmp_path / "site"
    result = director("export-site", "--db", str(tmp_path / "d.db"), "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert (out / "seasons" / "s.html").is_file() and (out / "index.html").is_file()
