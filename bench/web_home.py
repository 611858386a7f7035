"""The home pages (``kaiser-scorer web``) on journals of 10 and 1,000 games, in one run.

Used by bench/web.py. Each journal is made the way a damaged one is rebuilt: game records
in the archive, then ``kaiser-scorer recover`` (the scorer's own tables, entries and
digests). The app runs in a real uvicorn (h11) in this process; figures are medians of
``REPEAT`` requests, each made after the journal's ``rev`` moved (a write of the scorer:
the web's cache no longer holds, the page is made again), in wall milliseconds and in CPU
milliseconds of this process (the machine may be busy).

- home_<page>_ms_<n>: ``/``, ``/stats`` and ``/games/<id>`` on n games.
- home_<page>_ratio: the page on 1,000 games / on 10 games.                goal <= 5
- home_first_<page>_ms_1000: the first request after start (the digests read once).
- home_old_first_stats_cpu_s: the first ``/stats`` on a journal of an older version (no
  digests stored: the web works out all 1,000 itself, once).
- static_during_stats_ratio: ``/static/site.css`` fetched while three ``/stats`` run
  (rev moved, so they work) / fetched alone.                                 goal <= 5
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 7
PAGES = {"history": "/", "stats": "/stats", "game": "/games/{last}"}


def make_journal(folder: Path, records: list[dict[str, Any]]) -> Path:
    """A journal of these finished games: the archive, then ``recover`` (with digests)."""
    from hardware.archive import append, archive_path

    old = folder / "old.db"
    for number, record in enumerate(records, 1):
        append(archive_path(old), number, None, record)
    new = folder / "kaiser.db"
    done = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "recover", "--db", str(old), "--out", str(new)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stderr.strip())
    # recover keeps the teams' names only; the seats' make the statistics' players
    from hardware import archive
    from hardware.journal import Journal

    journal = Journal(new, exclusive=True)
    try:
        with journal.transaction():
            for number, record in enumerate(records, 1):
                names = json.dumps(record.get("names", {}))
                journal.db.execute("UPDATE games SET names = ? WHERE id = ?", (names, number))
            journal.db.execute("DELETE FROM digests")
        archive.backfill_digests(journal)
    finally:
        journal.close()
    return new


def bump(db: Path) -> None:
    """What a store of the scorer does to the journal's rev (the pages' cache key)."""
    with sqlite3.connect(db) as conn:
        conn.execute(
            "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'rev'"
        )


class Server:
    """``create_home_app(db)`` served by uvicorn in a thread."""

    def __init__(self, db: Path) -> None:
        import uvicorn

        sys.path.insert(0, str(ROOT / "tests" / "web"))
        from conftest import free_port

        from hardware.web.home import create_home_app

        self.port = free_port()
        config = uvicorn.Config(
            create_home_app(db),
            host="127.0.0.1",
            port=self.port,
            http="h11",
            ws="none",
            lifespan="off",
            log_level="warning",
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        while not self.server.started:
            time.sleep(0.01)

    def get(self, path: str) -> tuple[float, float]:
        """Wall and CPU milliseconds of one request (CPU: this whole process)."""
        wall, cpu = time.perf_counter(), time.process_time()
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}{path}", timeout=300) as r:
            r.read()
            assert r.status == 200, (path, r.status)
        return 1000 * (time.perf_counter() - wall), 1000 * (time.process_time() - cpu)

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


def page_figures(db: Path, count: int) -> dict[str, float]:
    """Each page's medians after a rev move, and the first requests."""
    server = Server(db)
    out: dict[str, float] = {}
    try:
        for name, path in PAGES.items():
            wall, _ = server.get(path.format(last=count))
            out[f"home_first_{name}_ms"] = round(wall, 1)
        for name, path in PAGES.items():
            walls, cpus = [], []
            for _ in range(REPEAT):
                bump(db)
                wall, cpu = server.get(path.format(last=count))
                walls.append(wall)
                cpus.append(cpu)
            out[f"home_{name}_ms"] = round(statistics.median(walls), 2)
            out[f"home_{name}_cpu_ms"] = round(statistics.median(cpus), 2)
        if count >= 1000:
            out.update(static_figures(server, db))
    finally:
        server.close()
    return out


def static_figures(server: Server, db: Path) -> dict[str, float]:
    """``site.css`` alone, then during three concurrent ``/stats`` that have work to do."""
    alone = statistics.median(server.get("/static/site.css")[0] for _ in range(REPEAT))
    during = []
    for _ in range(REPEAT):
        bump(db)
        busy = [threading.Thread(target=server.get, args=("/stats",)) for _ in range(3)]
        for b in busy:
            b.start()
        time.sleep(0.005)  # the three are in
        during.append(server.get("/static/site.css")[0])
        for b in busy:
            b.join()
    return {
        "static_alone_ms": round(alone, 2),
        "static_during_stats_ms": round(statistics.median(during), 2),
        "static_during_stats_ratio": round(statistics.median(during) / alone, 2),
    }


def old_journal_stats(db: Path) -> float:
    """CPU seconds of the first ``/stats`` on a copy of ``db`` without stored digests."""
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "kaiser.db"
        shutil.copy(db, old)
        with sqlite3.connect(old) as conn:
            conn.execute("DROP TABLE digests")
        server = Server(old)
        try:
            return server.get("/stats")[1] / 1000
        finally:
            server.close()


def home_figures(records: list[dict[str, Any]]) -> dict[str, float]:
    """The home pages' figures on the first 10 and on all of ``records`` (1,000)."""
    out: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        dbs = {}
        for count in (10, len(records)):
            folder = Path(tmp) / str(count)
            folder.mkdir()
            dbs[count] = make_journal(folder, records[:count])
            for key, value in page_figures(dbs[count], count).items():
                out[f"{key}_{count}" if key.startswith("home") else key] = value
        big = len(records)
        for name in PAGES:
            out[f"home_{name}_ratio"] = round(
                out[f"home_{name}_ms_{big}"] / out[f"home_{name}_ms_10"], 2
            )
            out[f"home_{name}_cpu_ratio"] = round(
                out[f"home_{name}_cpu_ms_{big}"] / max(out[f"home_{name}_cpu_ms_10"], 0.01), 2
            )
        out["home_old_first_stats_cpu_s"] = round(old_journal_stats(dbs[big]), 3)
    return out
