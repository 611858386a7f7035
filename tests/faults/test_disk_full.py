"""A disk that really fills (a small tmpfs), then gets space back: through the real ``run``.

A full disk is a commit that fails: the key is NOT SAVED, the script stops there, and every
key acknowledged before (``ok N KEY``) is stored. Space back, the next start goes on from
there: a database that SQLite's ``quick_check`` calls sound is never called damaged.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from hardware.storage import db_uri

from .conftest import cli, key_script


def run(db: Path, keys: list[str], folder: Path) -> object:
    script = folder / "keys.txt"
    script.write_text("\n".join(keys) + "\n")
    return cli("run", "--board", "mock", "--quiet", "--keys", str(script), "--db", str(db))


def acked(out: str) -> int:
    """The last key ``run`` printed ``ok N KEY`` for (0: none)."""
    lines = [x.split() for x in out.splitlines() if x.startswith("ok ")]
    return int(lines[-1][1]) if lines else 0


def quick_check(db: Path) -> list[str]:
    con = sqlite3.connect(db_uri(db, "ro"), uri=True)
    try:
        return [str(r[0]) for r in con.execute("PRAGMA quick_check")]
    finally:
        con.close()


def stored_done(db: Path) -> int:
    """How many keys of the script the database holds (the script's position in meta)."""
    con = sqlite3.connect(db_uri(db, "ro"), uri=True)
    try:
        row = con.execute("SELECT value FROM meta WHERE key = 'script'").fetchone()
    finally:
        con.close()
    return int(json.loads(row[0])["done"]) if row else 0


@pytest.mark.slow
@pytest.mark.parametrize("kib", [64, 100, 200])
def test_space_back_after_a_full_disk_the_game_goes_on(
    small_disk: object, tmp_path: Path, kib: int
) -> None:
    disk = small_disk(kib)  # type: ignore[operator]
    db = disk.path / "kaiser.db"
    keys = key_script(700, seed=kib)
    first = run(db, keys, tmp_path)
    assert first.returncode == 1, first.err  # the disk filled: a key was not stored
    assert "was not stored: database or disk is full" in first.err, first.err
    done = acked(first.out)
    assert 0 < done < len(keys)
    assert stored_done(db) == done  # every acknowledged key, and not the one that failed
    disk.resize(4096)  # room for the WAL too (it grows to 1 MiB before a checkpoint)
    assert quick_check(db) == ["ok"]
    again = run(db, keys, tmp_path)
    assert again.returncode == 0, again.err
    assert "damaged" not in again.err
    assert again.out.splitlines()[0] == f"ok {done + 1} {keys[done]}"  # on from there
    assert acked(again.out) == len(keys)
