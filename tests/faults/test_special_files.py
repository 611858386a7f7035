"""A FIFO or a symlink where the scorer keeps a file beside its database: one line, no hang.

``kaiser.db-lock``, ``kaiser.db-damaged`` and ``kaiser.db-archive.jsonl`` are the scorer's
own files. Something else in their place (a FIFO would block an open or a read for ever, a
symlink would send the pid or the mark into another file) is refused in one line, exit 2,
and nothing is written through it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import cli, one_line, play

SUFFIXES = ["-lock", "-damaged", "-archive.jsonl"]
KEYS = "OK\nDOWN\nUP\n"


def odd_file(db: Path, suffix: str, kind: str, tmp_path: Path) -> Path | None:
    """Put a FIFO or a symlink (to a file of its own) at ``kaiser.db<suffix>``; the target."""
    path = db.with_name(db.name + suffix)
    path.unlink(missing_ok=True)  # the archive of the game played
    if kind == "fifo":
        os.mkfifo(path)
        return None
    target = tmp_path / "elsewhere" / "precious.txt"
    target.parent.mkdir()
    target.write_text("someone's file\n")
    path.symlink_to(target)
    return target


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "symlink"])
@pytest.mark.parametrize("suffix", SUFFIXES)
def test_run_refuses_a_special_file_in_one_line(tmp_path: Path, suffix: str, kind: str) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    target = odd_file(db, suffix, kind, tmp_path)
    keys = tmp_path / "keys.txt"
    keys.write_text(KEYS)
    result = cli("run", "--board", "mock", "--keys", str(keys), "--db", str(db), timeout=20)
    assert result.returncode == 2, result.err
    line = one_line(result)
    assert f"kaiser.db{suffix}: not a regular file" in line, line
    assert "ok " not in result.out
    if target is not None:
        assert target.read_text() == "someone's file\n"


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["fifo", "symlink"])
def test_recover_refuses_a_special_archive_in_one_line(tmp_path: Path, kind: str) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    odd_file(db, "-archive.jsonl", kind, tmp_path)
    result = cli("recover", "--db", str(db), timeout=20)
    assert result.returncode == 2, result.err
    assert "kaiser.db-archive.jsonl: not a regular file" in one_line(result)


@pytest.mark.slow
def test_a_special_file_is_refused_in_the_players_language(tmp_path: Path) -> None:
    from hardware.i18n.errors import known, said
    from hardware.journal import Journal
    from hardware.storage import JournalError

    db = tmp_path / "kaiser.db"
    play(db, 1)
    os.mkfifo(db.with_name("kaiser.db-damaged"))
    with pytest.raises(JournalError) as err:
        Journal(db, exclusive=True)
    line = said(known(err.value), "es")
    assert line != str(err.value) and "kaiser.db-damaged" in line, line


@pytest.mark.slow
def test_a_waiting_service_starts_again_once_the_fifo_is_moved_away(tmp_path: Path) -> None:
    from hardware.fault import database_state
    from hardware.storage import WriterLock

    db = tmp_path / "kaiser.db"
    play(db, 1)
    lock = db.with_name("kaiser.db-lock")
    lock.unlink(missing_ok=True)
    before = database_state(db)
    WriterLock(db).release()  # recover makes the lock file while the service waits
    assert database_state(db) == before  # no start again for that
    lock.unlink()
    os.mkfifo(lock)
    seen = database_state(db)
    assert database_state(db) == seen
    lock.unlink()
    lock.write_text("")
    fixed = database_state(db)
    assert fixed != seen  # the service starts again on it
    WriterLock(db).release()  # recover writes its pid there meanwhile: no start again
    assert database_state(db) == fixed
