"""Readers that may not write: ``export`` and the home pages show what is stored, or say not.

SQLite lets a reader that cannot write the folder read a WAL database when the ``-wal`` and
``-shm`` files are there and readable (3.22 and later), and with ``immutable=1`` when no
writer can be; else the reader may be behind, and says so in one line. Each case is made
for real: another user (``setpriv --reuid=65534``) in a folder it may read but not write, or
not read at all; a read-only bind mount of the folder (the web unit's ``ReadOnlyPaths=``);
an ext4 card image that the kernel remounts read-only after an error.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from hardware.resume import commit

from .conftest import REPO, _player, one_line, play

#: Another user: uid and gid 65534, no supplementary group.
NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
#: Run the rest of the line where FOLDER ($1) is a read-only bind mount of itself.
READ_ONLY_BIND = [
    "unshare",
    "--mount",
    "sh",
    "-c",
    'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"',
    "sh",
]
TOTALS = re.compile(
    r'<a href="/games/(\d+)">.*?</td>(?:<td[^>]*>.*?</td>){3}<td[^>]*>(-?\d+) – (-?\d+)</td>'
)


def kaiser(*args: str, prefix: Sequence[str] = ()) -> Any:
    """``kaiser-scorer ARGS`` behind ``prefix`` (another user, a mount); text out and err."""
    proc = subprocess.run(
        [*prefix, sys.executable, "-m", "hardware.cli", *args],
        capture_output=True,
        timeout=60,
        cwd=REPO,
        check=False,
        env={**os.environ, "HOME": "/nonexistent"},
    )
    proc.out = proc.stdout.decode("utf-8", "replace")
    proc.err = proc.stderr.decode("utf-8", "replace")
    return proc


def open_to_nobody(shared: Path) -> Path:
    """``shared`` made readable by others (0755), once user 65534 can run us (else skip)."""
    probe = subprocess.run(
        [*NOBODY, sys.executable, "-c", "import hardware.cli"], cwd=REPO, capture_output=True
    )
    if probe.returncode != 0:
        pytest.skip(f"user 65534 cannot run this checkout: {probe.stderr.decode()[-200:]}")
    shared.chmod(0o755)
    return shared


@pytest.fixture
def folder(shared: Path) -> Path:
    """A folder of root's that others may read (0755), where user 65534 can run us."""
    return open_to_nobody(shared)


def readable(folder: Path) -> None:
    """Every file of the database readable by others, none writable (as a 0644 umask makes)."""
    for path in folder.iterdir():
        path.chmod(0o644)


def stored(db: Path) -> dict[int, tuple[int, int]]:
    """Each game's NS and EW totals as the database holds them (the writer's own view)."""
    with contextlib.closing(sqlite3.connect(db)) as con:
        return {r[0]: (r[1], r[2]) for r in con.execute("SELECT id, ns, ew FROM games")}


def main_file_only(db: Path) -> dict[int, tuple[int, int]]:
    """The same from the main file alone, the WAL ignored (what ``immutable=1`` reads)."""
    uri = f"{db.absolute().as_uri()}?mode=ro&immutable=1"
    with contextlib.closing(sqlite3.connect(uri, uri=True)) as con:
        return {r[0]: (r[1], r[2]) for r in con.execute("SELECT id, ns, ew FROM games")}


def exported_totals(text: str) -> dict[int, tuple[int, int]]:
    """Each exported game's totals, scored as the pages score it."""
    from kaiser_core.record import score_record

    totals = [score_record(r)["totals"] for r in json.loads(text)]
    return {i: (t["NS"], t["EW"]) for i, t in enumerate(totals, 1)}


class Scorer:
    """A running scorer's journal: the writer lock held, each change stored as it is made."""

    def __init__(self, db: Path) -> None:
        from hardware.journal import Journal
        from hardware.resume import resume
        from kaiser_core.cards import Seat
        from kaiser_core.rules import Rules
        from kaiser_core.table import Table

        self.journal = Journal(db, exclusive=True)
        self.table = Table(Rules(), choose_seat=lambda: Seat.N)
        resume(self.journal, self.table)
        self.player = _player()(11)

    def press(self, name: str) -> None:
        from kaiser_core.table import Key

        commit(self.journal, self.table.press(Key.from_name(name)), self.table)

    def hand(self) -> None:
        """Play on until the current game's totals change (a hand scored)."""
        before = self.totals()
        for _ in range(20):
            for name in self.player.chunk(self.table):
                self.press(name)
            game = self.table.game
            if game is not None and game.entries and self.totals() != before:
                return
        raise AssertionError("no hand was scored")

    def totals(self) -> tuple[int, int] | None:
        from kaiser_core.cards import Team

        game = self.table.game
        return None if game is None else (game.totals[Team.NS], game.totals[Team.EW])

    def close(self) -> None:
        self.journal.close()


def two_games(db: Path) -> Scorer:
    """Game 1 finished, game 2 with a hand in the main file, and a running scorer whose next
    hand of game 2 is only in the WAL (the scorer has not checkpointed it)."""
    play(db, 1, underway=False)
    scorer = Scorer(db)
    scorer.hand()
    scorer.close()  # SQLite folds the WAL into the file on close
    scorer = Scorer(db)
    scorer.hand()
    assert (db.parent / "kaiser.db-wal").stat().st_size > 0
    assert main_file_only(db) != stored(db), "the newest hand should be in the WAL only"
    return scorer


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def web(db: Path, prefix: Sequence[str] = ()) -> Iterator[str]:
    """``kaiser-scorer web`` behind ``prefix``; yields its URL once it answers."""
    port = free_port()
    line = [sys.executable, "-m", "hardware.cli", "web", "--db", str(db)]
    proc = subprocess.Popen(
        [*prefix, *line, "--listen", f"127.0.0.1:{port}"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                err = proc.stderr.read().decode() if proc.stderr else ""
                pytest.fail(f"web exited with {proc.returncode}: {err}")
            try:
                with urllib.request.urlopen(url + "/", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "web did not answer in 30 s"
                time.sleep(0.05)
        yield url
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        proc.communicate(timeout=10)


def page(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return str(r.read().decode())
    except urllib.error.HTTPError as err:
        return str(err.read().decode())


def shown(html: str) -> dict[int, tuple[int, int]]:
    """The totals of each game on the home page's list."""
    return {int(g): (int(ns), int(ew)) for g, ns, ew in TOTALS.findall(html)}


@pytest.mark.slow
def test_a_user_who_may_not_write_the_folder_exports_and_serves_a_stopped_scorers_games(
    folder: Path,
) -> None:
    db = folder / "kaiser.db"
    two_games(db).close()
    readable(folder)
    files = sorted(p.name for p in folder.iterdir())
    assert "kaiser.db-wal" not in files  # the scorer has stopped: no writer
    export = kaiser("export", "--all", "--db", str(db), prefix=NOBODY)
    assert export.returncode == 0, export.err
    assert export.err == ""
    assert exported_totals(export.out) == stored(db)
    with web(db, NOBODY) as url:
        html = page(url + "/")
        assert shown(html) == stored(db), html
        assert "Game 2" in page(url + "/games/2")
    assert sorted(p.name for p in folder.iterdir()) == files


@pytest.mark.slow
def test_a_user_who_may_not_write_the_folder_sees_the_hand_a_running_scorer_just_stored(
    folder: Path,
) -> None:
    db = folder / "kaiser.db"
    scorer = two_games(db)
    try:
        readable(folder)  # the -wal and -shm the scorer made, readable as the file is
        export = kaiser("export", "--all", "--db", str(db), prefix=NOBODY)
        assert export.returncode == 0, export.err
        assert export.err == ""
        assert exported_totals(export.out) == stored(db)
    finally:
        scorer.close()


@pytest.mark.slow
def test_a_folder_the_user_may_not_read_is_one_line_for_every_reader(folder: Path) -> None:
    db = folder / "kaiser.db"
    play(db, 1)
    folder.chmod(0o700)
    for command in (
        ["export"],
        ["recover"],
        ["web", "--listen", "127.0.0.1:9"],
        ["run", "--board", "mock", "--keys", "/dev/null"],
    ):
        result = kaiser(*command, "--db", str(db), prefix=NOBODY)
        assert result.returncode == 2, result.err
        line = one_line(result)
        assert "permission denied" in line and str(folder) in line, line


@pytest.mark.slow
def test_changes_that_cannot_be_read_are_said_not_hidden(folder: Path) -> None:
    # A copy of the card without its -shm (backup tools leave it out), in a folder the user
    # may not write: SQLite cannot use the WAL; the main file is read, and that is said.
    db = folder / "kaiser.db"
    card = folder / "card"
    card.mkdir()
    scorer = two_games(card / "kaiser.db")
    try:
        for name in ("kaiser.db", "kaiser.db-wal", "kaiser.db-archive.jsonl"):
            shutil.copyfile(card / name, folder / name)
    finally:
        scorer.close()
    shutil.rmtree(card)
    readable(folder)
    export = kaiser("export", "--all", "--db", str(db), prefix=NOBODY)
    assert export.returncode == 0, export.err
    assert exported_totals(export.out) == main_file_only(db)
    line = one_line(export)
    assert "kaiser.db-wal" in line and "may be behind" in line, line
    with web(db, NOBODY) as url:
        html = page(url + "/")
        assert shown(html) == main_file_only(db)
        assert "may be behind" in html
    assert not (folder / "kaiser.db-shm").exists()


@pytest.mark.slow
def test_the_home_pages_through_a_read_only_mount_show_what_the_scorer_stored(
    shared: Path,
) -> None:
    # The web unit's view: ReadOnlyPaths= is a read-only bind mount of the state folder,
    # while the scorer writes through its own, writable view.
    db = shared / "kaiser.db"
    scorer = two_games(db)
    probe = subprocess.run([*READ_ONLY_BIND, str(shared), "true"], capture_output=True)
    if probe.returncode != 0:
        scorer.close()
        pytest.skip(f"no read-only bind mount here: {probe.stderr.decode().strip()}")
    try:
        with web(db, [*READ_ONLY_BIND, str(shared)]) as url:
            assert shown(page(url + "/")) == stored(db)
            scorer.hand()  # the pages follow the table as it plays on
            assert shown(page(url + "/")) == stored(db)
        export = kaiser("export", "--all", "--db", str(db), prefix=[*READ_ONLY_BIND, str(shared)])
        assert export.returncode == 0 and export.err == "", export.err
        assert exported_totals(export.out) == stored(db)
    finally:
        scorer.close()


@pytest.fixture
def card(tmp_path: Path) -> Iterator[Path]:
    """An 8 MiB ext4 card image, loop-mounted ``errors=remount-ro``: the folder on it."""
    if os.geteuid() != 0 or shutil.which("mkfs.ext4") is None:
        pytest.skip("needs root and mkfs.ext4 for a loop-mounted card image")
    image = tmp_path / "card.img"
    with image.open("wb") as f:
        f.truncate(8 << 20)
    subprocess.run(["mkfs.ext4", "-q", "-F", str(image)], check=True, capture_output=True)
    mount = tmp_path / "card"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-o", "loop,errors=remount-ro", str(image), str(mount)], capture_output=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot loop-mount a card image here: {done.stderr.decode().strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "--lazy", str(mount)], check=False)


def fail_card(mount: Path) -> None:
    """The kernel finds an error on the card: ext4 aborts its journal, remounts read-only."""
    source = subprocess.run(["findmnt", "-no", "SOURCE", str(mount)], capture_output=True)
    trigger = Path("/sys/fs/ext4") / Path(source.stdout.decode().strip()).name
    if not (trigger / "trigger_fs_error").exists():
        pytest.skip(f"this kernel has no {trigger}/trigger_fs_error")
    (trigger / "trigger_fs_error").write_text("the card fails\n")
    with pytest.raises(OSError) as refused:
        (mount / "probe").write_bytes(b"")
    assert refused.value.errno == errno.EROFS


@pytest.mark.slow
def test_a_card_the_kernel_remounts_read_only_keeps_what_was_stored_in_view(card: Path) -> None:
    from hardware.oled import Display, dummy_factory
    from hardware.scorer import NOT_SAVED, Event
    from hardware.scorer import Scorer as Loop
    from hardware.screens import render

    db = card / "kaiser.db"
    scorer = two_games(db)
    loop = Loop(scorer.table, scorer.journal, Display(dummy_factory()), render)
    expected = stored(db)  # the last hand is in the WAL: the scorer has not checkpointed
    fail_card(card)
    for name in scorer.player.chunk(scorer.table)[:3]:
        event = Event.key(name)
        loop.handle(event)
        assert event.error, "a key was stored on a read-only card"
        assert scorer.table.view().message == NOT_SAVED
    try:
        export = kaiser("export", "--all", "--db", str(db))
        assert export.returncode == 0 and export.err == "", export.err
        assert exported_totals(export.out) == expected
        with web(db) as url:
            assert shown(page(url + "/")) == expected
    finally:
        with contextlib.suppress(sqlite3.Error):
            scorer.close()
    assert stored(db) == expected


#: A reader (run as user 65534) whose read waits, each time or the first time only, for the
#: test to let a scorer change the main file: ASK says it has read, ANSWER lets it go on.
READER = """
import json, sys
from pathlib import Path
from hardware.journal import Journal
from hardware.reading import read_stored

db, ask, answer, every = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4] == "every"
calls = []

def read(journal):
    rows = journal.db.execute("SELECT id, ns, ew FROM games ORDER BY id").fetchall()
    calls.append(1)
    if every or len(calls) == 1:
        with open(ask, "w") as f:
            f.write("read\\n")
        with open(answer) as f:
            f.read()
    return rows

rows, behind = read_stored(lambda: Journal(db, read_only=True), read)
print(json.dumps({"rows": rows, "behind": behind and str(behind), "reads": len(calls)}))
"""


def heard(fifo: Path, proc: Any, deadline: float) -> None:
    """Wait for the reader's line on ``fifo`` (the reader must still be running)."""
    fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        while True:
            with contextlib.suppress(BlockingIOError):
                if os.read(fd, 64) == b"read\n":
                    return
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the reader never read"
            time.sleep(0.01)
    finally:
        os.close(fd)


@pytest.mark.slow
@pytest.mark.parametrize("every", [False, True], ids=["once", "every time"])
def test_a_scorer_that_starts_while_the_main_file_is_read_is_read_again(
    folder: Path, every: bool
) -> None:
    db = folder / "kaiser.db"
    two_games(db).close()
    readable(folder)
    ask, answer = folder / "ask", folder / "answer"
    for fifo in (ask, answer):
        os.mkfifo(fifo)
        fifo.chmod(0o666)
    mode = "every" if every else "once"
    proc = subprocess.Popen(
        [*NOBODY, sys.executable, "-c", READER, str(db), str(ask), str(answer), mode],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        for _ in range(3 if every else 1):
            heard(ask, proc, time.monotonic() + 60)
            scorer = Scorer(db)  # a scorer starts, stores a hand, stops: the file changes
            scorer.hand()
            scorer.close()
            answer.write_text("go\n")
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    read = json.loads(out)
    got = {r[0]: (r[1], r[2]) for r in read["rows"]}
    assert not (folder / "kaiser.db-wal").exists()
    if every:  # it never stopped changing: what was read, and the line that says so
        assert read["reads"] == 3 and got != stored(db)
        assert "kept changing" in read["behind"]
    else:
        assert read["reads"] == 2 and read["behind"] is None
        assert got == stored(db)
