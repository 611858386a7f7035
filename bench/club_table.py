"""Keys at a club table with the broker gone, against a table without ``[club]``.

Run from the repository root: ``python bench/club_table.py [--keys 600] [--json]``.
Two scorers run side by side in this process (each its own journal, luma ``dummy``
display and main loop): a plain one, and one with ``[club]`` (its club link socket and
wake sink) whose real ``kaiser-scorer publish`` process retries a broker that is not
there. Keys go to each in turn (the same key to both), so both see the same machine.

Figures (press to frame: the key posted -> stored, drawn and handed to the device):
- plain_ms, club_ms: medians; plain_p90_ms, club_p90_ms.
- club_ratio = club median / plain median.   goal <= 1.15 (the network never delays a key)
- wakes_sent: wake-ups the club scorer sent the publisher (one per stored change).
"""

from __future__ import annotations

import argparse
import json
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

HAND = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK".split()  # noqa: SIM905
GAME = ["UP", *HAND * 5, "OK"]  # five hands: EW reach 52; OK: the next game


def dead_port() -> int:
    """A local port nobody listens on (the broker is gone)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def scorer(folder: Path, club: bool, port: int) -> tuple[Any, Any, threading.Thread]:
    """A scorer with its own thread (SQLite wants its connection on one thread): the
    scorer, its board and the thread (it ends once its journal is closed)."""
    import queue

    made: queue.SimpleQueue[Any] = queue.SimpleQueue()
    thread = threading.Thread(target=_serve, args=(folder, club, port, made), daemon=True)
    thread.start()
    item = made.get(timeout=30)
    if isinstance(item, BaseException):
        raise item
    s, board = item
    return s, board, thread


def wait_for_text(path: Path, text: str, timeout: float = 60) -> None:
    """Until ``text`` is in the file at ``path`` (a process's log): a deadline, no delay."""
    end = time.monotonic() + timeout
    while not (path.exists() and text in path.read_text(errors="replace")):
        if time.monotonic() > end:
            raise RuntimeError(f"{path.name}: no {text!r} in {timeout} s")
        time.sleep(0.05)


def _serve(folder: Path, club: bool, port: int, made: Any) -> None:
    import argparse as ap

    from hardware.boards import Board, _club, make_sinks
    from hardware.config import load_config
    from hardware.journal import Journal
    from hardware.oled import Display, dummy_factory
    from hardware.scorer import Scorer
    from hardware.screens import render
    from kaiser_core.cards import Seat
    from kaiser_core.table import Table

    try:
        folder.mkdir(parents=True, exist_ok=True)
        config = folder / "config.toml"
        text = 'board = "mock"\n'
        if club:
            text += (
                f'[club]\nbroker = "127.0.0.1:{port}"\nevent = "bench"\ntable = 1\n'
                f'socket = "{folder / "w.sock"}"\n'
            )
        config.write_text(text)
        cfg = load_config(config)
        db = folder / "kaiser.db"
        journal = Journal(db, exclusive=True)
        table = Table(cfg.rules, choose_seat=lambda: Seat.N)
        board = Board("mock", dummy_factory())
        if club:
            _club(board, cfg, ap.Namespace(db=str(db)))
        board.sinks.extend(make_sinks(cfg))
        s = Scorer(table, journal, Display(board.display), render)
        s.sinks.extend(board.sinks)
        for source in board.sources:
            source.start(s)
    except BaseException as err:
        made.put(err)
        return
    made.put((s, board))
    try:
        s.run()
    finally:
        for source in board.sources:
            source.close()
        journal.close()


def press(s: Any, key: str) -> float:
    """One key to ``s``; seconds until it is stored and drawn."""
    from hardware.scorer import Event

    done = threading.Event()
    start = time.perf_counter()
    s.put(Event.key(key, done))
    if not done.wait(10):
        raise RuntimeError("a key was not handled in 10 s")
    return time.perf_counter() - start


def run(keys: int) -> dict[str, Any]:
    """Both scorers, the publisher of the club one, ``keys`` keys each."""
    port = dead_port()
    with tempfile.TemporaryDirectory(prefix="kct") as tmp:
        folder = Path(tmp)
        plain, _, plain_thread = scorer(folder / "plain", False, port)
        club, club_board, club_thread = scorer(folder / "club", True, port)
        log = open(folder / "publisher.log", "wb")  # noqa: SIM115 - kept by the process
        publisher = subprocess.Popen(
            [sys.executable, "-m", "hardware.cli", "publish", "--config",
             str(folder / "club" / "config.toml"), "--db", str(folder / "club" / "kaiser.db")],
            stdout=log, stderr=log, cwd=ROOT,
        )  # fmt: skip
        wait_for_text(folder / "publisher.log", "cannot reach the broker")  # up, retrying
        times: dict[str, list[float]] = {"plain": [], "club": []}
        script = (GAME * (keys // len(GAME) + 1))[:keys]
        for i, key in enumerate(script):
            order = [("plain", plain), ("club", club)]
            for name, s in order if i % 2 else order[::-1]:
                times[name].append(press(s, key))
        publisher.send_signal(signal.SIGTERM)
        publisher.wait(10)
        log.close()
        connected = "connected to the broker" in (folder / "publisher.log").read_text()
        for s in (plain, club):
            s.stop()
        wake = next(sink for sink in club_board.sinks)
        result = {
            "keys": keys,
            "plain_ms": statistics.median(times["plain"]) * 1000,
            "club_ms": statistics.median(times["club"]) * 1000,
            "plain_p90_ms": statistics.quantiles(times["plain"], n=10)[-1] * 1000,
            "club_p90_ms": statistics.quantiles(times["club"], n=10)[-1] * 1000,
            "wakes_sent": wake.sent,
            "broker_reached": connected,
        }
        result["club_ratio"] = result["club_ms"] / result["plain_ms"]
        for thread in (plain_thread, club_thread):  # the loops close their journals
            thread.join(30)
            if thread.is_alive():
                raise RuntimeError("a scorer's loop did not end in 30 s")
        return result


def main() -> int:
    """Print the figures (``--json``: one JSON line)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=600)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.keys)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value:.3f}" if isinstance(value, float) else f"{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
