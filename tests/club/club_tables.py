"""Real tables for the club tests: ``kaiser-scorer run --board mock`` with ``[club]`` and
its ``kaiser-scorer publish``, each a process of its own."""

from __future__ import annotations

import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from club_helpers import REPO

#: One hand (TABLE.md's example): E bids 8 hearts, EW make it: NS -1, EW +11.
HAND = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK".split()  # noqa: SIM905


def keys_for(hands: int, start: str | None = "UP") -> list[str]:
    """The keys of a game's start (N deals) and ``hands`` hands."""
    return ([start] if start else []) + HAND * hands


class ClubTable:
    """Table ``n``: a config with ``[club]``, a database, a publisher process."""

    def __init__(
        self,
        folder: Path,
        n: int,
        broker_port: int,
        event: str,
        password: str,
        username: str | None = None,
    ) -> None:
        self.folder = folder
        self.n = n
        folder.mkdir(parents=True, exist_ok=True)
        self.db = folder / "kaiser.db"
        self.wake = folder / "w.sock"
        secret = folder / "password"
        secret.write_text(password + "\n")
        self.config = folder / "config.toml"
        user = username or f"table-{n}"
        self.config.write_text(
            'board = "mock"\n[club]\n'
            f'broker = "127.0.0.1:{broker_port}"\nevent = "{event}"\nname = "Tuesday"\n'
            f'table = {n}\nusername = "{user}"\npassword_file = "{secret}"\n'
            f'socket = "{self.wake}"\n'
        )
        self.publisher: subprocess.Popen[bytes] | None = None
        self.scripts = 0

    def cmd(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "hardware.cli", *args]

    def start_publisher(self) -> None:
        log = open(self.folder / "publisher.log", "ab")  # noqa: SIM115 - kept by the process
        self.publisher = subprocess.Popen(
            self.cmd("publish", "--config", str(self.config), "--db", str(self.db)),
            stdout=log,
            stderr=log,
            cwd=REPO,
        )

    def publisher_log(self) -> str:
        return (self.folder / "publisher.log").read_text(errors="replace")

    def stop_publisher(self) -> None:
        if self.publisher is not None:
            self.publisher.send_signal(signal.SIGTERM)
            self.publisher.wait(10)
            self.publisher = None

    def run(self, *extra: str, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
        """The scorer as a process (``--keys FILE`` in ``extra``, or until SIGTERM)."""
        log = open(self.folder / "scorer.log", "ab")  # noqa: SIM115 - kept by the process
        return subprocess.Popen(
            self.cmd("run", "--board", "mock", "--db", str(self.db), "--config", str(self.config))
            + list(extra),
            stdout=subprocess.PIPE,
            stderr=log,
            cwd=REPO,
            env=env,
        )

    def wait_for_round(self, number: int, timeout: float = 20) -> None:
        """Run the scorer idle until the director's round ``number`` is journaled."""
        self.wait_for_club(lambda club: club.get("latest", {}).get("round") == number, timeout)

    def wait_for_club(self, check: Any, timeout: float = 60) -> dict[str, Any]:
        """Run the scorer idle until its journaled club state passes ``check``.

        The scorer says READY=1 on a notify socket of this test (as to systemd) once its
        signal handlers are installed: only then is it stopped with SIGTERM.
        """
        notify = self.folder / "notify"
        notify.unlink(missing_ok=True)
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as listen:
            listen.bind(str(notify))
            proc = self.run(env={**os.environ, "NOTIFY_SOCKET": str(notify)})
            try:
                deadline = time.monotonic() + timeout
                self._ready(listen, proc, deadline)
                while time.monotonic() < deadline:
                    club = self.meta("club") or {}
                    club["latest"] = club.get("latest") or {}
                    if check(club):
                        return club
                    assert proc.poll() is None, "the scorer stopped"
                    time.sleep(0.1)
                raise AssertionError(f"table {self.n}: the club state did not arrive: {club}")
            finally:
                proc.send_signal(signal.SIGTERM)
                assert proc.wait(15) == 0

    def _ready(self, listen: socket.socket, proc: subprocess.Popen[bytes], end: float) -> None:
        """Until the scorer's READY=1 (its first frame drawn, its signal handlers on)."""
        while (left := end - time.monotonic()) > 0:
            assert proc.poll() is None, "the scorer stopped"
            listen.settimeout(min(left, 1.0))
            try:
                if listen.recv(4096) == b"READY=1":
                    return
            except TimeoutError:
                continue
        raise AssertionError(f"table {self.n}: the scorer did not say READY=1")

    def play(self, keys: list[str]) -> list[str]:
        """A key script to its end; the ``ok N KEY`` lines."""
        self.scripts += 1
        script = self.folder / f"keys-{self.scripts}.txt"
        script.write_text("\n".join(keys) + "\n")
        proc = self.run("--keys", str(script))
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 0, (self.folder / "scorer.log").read_text()
        return out.decode().splitlines()

    def export(self, db: Path | None = None) -> dict[str, Any]:
        result = subprocess.run(
            self.cmd("export", "--db", str(db or self.db)),
            capture_output=True,
            check=True,
            cwd=REPO,
        )
        record: dict[str, Any] = json.loads(result.stdout)
        return record

    def meta(self, key: str) -> Any:
        if not self.db.exists():
            return None
        db = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
        try:
            row = db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            return None
        finally:
            db.close()
        if row is None:
            return None
        try:
            return json.loads(row[0])
        except ValueError:
            return row[0]

    def close(self) -> None:
        if self.publisher is not None and self.publisher.poll() is None:
            self.publisher.kill()
            self.publisher.wait(5)
