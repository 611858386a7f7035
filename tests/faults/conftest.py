"""Helpers for the fault tests: the real command in a subprocess, real SQLite files."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hardware.resume import commit

REPO = Path(__file__).resolve().parents[2]


def cli(*args: str, stdin: bytes = b"", timeout: float = 60, **popen: Any) -> Any:
    """``kaiser-scorer ARGS`` in a subprocess; stdout and stderr as text (errors replaced)."""
    proc = subprocess.run(
        [sys.executable, "-m", "hardware.cli", *args],
        input=stdin,
        capture_output=True,
        timeout=timeout,
        cwd=REPO,
        check=False,
        **popen,
    )
    proc.out = proc.stdout.decode("utf-8", "replace")
    proc.err = proc.stderr.decode("utf-8", "replace")
    return proc


LOG_LINE = re.compile(r"^(DEBUG|INFO|WARNING) [\w.-]+: ")


def one_line(proc: Any) -> str:
    """The single error line of a refused command: no traceback (``run``'s log aside)."""
    assert "Traceback" not in proc.err, proc.err
    lines = [x for x in proc.err.splitlines() if x.strip() and not LOG_LINE.match(x)]
    assert len(lines) == 1, proc.err
    assert lines[0].startswith("kaiser-scorer: "), proc.err
    return lines[0]


def _player() -> Any:
    spec = importlib.util.spec_from_file_location("bench_player", REPO / "bench" / "player.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Player


def play(db: Path, games: int, seed: int = 3, underway: bool = True) -> None:
    """Play ``games`` whole games through Table and Journal (archived), then start another."""
    from hardware.journal import Journal
    from hardware.resume import resume
    from kaiser_core.cards import Seat
    from kaiser_core.rules import Rules
    from kaiser_core.table import Key, Screen, Table

    journal = Journal(db)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    player = _player()(seed)
    done = 0

    def press(*names: str) -> None:
        for name in names:
            commit(journal, table.press(Key.from_name(name)), table)

    while done < games:
        press(*player.chunk(table))
        if table.ui.screen is Screen.GAME_OVER:
            done += 1
    if underway:
        press("OK", "UP", *player.hand(6, 6, 8)[:12])
    journal.close()


def copy_games(db: Path, copies: int) -> None:
    """Make the history long: ``copies`` more finished games, copied with SQL (as bench does)."""
    with sqlite3.connect(db, isolation_level=None) as con:
        con.execute("BEGIN")
        first = con.execute("SELECT min(id) FROM games WHERE state = 'finished'").fetchone()[0]
        current = con.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()[0]
        for _ in range(copies):
            cur = con.execute(
                "INSERT INTO games(rules, names, state, winner, ns, ew, series) "
                "SELECT rules, names, state, winner, ns, ew, series FROM games WHERE id = ?",
                (first,),
            )
            con.execute(
                "INSERT INTO entries(game_id, seq, data) SELECT ?, seq, data FROM entries "
                "WHERE game_id = ?",
                (cur.lastrowid, first),
            )
        # the game under way stays the newest: move it to the end
        new_id = con.execute("SELECT max(id) + 1 FROM games").fetchone()[0]
        con.execute("UPDATE games SET id = ? WHERE id = ?", (new_id, current))
        con.execute("UPDATE entries SET game_id = ? WHERE game_id = ?", (new_id, current))
        con.execute("UPDATE meta SET value = ? WHERE key = 'current'", (str(new_id),))
        con.execute("COMMIT")
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()


def pages(db: Path, table: str) -> list[int]:
    """The leaf pages of a table's b-tree in key order (SQLite's dbstat)."""
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY path",
            (table,),
        )
        found = [r[0] for r in rows]
    con.close()
    return found


def spoil_page(db: Path, page: int, size: int = 1024) -> None:
    """Overwrite one page of the file with garbage (a bad SD card sector)."""
    with open(db, "r+b") as f:
        f.seek((page - 1) * size)
        f.write(os.urandom(size // 2) + b"\xff" * (size // 2))


def digest(path: Path) -> bytes:
    """The file's bytes (to check it was left untouched)."""
    return path.read_bytes()


@pytest.fixture
def shared() -> Iterator[Path]:
    """A folder outside pytest's private tmp (0700) for a command bound by file modes."""
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("needs root and setpriv to drop root's file-mode capabilities")
    folder = Path(tempfile.mkdtemp(prefix="kaiser-faults-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


class SmallDisk:
    """A tmpfs of a few KiB at ``path`` that really fills; ``resize`` gives space back."""

    def __init__(self, path: Path, kib: int) -> None:
        self.path = path
        self.kib = kib
        path.mkdir(parents=True, exist_ok=True)
        self._mount("-t", "tmpfs", "-o", f"size={kib}k,mode=0755", "tmpfs", str(path))
        self.mounted = True

    def _mount(self, *args: str) -> None:
        proc = subprocess.run(["mount", *args], capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise OSError(f"mount {' '.join(args)}: {proc.stderr.strip()}")

    def resize(self, kib: int) -> None:
        """Remount with ``kib`` KiB (more than it holds: space given back)."""
        self._mount("-o", f"remount,size={kib}k", str(self.path))
        self.kib = kib

    def free(self) -> int:
        """Bytes a file could still grow by."""
        st = os.statvfs(self.path)
        return st.f_bavail * st.f_frsize

    def unmount(self) -> None:
        """Unmount (lazily when a handle leaked); nothing the second time."""
        if not self.mounted:
            return
        self.mounted = False
        if subprocess.run(["umount", str(self.path)], check=False).returncode != 0:
            subprocess.run(["umount", "-l", str(self.path)], check=False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Any]:
    """``small_disk(kib)``: a real tmpfs of that size (root only), unmounted at the end."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a tmpfs that really fills needs root and mount(8)")
    disks: list[SmallDisk] = []

    def make(kib: int) -> SmallDisk:
        try:
            disk = SmallDisk(tmp_path / f"disk{len(disks)}", kib)
        except OSError as err:
            pytest.skip(f"no tmpfs here: {err}")
        disks.append(disk)
        return disk

    try:
        yield make
    finally:
        for disk in disks:
            disk.unmount()


def key_script(count: int, seed: int) -> list[str]:
    """At least ``count`` keys of whole chunks (hands, game overs, new games) as the bench's
    player presses them, worked out on a scratch table (about 340 keys make a game)."""
    from kaiser_core.cards import Seat
    from kaiser_core.rules import Rules
    from kaiser_core.table import Key, Table

    table = Table(Rules(), choose_seat=lambda: Seat.N)
    player = _player()(seed)
    keys: list[str] = []
    while len(keys) < count:
        for name in player.chunk(table):
            table.press(Key.from_name(name))
            keys.append(name)
    return keys


def fill(folder: Path, leave: int = 0) -> Path:
    """Fill the file system of ``folder`` with a filler file, then give back ``leave`` bytes
    (whole 4 KiB pages on a tmpfs); returns the filler (delete it for all the space back)."""
    filler = folder / "filler"
    block = b"\0" * 4096
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        with contextlib.suppress(OSError):
            while os.write(fd, block):
                pass
        size = os.fstat(fd).st_size
        os.ftruncate(fd, max(0, size - leave))
    finally:
        os.close(fd)
    return filler


def game_ends(keys: list[str], games: int) -> int:
    """The index of the key that ends game number ``games`` of a key script."""
    from kaiser_core.cards import Seat
    from kaiser_core.rules import Rules
    from kaiser_core.table import Key, Screen, Table

    table = Table(Rules(), choose_seat=lambda: Seat.N)
    ended = 0
    for index, name in enumerate(keys):
        table.press(Key.from_name(name))
        if table.ui.screen is Screen.GAME_OVER and table.game is not None and table.game.over:
            ended += 1
            if ended == games:
                return index
    raise AssertionError("the script ends no such game")


def store_keys(db: Path, keys: list[str], close: bool = True) -> Any:
    """Store ``keys`` through Table and Journal (as ``run`` does, without its threads); the
    journal (left open without ``close``)."""
    from hardware.journal import Journal
    from hardware.resume import resume
    from kaiser_core.cards import Seat
    from kaiser_core.rules import Rules
    from kaiser_core.table import Key, Table

    journal = Journal(db)
    table = Table(Rules(), choose_seat=lambda: Seat.N)
    resume(journal, table)
    for name in keys:
        commit(journal, table.press(Key.from_name(name)), table)
    if close:
        journal.close()
    return journal


def killed_after(db: Path, keys: list[str]) -> None:
    """Store ``keys`` in a process that is then killed (SIGKILL): its WAL stays as it was."""
    code = (
        "import json, os, signal, sys\n"
        "from pathlib import Path\n"
        "from tests.faults import conftest\n"
        "journal = conftest.store_keys(Path(sys.argv[1]), json.loads(sys.argv[2]), close=False)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, str(db), json.dumps(keys)], cwd=REPO, check=False
    )
    assert proc.returncode == -signal.SIGKILL, proc.returncode
