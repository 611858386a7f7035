"""Key scripts: a capped size, and an empty ``--keys`` is a mistake, not "no script"."""

from __future__ import annotations

from pathlib import Path

from .conftest import cli, one_line


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
