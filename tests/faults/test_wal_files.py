"""The ``-wal`` and ``-shm`` beside the database: a reader never leaves them, a writer checks them.

SQLite opens a WAL database's ``-wal`` and ``-shm`` read-write, and makes them (with the
main file's mode, owned by whoever opens it) for any connection that may write the folder,
a read-only one too. A reader of a file set to mode 444 made both 444, its own: the next
scorer opened them read-only and every key failed ("attempt to write a readonly
database"). Each case is made for real: another user (``setpriv --reuid=65534``), a file
mode, a folder or a FIFO in the place of a file.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from hardware.fault import READ_ONLY, message_image
from hardware.storage import beside

from .conftest import REPO, one_line, play
from .notify import Notify
from .test_read_access import NOBODY, kaiser, open_to_nobody, two_games
from .test_service_faults import finish, service, shown

pytestmark = pytest.mark.slow
UID = 65534


@pytest.fixture
def home(shared: Path) -> Path:
    """A folder of user 65534's own (0755), where that user can run this checkout."""
    os.chown(open_to_nobody(shared), UID, UID)
    return shared


def nobodys_game(folder: Path) -> Path:
    """A game under way in ``folder``/ro.db, every file of it user 65534's; a key script."""
    db = folder / "ro.db"
    play(db, 1)
    for path in folder.iterdir():
        os.chown(path, UID, UID)
    keys = folder / "one.keys"
    keys.write_text("UP\n")
    keys.chmod(0o644)
    return db


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def run_one_key(db: Path, prefix: Sequence[str] = ()) -> Any:
    keys = db.parent / "one.keys"
    return kaiser("run", "--board", "mock", "--keys", str(keys), "--db", str(db), prefix=prefix)


def ui_state(db: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(f"{db.absolute().as_uri()}?mode=ro", uri=True) as con:
        rows = con.execute("SELECT key, value FROM meta ORDER BY key").fetchall()
    con.close()
    return [(str(k), str(v)) for k, v in rows]


@pytest.mark.parametrize("writable", [True, False], ids=["own-folder", "root-folder"])
def test_an_export_of_a_read_only_file_leaves_nothing_that_stops_the_next_scorer(
    home: Path, writable: bool
) -> None:
    db = nobodys_game(home)
    db.chmod(0o444)
    if not writable:
        os.chown(home, 0, 0)  # 0755: user 65534 may read the folder, not write it
    before = names(home)
    export = kaiser("export", "--db", str(db), prefix=NOBODY)
    assert export.returncode == 0, export.err
    assert export.err == ""
    assert names(home) == before, "the reader left files beside the database"
    db.chmod(0o644)
    os.chown(home, UID, UID)
    state = ui_state(db)
    run = run_one_key(db, NOBODY)
    assert run.returncode == 0, run.err
    assert "not stored" not in run.err
    assert ui_state(db) != state, "the key was not stored"


def test_a_reader_that_may_write_the_folder_makes_no_shm_beside_a_wal_without_one(
    home: Path,
) -> None:
    # A copy of the card without its -shm (backup tools leave it out): SQLite would make
    # one, user 65534's and 444 as the file is; the reader says it may be behind instead.
    card = home / "card"
    card.mkdir()
    scorer = two_games(card / "kaiser.db")
    try:
        for name in ("kaiser.db", "kaiser.db-wal", "kaiser.db-archive.jsonl"):
            shutil.copyfile(card / name, home / name)
    finally:
        scorer.close()
    shutil.rmtree(card)
    db = home / "kaiser.db"
    for path in home.iterdir():
        os.chown(path, UID, UID)
    db.chmod(0o444)
    before = names(home)
    export = kaiser("export", "--all", "--db", str(db), prefix=NOBODY)
    assert export.returncode == 0, export.err
    assert "may be behind" in one_line(export)
    assert names(home) == before, "the reader left files beside the database"


def reader_of_another_program(db: Path, prefix: list[str]) -> None:
    """A plain SQLite reader (``mode=ro``) as ``prefix``'s user: SQLite makes the ``-wal``
    and ``-shm`` it may make, with the main file's mode, owned by that user."""
    code = (
        "import sqlite3, sys\n"
        "con = sqlite3.connect(f'file:{sys.argv[1]}?mode=ro', uri=True)\n"
        "con.execute('SELECT count(*) FROM sqlite_master').fetchone()\n"
        "con.close()\n"
    )
    subprocess.run([*prefix, sys.executable, "-c", code, str(db)], check=True, cwd=REPO)


def left_by_a_reader(db: Path) -> None:
    """``-wal`` and ``-shm`` as a reader left them in the trial: mode 444, user 65534's."""
    db.chmod(0o444)
    reader_of_another_program(db, NOBODY)
    for suffix in ("-wal", "-shm"):
        st = beside(db, suffix).stat()
        assert (stat.S_IMODE(st.st_mode), st.st_uid) == (0o444, UID), suffix
    db.chmod(0o644)


def another_users(path: Path) -> None:
    path.write_bytes(b"")
    os.chown(path, 0, 0)
    path.chmod(0o644)


FAULTS = {
    "left-444": ("-wal", left_by_a_reader),
    "wal-root": ("-wal", lambda db: another_users(beside(db, "-wal"))),
    "shm-root": ("-shm", lambda db: another_users(beside(db, "-shm"))),
    "wal-folder": ("-wal", lambda db: beside(db, "-wal").mkdir()),
    "shm-fifo": ("-shm", lambda db: os.mkfifo(beside(db, "-shm"))),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_a_wal_file_the_scorer_cannot_write_is_one_line_before_the_first_key(
    home: Path, fault: str
) -> None:
    db = nobodys_game(home)
    suffix, make = FAULTS[fault]
    make(db)
    before = db.read_bytes()
    run = run_one_key(db, NOBODY)
    assert run.returncode == 2, run.err
    line = one_line(run)
    assert str(beside(db, suffix)) in line, line
    assert "not stored" not in run.err
    assert db.read_bytes() == before


def test_a_wal_file_the_scorer_cannot_write_is_said_in_the_systems_language(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = nobodys_game(home)
    another_users(beside(db, "-wal"))
    monkeypatch.setenv("LANGUAGE", "fr")
    run = run_one_key(db, NOBODY)
    assert run.returncode == 2, run.err
    line = one_line(run)
    assert f"{beside(db, '-wal')}: l'utilisateur nobody ne peut pas l'écrire" in line, line
    assert f"chown nobody {beside(db, '-wal')} && chmod u+rw" in line, line


def test_the_service_shows_a_wal_file_it_cannot_write_and_starts_once_it_is_fixed(
    home: Path,
) -> None:
    db = nobodys_game(home)
    left_by_a_reader(db)
    shots = home / "frames"
    notify = Notify(home / "notify")
    proc = service(db, shots, notify, NOBODY)
    try:
        frame = shown(proc, shots)
        assert frame.tobytes() == message_image(READ_ONLY).tobytes()
        notify.waiting(proc)  # its wait loop turns
        for suffix in ("-wal", "-shm"):
            beside(db, suffix).chmod(0o644)  # the owner makes them writable again
        err = finish(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()
    assert proc.returncode == 0, err
    assert f"{beside(db, '-wal')}: user nobody cannot write it" in err
    assert "the database changed: starting again" in err and "Traceback" not in err


def test_root_stores_beside_another_users_read_only_wal_files(home: Path) -> None:
    db = nobodys_game(home)
    left_by_a_reader(db)
    state = ui_state(db)
    run = run_one_key(db)  # as root: file modes do not bind it
    assert run.returncode == 0, run.err
    assert ui_state(db) != state, "the key was not stored"
    export = kaiser("export", "--db", str(db), prefix=NOBODY)
    assert export.returncode == 0 and export.err == "", export.err
