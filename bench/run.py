"""The scorer's benchmark: latency, start-up, idle CPU, memory, resume, frames and SD writes.

Run from the repository root: ``python bench/run.py [--quick] [--json] [--dir DIR]``.
Every timing is a ratio against a baseline measured in the same run (a Pi Zero 2 W is
several times slower than a desktop), so the goals hold on any machine:

- press_to_frame_ratio: mock pin edge -> luma ``dummy`` ``display()`` returned, median over
  whole hands, / (rendering the same screen + one bare durable SQLite commit).   goal <= 1.5
- startup_ratio: process start -> first frame / ``python -c "import gpiozero, luma.oled.device"``.
                                                                                goal <= 1.3
- idle_cpu_percent: CPU of the scorer idle on SCORE, % of one core.             goal <= 0.2
- rss_ratio: peak RSS after a whole game / peak RSS of the import baseline.     goal <= 1.3
- resume_ratio: start-up with 1,000 finished games / with an empty database.    goal <= 1.1
- frames_per_key: display pushes per key; for keys that change the screen (goal 1) and
  keys that do not (goal 0).
- bytes_written_per_key: bytes written to the database and its WAL per stored key
  (``write_bytes`` of /proc/self/io, pages dirtied on the file system).        goal <= 8 KiB
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CHILD = HERE / "child.py"
BASELINE = "import gpiozero, luma.oled.device"
HOLD_TIME = 0.1  # the hold time of scripted play (hardware.boards.MOCK_HOLD_TIME)
KEY_TIMEOUT = 15.0

sys.path.insert(0, str(HERE))
from player import HOLDS, Player  # noqa: E402


def _load_display_bench() -> Any:
    """bench/display.py by its path (under pytest, ``display`` is the tests' package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("kaiser_bench_display", HERE / "display.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


display_bench = _load_display_bench()

#: The stages of one key, from the pin's edge to the frame (medians in details.segments_ms).
SEGMENTS = (
    ("edge>callback", "edge", "callback"),  # gpiozero: pin edge to Buttons' on_key
    ("callback>handle", "callback", "handle"),  # the queue: key thread to main loop
    ("press", "handle", "store"),  # Table.press
    ("store", "store", "stored"),  # Journal.store: one durable transaction
    ("view", "stored", "render"),  # Table.view
    ("render", "render", "rendered"),  # screens.render
    ("show", "rendered", "display"),  # Display.show: compare, convert
    ("display", "display", "shown"),  # the luma device
)
GOALS: dict[str, tuple[str, float]] = {
    "press_to_frame_ratio": ("<=", 1.5),
    "startup_ratio": ("<=", 1.3),
    "idle_cpu_percent": ("<=", 0.2),
    "rss_ratio": ("<=", 1.3),
    "resume_ratio": ("<=", 1.1),
    "frames_per_changing_key": ("==", 1.0),
    "frames_per_still_key": ("==", 0.0),
    "bytes_written_per_key": ("<=", 8192.0),
    **display_bench.GOALS,
}


# -- helpers --------------------------------------------------------------------------------
def proc_io(path: str = "/proc/self/io") -> dict[str, int]:
    """The fields of a /proc io file (empty where the kernel does not keep them)."""
    try:
        text = Path(path).read_text()
    except OSError:
        return {}
    return {k: int(v) for k, v in (line.split(":") for line in text.splitlines())}


def cpu_ns(pid: int) -> int:
    """CPU time of every live thread of ``pid`` in nanoseconds (schedstat, else stat ticks)."""
    total = 0
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            total += int((task / "schedstat").read_text().split()[0])
        return total
    except (OSError, ValueError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def switches(pid: int) -> int:
    """Context switches of every live thread of ``pid`` (each wake-up is at least one)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def cpu_name() -> str:
    """The CPU's model name from /proc/cpuinfo."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "Model")):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def median(values: list[float]) -> float:
    """The median, or 0 for no values."""
    return statistics.median(values) if values else 0.0


def durable_db(path: Path) -> sqlite3.Connection:
    """A bare database like the journal's: WAL, synchronous=FULL, autocommit."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)")
    return db


def commit_one(db: sqlite3.Connection) -> None:
    """One durable commit of one small row."""
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO t(v) VALUES(?)", ('{"screen":"score"}',))
    db.execute("COMMIT")


# -- press to frame, frames per key, bytes per key (in this process) ---------------------------
def press_run(
    folder: Path,
    min_keys: int,
    seed: int,
    factory: Any = None,
    commit: Any = None,
    sinks: Sequence[Any] = (),
) -> dict[str, Any]:
    """Whole hands through mock pins, Buttons, Scorer, Journal, render and the dummy device
    (and ``sinks`` after each stored change, as a board's: bench/voice.py's voice)."""
    from gpiozero.pins.mock import MockFactory

    from hardware.buttons import HOLDABLE, Buttons
    from hardware.config import Config
    from hardware.journal import Journal
    from hardware.oled import Display, dummy_factory
    from hardware.resume import resume
    from hardware.scorer import Event, Scorer
    from hardware.screens import render
    from kaiser_core.cards import Seat
    from kaiser_core.table import Screen, Table

    cfg = Config()
    journal = Journal(folder / "press.db")
    table = Table(cfg.rules, names=cfg.names, choose_seat=lambda: Seat.N)
    resume(journal, table)
    last: dict[str, Any] = {}
    mark: dict[str, float] = {}  # when each stage of the current key began and ended

    def drawn(view: Any) -> Any:
        image = render(view)
        last.update(view=view, data=image.tobytes())
        return image

    display = Display(factory or dummy_factory())  # bench/display.py: the real driver path
    scorer = Scorer(table, journal, display, drawn)
    for sink in sinks:  # as runner.serve attaches a board's sinks
        scorer.sinks.append(sink)
        if hasattr(sink, "report_to"):
            sink.report_to(scorer.post)
    shown: list[float] = []
    device_display = display.device.display

    def timed_display(image: Any) -> None:
        mark["display"] = time.perf_counter()
        device_display(image)
        shown.append(time.perf_counter())

    display.device.display = timed_display  # the luma device: the end of our code
    scorer.trace = mark.__setitem__  # the scorer's stages: handle, store, stored, render ...
    current: dict[str, Any] = {}

    def on_key(name: str) -> None:
        mark["callback"] = time.perf_counter()
        current["seen"] = name
        scorer.put(Event.key(name, current["done"]))

    buttons = Buttons(cfg.pins, on_key, hold_time=HOLD_TIME, pin_factory=MockFactory())
    keys: list[str] = []
    latencies: list[float] = []
    floor_db = durable_db(folder / "floor.db")
    floor_render: list[float] = []
    floor_commit: list[float] = []
    frames: dict[bool, list[int]] = {True: [], False: []}
    segments: dict[str, list[float]] = {stage: [] for stage, _, _ in SEGMENTS}
    failure: list[BaseException] = []

    def press(name: str) -> None:
        pin = buttons.pin(name.removeprefix("HOLD-"))
        done = threading.Event()
        current.update(done=done, seen=None)
        before, pushed, n_shown = last["data"], display.frames, len(shown)
        mark.clear()
        t0 = None
        if name in HOLDS:
            pin.drive_low()
            ok = done.wait(KEY_TIMEOUT)
            pin.drive_high()
        elif name in HOLDABLE:  # OK, A, B act on release
            pin.drive_low()
            t0 = time.perf_counter()
            pin.drive_high()
            ok = done.wait(KEY_TIMEOUT)
        else:  # directions act on press
            t0 = time.perf_counter()
            pin.drive_low()
            ok = done.wait(KEY_TIMEOUT)
            pin.drive_high()
        if not ok or current["seen"] != name:
            raise RuntimeError(f"key {len(keys) + 1} ({name}) was not taken by the buttons")
        keys.append(name)
        pushed = display.frames - pushed
        frames[last["data"] != before].append(pushed)
        if t0 is not None and pushed:
            latencies.append(shown[n_shown] - t0)
            mark["edge"], mark["shown"] = t0, shown[n_shown]
            for stage, start, end in SEGMENTS:
                if start in mark and end in mark:
                    segments[stage].append(mark[end] - mark[start])
            # The floor, right after, on the same disk: this screen alone, one bare commit.
            t = time.perf_counter()
            render(last["view"])
            t1 = time.perf_counter()
            (commit or commit_one)(floor_db)  # bench/display.py: + luma's display of the frame
            floor_render.append(t1 - t)
            floor_commit.append(time.perf_counter() - t1)

    def drive() -> None:
        try:
            player = Player(seed)
            while len(keys) < min_keys or table.ui.screen is not Screen.SCORE:
                for name in player.chunk(table):
                    press(name)
        except BaseException as err:
            failure.append(err)
        finally:
            scorer.stop()

    scorer.refresh()  # the first frame, before the first key
    # The main thread runs the scorer and writes the journal (the key thread writes the floor).
    me = f"/proc/self/task/{threading.get_native_id()}/io"
    io0 = proc_io(me)
    thread = threading.Thread(target=drive, name="bench-keys", daemon=True)
    thread.start()
    scorer.run()
    thread.join(KEY_TIMEOUT)
    io1 = proc_io(me)
    buttons.close()
    journal.close()
    io2 = proc_io(me)
    floor_db.close()
    if failure:
        raise failure[0]

    floor = [r + c for r, c in zip(floor_render, floor_commit, strict=True)]
    written = io1.get("write_bytes", 0) - io0.get("write_bytes", 0)
    wchar = io1.get("wchar", 0) - io0.get("wchar", 0)
    all_frames = frames[True] + frames[False]
    return {
        "keys": len(keys),
        "stored_keys": scorer.changes_stored,
        "latency_samples": len(latencies),
        "press_to_frame_s": median(latencies),
        "press_to_frame_p90_s": statistics.quantiles(latencies, n=10)[-1]
        if len(latencies) > 1
        else median(latencies),
        "floor_s": median(floor),
        "floor_render_s": median(floor_render),
        "floor_commit_s": median(floor_commit),
        "segments_ms": {k: round(median(v) * 1000, 4) for k, v in segments.items()},
        "frames_per_key": sum(all_frames) / len(all_frames),
        "frames_per_changing_key": sum(frames[True]) / max(1, len(frames[True])),
        "frames_per_still_key": sum(frames[False]) / max(1, len(frames[False])),
        "changing_keys": len(frames[True]),
        "still_keys": len(frames[False]),
        "write_bytes_per_key": written / max(1, scorer.changes_stored),
        "wchar_per_key": wchar / max(1, scorer.changes_stored),
        "close_write_bytes": io2.get("write_bytes", 0) - io1.get("write_bytes", 0),
    }


# -- databases for start-up, resume, idle and memory -------------------------------------------
def play_in_process(db: Path, seed: int, until: Callable[[Any], bool]) -> list[str]:
    """Press the player's keys straight into a Table and its Journal until ``until(table)``."""
    from hardware.config import Config
    from hardware.journal import Journal
    from hardware.resume import commit, resume
    from kaiser_core.cards import Seat
    from kaiser_core.table import Key, Table

    cfg = Config()
    journal = Journal(db)
    table = Table(cfg.rules, names=cfg.names, choose_seat=lambda: Seat.N)
    resume(journal, table)
    player = Player(seed)
    keys: list[str] = []
    while not until(table):
        for name in player.chunk(table):
            commit(journal, table.press(Key.from_name(name)), table)
            keys.append(name)
    journal.close()
    return keys


def build_history(db: Path, games: int, seed: int) -> list[str]:
    """``games`` finished games (one played, the rest copied with SQL), then a game under way.

    Returns the keys of the played game (a whole game, for the memory run).
    """
    from hardware.journal import Journal
    from hardware.resume import commit, resume
    from kaiser_core.cards import Seat
    from kaiser_core.table import Key, Screen, Table

    keys = play_in_process(db, seed, lambda t: t.ui.screen is Screen.GAME_OVER)
    with sqlite3.connect(db, isolation_level=None) as con:
        con.execute("BEGIN")
        (first,) = con.execute("SELECT max(id) FROM games").fetchone()
        for _ in range(games - 1):
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
        con.execute("COMMIT")
    con.close()
    journal = Journal(db)
    table = Table(journal.current_game().rules, choose_seat=lambda: Seat.N)  # type: ignore[union-attr]
    resume(journal, table)
    player = Player(seed + 1)
    for name in ["OK", "UP", *player.hand(6, 6, 8)[:12]]:  # a new game, a hand under way
        commit(journal, table.press(Key.from_name(name)), table)
    journal.close()
    return [*keys, "OK"]


# -- subprocess measures -----------------------------------------------------------------------
def child_env(folder: Path) -> dict[str, str]:
    """The environment of the subprocesses: bytecode cached, as in an installed scorer.

    pip compiles an installed package's modules; a checkout run with
    PYTHONDONTWRITEBYTECODE would compile the scorer's own modules on every start while the
    libraries load compiled, which is not what a Pi does. So every child caches its bytecode
    in one folder of this run (the first, dropped, round fills it).
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    return env


def run_child(argv: list[str], marker: bytes | None, env: dict[str, str]) -> float:
    """Seconds from spawn to ``marker`` on stdout, or to the exit when ``marker`` is None."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    assert proc.stdout is not None
    line = proc.stdout.readline() if marker is not None else b""
    elapsed = time.perf_counter() - start
    proc.stdout.read()
    if proc.wait() != 0 or line.strip() != (marker or b""):
        raise RuntimeError(f"{' '.join(argv[:4])}: exit {proc.returncode}, said {line!r}")
    if marker is None:
        elapsed = time.perf_counter() - start
    return elapsed


def startup_runs(folder: Path, empty: Path, history: Path, reps: int) -> dict[str, Any]:
    """Interleaved: the import baseline, the scorer on an empty db, the scorer on the history."""
    keys = folder / "no-keys.txt"
    keys.write_text("# no keys: the first frame is all\n")
    scorer = [
        sys.executable,
        str(CHILD),
        "first-frame",
        "run",
        "--board",
        "mock",
        "--quiet",
        "--keys",
        str(keys),
        "--db",
    ]
    env = child_env(folder)
    base: list[float] = []
    small: list[float] = []
    big: list[float] = []
    for rep in range(reps + 1):  # the first round warms the page cache and is dropped
        b = run_child([sys.executable, "-c", BASELINE], None, env)
        s = run_child([*scorer, str(empty)], b"frame", env)
        h = run_child([*scorer, str(history)], b"frame", env)
        if rep:
            base.append(b)
            small.append(s)
            big.append(h)
    # Ratios are taken round by round (the three runs of a round are seconds apart, so a
    # busy machine slows them alike), then the median of the rounds.
    return {
        "baseline_import_s": median(base),
        "first_frame_empty_s": median(small),
        "first_frame_history_s": median(big),
        "startup_ratio": median([s / b for s, b in zip(small, base, strict=True)]),
        "resume_ratio": median([h / s for h, s in zip(big, small, strict=True)]),
    }


def peak_kib(argv: list[str], env: dict[str, str]) -> int:
    """The peak RSS (VmHWM, KiB) of ``bench/child.py peak ARGV...``."""
    result = subprocess.run(
        [sys.executable, str(CHILD), "peak", *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    lines = result.stdout.split()
    if result.returncode != 0 or "peak" not in lines:
        raise RuntimeError(f"peak {' '.join(argv[:3])}: {result.stderr.strip()[-300:]}")
    return int(lines[lines.index("peak") + 1])


def rss_run(folder: Path, keys: list[str]) -> dict[str, Any]:
    """Peak RSS of ``kaiser-scorer run --board mock`` playing ``keys`` (a whole game), and of
    the baseline's imports, each measured inside the process."""
    script = folder / "game.txt"
    script.write_text(" ".join(keys) + "\n")
    env = child_env(folder)
    argv = ["run", "--board", "mock", "--quiet", "--keys", str(script), "--db"]
    # A first game, dropped, compiles what a game imports after its first frame (the
    # archive, the record's writer) into the children's bytecode cache, as pip does for an
    # installed scorer: the peak is the scorer's, not the compiler's.
    peak_kib([*argv, str(folder / "rss-warm.db")], env)
    start = time.perf_counter()
    game = peak_kib([*argv, str(folder / "rss.db")], env)
    elapsed = time.perf_counter() - start
    base = median([float(peak_kib(["import"], env)) for _ in range(3)])
    return {
        "game_keys": len(keys),
        "game_s": elapsed,
        "game_rss_kib": game,
        "baseline_rss_kib": base,
    }


def idle_run(db: Path, seconds: float) -> dict[str, Any]:
    """CPU of the idle scorer on the SCORE screen, as a % of one core."""
    proc = subprocess.Popen(
        [sys.executable, str(CHILD), "idle", str(db)],
        cwd=ROOT,
        env=child_env(db.parent),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    try:
        ready = proc.stdout.readline().split()
        if ready[:1] != ["ready"]:
            raise RuntimeError(f"idle scorer did not start: {ready}")
        settle = threading.Event()
        settle.wait(min(1.0, seconds / 5))
        c0, w0, t0 = cpu_ns(proc.pid), switches(proc.pid), time.monotonic()
        settle.wait(seconds)
        c1, w1, t1 = cpu_ns(proc.pid), switches(proc.pid), time.monotonic()
        threads = len(list(Path(f"/proc/{proc.pid}/task").iterdir()))
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    return {
        "idle_screen": ready[1],
        "idle_seconds": t1 - t0,
        "idle_cpu_percent": 100 * (c1 - c0) / 1e9 / (t1 - t0),
        "idle_wakeups_per_s": (w1 - w0) / (t1 - t0),
        "idle_threads": threads,
    }


# -- the report --------------------------------------------------------------------------------
def measure(folder: Path, quick: bool, seed: int) -> dict[str, Any]:
    """Every measure; the ratios at the top level, the raw figures under ``details``."""
    from kaiser_core.table import Screen

    details: dict[str, Any] = {
        "cpu": cpu_name(),
        "python": platform.python_version(),
        "quick": quick,
    }
    t = time.perf_counter()
    # press to frame through the real driver path: the SSD1306 on luma's i2c, fake bus
    details |= display_bench.press_to_frame(folder, 60 if quick else 500, seed, press_run)
    shown = display_bench.measure(quick, seed)
    details |= shown.pop("details")
    empty = folder / "empty.db"
    from hardware.journal import Journal

    Journal(empty).close()
    history = folder / "history.db"
    games = 50 if quick else 1000
    game_keys = build_history(history, games, seed)
    details["history_games"] = games
    details |= startup_runs(folder, empty, history, 2 if quick else 11)
    details |= rss_run(folder, game_keys)
    idle_db = folder / "idle.db"
    play_in_process(idle_db, seed, lambda t: t.ui.screen is Screen.SCORE)
    details |= idle_run(idle_db, 3.0 if quick else 30.0)
    details["bench_seconds"] = time.perf_counter() - t
    return {
        "press_to_frame_ratio": details["press_to_frame_s"] / details["floor_s"],
        "startup_ratio": details.pop("startup_ratio"),
        "idle_cpu_percent": details["idle_cpu_percent"],
        "rss_ratio": details["game_rss_kib"] / details["baseline_rss_kib"],
        "resume_ratio": details.pop("resume_ratio"),
        "frames_per_key": details["frames_per_key"],
        "frames_per_changing_key": details["frames_per_changing_key"],
        "frames_per_still_key": details["frames_per_still_key"],
        "bytes_written_per_key": details["write_bytes_per_key"] or details["wchar_per_key"],
        **shown,
        "details": details,
    }


def table_text(result: dict[str, Any]) -> str:
    """The human table: each figure, its goal, whether it is met, and what it is made of."""
    d = result["details"]
    ms = 1000.0
    notes = {
        "press_to_frame_ratio": f"{d['press_to_frame_s'] * ms:.2f} ms / floor "
        f"{d['floor_s'] * ms:.2f} ms (render {d['floor_render_s'] * ms:.2f} + commit "
        f"{d['floor_commit_s'] * ms:.2f} + luma display {d['floor_display_s'] * ms:.2f}), "
        f"n={d['latency_samples']}",
        "startup_ratio": f"{d['first_frame_empty_s'] * ms:.0f} ms / import "
        f"{d['baseline_import_s'] * ms:.0f} ms",
        "idle_cpu_percent": f"{d['idle_seconds']:.0f} s on {d['idle_screen']}, "
        f"{d['idle_wakeups_per_s']:.0f} wake-ups/s, {d['idle_threads']} threads",
        "rss_ratio": f"{d['game_rss_kib'] / 1024:.1f} MiB / {d['baseline_rss_kib'] / 1024:.1f} MiB",
        "resume_ratio": f"{d['first_frame_history_s'] * ms:.0f} ms with {d['history_games']} "
        f"games / {d['first_frame_empty_s'] * ms:.0f} ms",
        "frames_per_key": f"{d['keys']} keys",
        "frames_per_changing_key": f"{d['changing_keys']} keys",
        "frames_per_still_key": f"{d['still_keys']} keys",
        "bytes_written_per_key": f"{d['stored_keys']} stored keys; write() calls "
        f"{d['wchar_per_key']:.0f} B/key",
        **display_bench.notes(d),
    }
    lines = [f"{'measure':<24} {'value':>10}  {'goal':<9} {'':4} how", "-" * 100]
    for name, note in notes.items():
        value = result[name]
        goal = GOALS.get(name)
        if goal is None:
            verdict, goal_text = "", ""
        else:
            op, limit = goal
            met = value <= limit + 1e-9 if op == "<=" else abs(value - limit) < 1e-9
            verdict, goal_text = ("ok" if met else "MISS"), f"{op} {limit:g}"
        lines.append(f"{name:<24} {value:>10.3f}  {goal_text:<9} {verdict:4} {note}")
    lines.append("")
    stages = ", ".join(f"{k} {v:.3f}" for k, v in d["segments_ms"].items())
    lines.append(f"press to frame, ms per stage (medians): {stages}")
    lines.append(f"press to frame p90: {d['press_to_frame_p90_s'] * ms:.2f} ms")
    lines.append(
        f"{d['cpu']}, Python {d['python']}, {d['bench_seconds']:.0f} s"
        + (" (quick)" if d["quick"] else "")
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the table, or one JSON object with ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: few keys, 3 s idle")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--dir",
        help="work in this folder (default: a new temporary one); "
        "put it on the file system the database will live on",
    )
    parser.add_argument("--seed", type=int, default=6, help="the player's seed")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kaiser-bench-", dir=args.dir) as tmp:
        result = measure(Path(tmp), args.quick, args.seed)
    print(json.dumps(result, indent=2) if args.json else table_text(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
