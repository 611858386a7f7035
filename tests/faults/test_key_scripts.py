"""Key scripts: a capped size, and an empty ``--keys`` is a mistake, not "no script"."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import cli, one_line

pytestmark = pytest.mark.slow


def test_keys_from_dev_zero_are_capped(tmp_path: Path) -> None:
    result = cli("run", "--board", "mock", "--keys", "/dev/zero", "--db", str(tmp_path / "k.db"))
    assert result.returncode == 2
    assert "must not be larger than 1 MiB" in one_line(result)


def test_an_empty_keys_argument_is_an_error(tmp_path: Path) -> None:
    result = cli("run", "--board", "mock", "--keys", "", "--db", str(tmp_path / "k.db"), timeout=20)
    assert result.returncode == 2
    assert "--keys needs a file name" in one_line(result)


def test_a_script_that_is_not_utf8_names_the_byte(tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_bytes(b"OK\n\xff\n")
    result = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(tmp_path / "k.db"))
    assert result.returncode == 2
    assert "not UTF-8" in one_line(result)


#: Characters str.splitlines() breaks a line at, besides LF: none of them ends a comment.
NOT_LINE_ENDS = ["\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


def test_only_a_real_line_end_ends_a_comment(tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    lines = [f"UP # a comment{sep}DOWN DOWN" for sep in NOT_LINE_ENDS]
    # CRLF is a real line end; LF within; key names apart by any white space, U+2028 too.
    keys.write_text("\r\n".join(lines) + "\r\nOK # the last comment\r\nRIGHT\u2028LEFT\n")
    result = cli("run", "--board", "mock", "--quiet", "--keys", str(keys), "--db",
                 str(tmp_path / "k.db"))  # fmt: skip
    assert result.returncode == 0, result.err
    pressed = [line.split()[2] for line in result.out.splitlines() if line.startswith("ok ")]
    assert pressed == ["UP"] * len(NOT_LINE_ENDS) + ["OK", "RIGHT", "LEFT"]


def test_a_mistake_names_the_line_as_an_editor_counts_it(tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_text("OK # one\u2028two\x85three\nUP\r\nNOPE\n")  # NOPE is on line 3
    result = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(tmp_path / "k.db"))
    assert result.returncode == 2
    line = one_line(result)
    assert f"{keys}:3: unknown key 'NOPE'" in line, line
