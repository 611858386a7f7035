"""A reader that floods the scorer with well-formed noise while keys are pressed (issue 22).

``kaiser-scorer run --board emulator --display none`` runs in a pseudo-terminal (its
keyboard) with ``[reader] enabled = true`` on a second pseudo-terminal, where the test is a
broken Pico: it writes error and unknown-tag lines as fast as the scorer reads them while
the keys of two and a half hands are typed. What the flood may cost is counted on what the
process committed and wrote, not on a clock: the journal's ``rev`` (raised by every commit,
CLUB.md), the log's size, and ``wchar`` of ``/proc/PID/io`` (every byte it wrote).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import pty
import select
import sqlite3
import struct
import sys
import termios
import threading
import time
import tty
from pathlib import Path
from typing import Any

import pytest

from hardware.config import Config
from kaiser_core.cards import Seat
from kaiser_core.entries import entry_to_json
from kaiser_core.table import Key, Table

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux ptys and /proc"),
]
#: TABLE.md's example hand in per-trick entry (tests/club/club_tables.py).
HAND = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK".split()  # noqa: SIM905
KEYS = ["UP", *HAND, *HAND, *HAND[:11]]  # 46 keys, as in the issue
LAST = "HOLD-B"  # typed once the flood was read: an undo, stored once it is handled
TERMINAL = {"UP": b"\x1b[A", "DOWN": b"\x1b[B", "RIGHT": b"\x1b[C", "LEFT": b"\x1b[D"}
TERMINAL |= {"OK": b"\r", "A": b"a", "B": b"b", "HOLD-B": b"u"}
MIN_LINES = 20_000  # at least this many flood lines, and on until every key is stored
WAIT = 60.0


def expected(keys: list[str]) -> tuple[int, list[dict[str, Any]]]:
    """What the keys alone store on a fresh table: (commits, the game's entries)."""
    cfg = Config()
    table = Table(cfg.rules, reader_available=True, choose_seat=lambda: Seat.N)
    table.choose(mode=cfg.entry)
    commits = sum(table.press(Key.from_name(key)).stored for key in keys)
    return commits, [entry_to_json(entry) for entry in table.entries]


def journal(db: Path) -> tuple[int, list[dict[str, Any]]]:
    """The database's rev and its current game's entries, read as another process would."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as con:
        rev = int(con.execute("SELECT value FROM meta WHERE key = 'rev'").fetchone()[0])
        row = con.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
        if row is None or not row[0]:
            return rev, []
        rows = con.execute("SELECT data FROM entries WHERE game_id = ? ORDER BY seq", (row[0],))
        return rev, [json.loads(data) for (data,) in rows]


def written(pid: int) -> dict[str, int]:
    """The process's I/O counters: ``wchar`` (bytes written), ``syscw`` (write calls) ..."""
    text = Path(f"/proc/{pid}/io").read_text()
    return {k: int(v) for k, v in (line.split(": ") for line in text.splitlines())}


def wait_for(predicate: Any, what: str, timeout: float = WAIT, pump: Any = None) -> None:
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while not predicate():
        assert time.monotonic() < deadline, f"never: {what}"
        if pump is not None:
            pump()
        pause.wait(0.02)


class Pico:
    """The reader's end of its pseudo-terminal: answers the hello, then floods."""

    def __init__(self, master: int, slave: int) -> None:
        self.master, self.slave, self.received = master, slave, b""
        self.lines = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._flood, daemon=True)

    def pump(self) -> None:
        while select.select([self.master], [], [], 0)[0]:
            self.received += os.read(self.master, 4096)

    def unread(self) -> int:
        """Bytes written to the scorer's end that its reader has not read yet."""
        return struct.unpack("i", fcntl.ioctl(self.slave, termios.FIONREAD, b"\0" * 4))[0]

    def _flood(self) -> None:
        seq = 0
        while not self.stop.is_set() or self.lines < MIN_LINES:
            chunk = []
            for _ in range(50):
                seq += 1
                if seq % 2:
                    line = {"type": "error", "code": "reader", "message": f"antenna lost ({seq})"}
                else:
                    line = {"type": "unknown", "uid": f"04DEADBEEF{seq % 65536:04X}", "seq": seq}
                chunk.append(json.dumps(line).encode() + b"\n")
            os.write(self.master, b"".join(chunk))  # blocks while the scorer does not read
            self.lines += len(chunk)


def test_a_flood_of_reader_noise_is_neither_committed_nor_logged_line_by_line(
    tmp_path: Path,
) -> None:
    master, slave = os.openpty()
    tty.setraw(slave)
    port = tmp_path / "ttyACM0"
    os.symlink(os.ttyname(slave), port)
    (tmp_path / "config.toml").write_text(f'[reader]\nenabled = true\nport = "{port}"\n')
    db, log = tmp_path / "kaiser.db", tmp_path / "stderr.log"
    argv = [sys.executable, "-m", "hardware.cli", "run", "--board", "emulator"]
    argv += ["--display", "none", "--config", str(tmp_path / "config.toml"), "--db", str(db)]
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path)}
    pid, fd = pty.fork()
    if pid == 0:  # the child: keys from this terminal, its log into a file
        err = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(err, 2)
        os.execvpe(sys.executable, argv, env)
    pico = Pico(master, slave)
    status = (0, 0)
    _, entries = expected(KEYS)
    commits, last_entries = expected([*KEYS, LAST])
    try:

        def drain() -> None:
            while select.select([fd], [], [], 0)[0]:
                try:
                    os.read(fd, 4096)
                except OSError:
                    return

        wait_for(lambda: b'{"type": "hello"}' in pico.received, "the host's hello", pump=pico.pump)
        os.write(master, b'{"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 34}\n')
        wait_for(lambda: db.exists() and journal(db)[0] >= 0, "the database")
        rev0, _ = journal(db)
        io0, log0 = written(pid), log.stat().st_size
        pico.thread.start()
        wait_for(lambda: pico.lines >= 1000, "the flood under way", pump=drain)
        os.write(fd, b"".join(TERMINAL[key] for key in KEYS))  # typed in the middle of it
        wait_for(lambda: journal(db)[1] == entries, "every key stored", pump=drain)
        pico.stop.set()
        pico.thread.join(WAIT)
        wait_for(lambda: pico.unread() == 0, "the flood read to its end", pump=drain)
        os.write(fd, TERMINAL[LAST])  # after the last flood line
        wait_for(lambda: journal(db)[1] == last_entries, "the last key", pump=drain)
        rev1, _ = journal(db)
        io1, log1 = written(pid), log.stat().st_size
        os.write(fd, b"q")
        deadline = time.monotonic() + WAIT
        while (status := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < deadline:
            drain()
            select.select([fd], [], [], 0.1)
    finally:
        pico.stop.set()
        if status[0] == 0:
            os.kill(pid, 9)
            status = os.waitpid(pid, 0)
        for end in (fd, master, slave):
            with contextlib.suppress(OSError):
                os.close(end)
    lines = pico.lines
    wrote = io1["wchar"] - io0["wchar"]
    logged = log1 - log0
    print(
        f"{lines} flood lines, {len(KEYS) + 1} keys ({commits} stored): {rev1 - rev0} commits, "
        f"{wrote} bytes written ({wrote / lines:.2f} a line), {logged} bytes of log"
    )
    assert os.waitstatus_to_exitcode(status[1]) == 0, log.read_text()[-2000:]
    assert lines >= MIN_LINES
    assert rev1 - rev0 == commits, f"{rev1 - rev0} commits for {commits} keys that store"
    assert logged < 8192, log.read_text()[-2000:]  # rate-limited: a few lines, not one a line
    assert wrote < commits * 8192 + 65536, f"{wrote} bytes written for {lines} lines"
