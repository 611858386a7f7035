"""Keys while the card reader floods the scorer (issue 22): time from a key to its commit.

Run from the repository root: ``python bench/reader_flood.py [--keys N] [--repo DIR] [--json]``.
``kaiser-scorer run --board emulator --display none`` runs in a pseudo-terminal (its
keyboard), the card reader on a second one. Each key is typed once the one before it is
stored (its screen and entries in the database, read by another connection), first with a
quiet reader, then with one that writes well-formed error and unknown-tag lines as fast as
the scorer reads them. ``--repo`` runs the scorer of another checkout (e.g. the code before
the fix) with the same keys. Figures: per key, the median and the slowest, in ms; the
flood's lines, the commits (the journal's ``rev``) and the log's bytes.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pty
import select
import sqlite3
import statistics
import sys
import threading
import time
import tty
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hardware.config import Config  # noqa: E402
from kaiser_core.cards import Seat  # noqa: E402
from kaiser_core.table import Key, Table  # noqa: E402

HAND = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK".split()  # noqa: SIM905
TERMINAL = {"UP": b"\x1b[A", "DOWN": b"\x1b[B", "RIGHT": b"\x1b[C", "LEFT": b"\x1b[D"}
TERMINAL |= {"OK": b"\r", "A": b"a", "B": b"b"}
KEY_TIMEOUT = 60.0


def screens(keys: list[str]) -> list[tuple[str, int]]:
    """After each key: the stored screen (its ui without the notice) and the entries."""
    cfg = Config()
    table = Table(cfg.rules, reader_available=True, choose_seat=lambda: Seat.N)
    table.choose(mode=cfg.entry)
    out = []
    for key in keys:
        table.press(Key.from_name(key))
        out.append((_screen(table.ui.to_json()), len(table.entries)))
    return out


def _screen(ui: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in ui.items() if not k.startswith("message")}, sort_keys=True)


def stored(db: Path) -> tuple[str, int, int]:
    """The stored screen, the current game's entries and ``rev``."""
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)) as con:
        meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
        ui = _screen(json.loads(meta["ui"])) if meta.get("ui") else ""
        game = meta.get("current") or 0
        count = con.execute("SELECT count(*) FROM entries WHERE game_id = ?", (game,)).fetchone()
        return ui, int(count[0]), int(meta.get("rev", 0))


def flood(master: int, stop: threading.Event, count: list[int]) -> None:
    """A broken reader: error and unknown-tag lines until ``stop``."""
    seq = 0
    while not stop.is_set():
        lines = []
        for _ in range(50):
            seq += 1
            if seq % 2:
                line: dict[str, Any] = {"type": "error", "code": "reader", "message": f"x {seq}"}
            else:
                line = {"type": "unknown", "uid": f"04DEADBEEF{seq % 65536:04X}", "seq": seq}
            lines.append(json.dumps(line).encode() + b"\n")
        try:
            os.write(master, b"".join(lines))
        except OSError:
            return
        count[0] += len(lines)


def run(repo: Path, keys: list[str], flooded: bool, folder: Path) -> dict[str, Any]:
    """One scorer, the keys typed one by one; the figures."""
    master, slave = os.openpty()
    tty.setraw(slave)
    port = folder / "ttyACM0"
    os.symlink(os.ttyname(slave), port)
    (folder / "config.toml").write_text(f'[reader]\nenabled = true\nport = "{port}"\n')
    db, log = folder / "kaiser.db", folder / "stderr.log"
    argv = [sys.executable, "-m", "hardware.cli", "run", "--board", "emulator", "--display"]
    argv += ["none", "--config", str(folder / "config.toml"), "--db", str(db)]
    env = {**os.environ, "XDG_STATE_HOME": str(folder), "PYTHONPATH": str(repo)}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(repo)
        err = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
        os.dup2(err, 2)
        os.execvpe(sys.executable, argv, env)
    stop, count, times = threading.Event(), [0], []
    try:
        deadline = time.monotonic() + KEY_TIMEOUT
        received = b""
        while b'"hello"' not in received:
            assert time.monotonic() < deadline, "the scorer never opened the reader"
            if select.select([master], [], [], 0.05)[0]:
                received += os.read(master, 4096)
        os.write(master, b'{"type": "hello", "fw": "1.0.0", "proto": 1, "cards": 34}\n')
        while not db.exists():
            assert time.monotonic() < deadline, "no database"
            time.sleep(0.01)
        rev0 = stored(db)[2]
        if flooded:
            threading.Thread(target=flood, args=(master, stop, count), daemon=True).start()
            while count[0] < 1000:
                time.sleep(0.01)
        for key, want in zip(keys, screens(keys), strict=True):
            start = time.perf_counter()
            os.write(fd, TERMINAL[key])
            while stored(db)[:2] != want:
                assert time.perf_counter() - start < KEY_TIMEOUT, f"{key} not stored"
                with contextlib.suppress(OSError):
                    if select.select([fd], [], [], 0.002)[0]:
                        os.read(fd, 65536)
            times.append(time.perf_counter() - start)
        stop.set()
        commits = stored(db)[2] - rev0
        os.write(fd, b"q")
        os.waitpid(pid, 0)
        pid = 0
    finally:
        stop.set()
        if pid:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        for end in (fd, master, slave):
            with contextlib.suppress(OSError):
                os.close(end)
    return {
        "flooded": flooded,
        "keys": len(keys),
        "key_median_ms": round(statistics.median(times) * 1000, 1),
        "key_max_ms": round(max(times) * 1000, 1),
        "keys_total_s": round(sum(times), 2),
        "flood_lines": count[0],
        "commits": commits,
        "log_bytes": log.stat().st_size,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--keys", type=int, default=46, help="keys to type (default 46)")
    parser.add_argument("--repo", default=str(ROOT), help="the checkout whose scorer runs")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    keys = (["UP"] + HAND * (args.keys // len(HAND) + 1))[: args.keys]
    import tempfile

    results = []
    for flooded in (False, True):
        with tempfile.TemporaryDirectory() as tmp:
            results.append(run(Path(args.repo).resolve(), keys, flooded, Path(tmp)))
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for r in results:
            name = "flooded" if r["flooded"] else "quiet  "
            print(
                f"{name}: {r['keys']} keys in {r['keys_total_s']} s (median "
                f"{r['key_median_ms']} ms, slowest {r['key_max_ms']} ms); {r['flood_lines']} "
                f"flood lines, {r['commits']} commits, {r['log_bytes']} bytes of log"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
