"""Every error file in tests/games/ through ``kaiser-scorer score``: exit 2 and one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hardware.cli import main

ERRORS = sorted((Path(__file__).parent.parent / "games").glob("9*.json"))


@pytest.mark.parametrize("path", ERRORS, ids=[p.stem for p in ERRORS])
def test_the_command_refuses_the_error_file_with_one_line(path: Path, tmp_path, capsys):
    case = json.loads(path.read_text(encoding="utf-8"))
    record = tmp_path / "record.json"
    record.write_text(json.dumps(case["record"]), encoding="utf-8")
    status = main(["score", str(record)])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    lines = err.splitlines()
    assert len(lines) == 1, lines
    want = case["expect_error"]
    if want["hand"] is None:
        assert "hand " not in lines[0].split(":")[1], lines[0]
    else:
        assert f"hand {want['hand']}: " in lines[0], lines[0]
