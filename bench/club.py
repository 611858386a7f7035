"""The club bench: 60 tables against a real mosquitto and a real director process.

Run from the repository root: ``python bench/club.py [--tables 60] [--rounds 6]
[--hands 10] [--interval 1.0] [--json]``. 240 players (4 a table), individual; each table
stores a change (a hand, now and then an undo) at random intervals averaging ``interval``
seconds, publishing the round's record and its status after each (the test publisher).

Figures:
- latency (median, p95): a table's publish -> the director's SSE ``standings`` showing it.
  goal p95 < 1 s
- broker_latency: publish -> a plain subscriber of the same broker receiving it (the
  baseline of this run); latency_ratio = latency median / broker_latency median.
- director_cpu_percent (of one core) and director_rss_mb (peak, VmHWM).  goal RSS < 80 MB
- messages_per_hand: messages the tables published / hands played.
- changes_per_second_all_playing: the load while no table of the round has finished yet
  (about tables / interval); changes_per_second: over the whole run, round tails included.
- standings_equal: /api/standings == a re-score of every table's last record.   goal true
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "club"), str(ROOT)]

import paho.mqtt.client as mqtt  # noqa: E402
from club_games import random_hand, record, rescore  # noqa: E402
from club_helpers import Broker, Director, make_logins  # noqa: E402
from club_publisher import TablePublisher  # noqa: E402
from paho.mqtt.enums import CallbackAPIVersion  # noqa: E402

from kaiser_core.record import score_record  # noqa: E402

EVENT_ID = "bench-night"
PIN = "2468"


def proc_times(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def hwm_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Watcher(threading.Thread):
    """Reads the director's SSE stream; matches standings to the tables' pending changes."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.lock = threading.Lock()
        self.pending: dict[int, list[tuple[float, int, str, str, int, int]]] = {}
        self.latencies: list[float] = []
        self.ready = threading.Event()

    def expect(self, table: int, r: int, north: str, east: str, totals: dict[str, int]) -> None:
        with self.lock:
            self.pending.setdefault(table, []).append(
                (time.monotonic(), r, north, east, totals["NS"], totals["EW"])
            )

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        conn.request("GET", "/events")
        response = conn.getresponse()
        self.ready.set()
        kind = ""
        while True:
            line = response.readline()
            if not line:
                return
            text = line.decode().rstrip("\n")
            if text.startswith("event: "):
                kind = text[7:]
            elif text.startswith("data: ") and kind == "standings":
                now = time.monotonic()
                rows = {row["name"]: row["rounds"] for row in json.loads(text[6:])["rows"]}
                self._match(now, rows)

    def _match(self, now: float, rows: dict[str, list[Any]]) -> None:
        with self.lock:
            for waiting in self.pending.values():
                hit = -1
                for i, (_, r, north, east, ns, ew) in enumerate(waiting):
                    if rows[north][r - 1] == ns and rows[east][r - 1] == ew:
                        hit = i
                if hit >= 0:
                    self.latencies.append(now - waiting[hit][0])
                    del waiting[: hit + 1]


class Baseline:
    """A plain subscriber: publish -> receive through the same broker."""

    def __init__(self, port: int, login: tuple[str, str]) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.times: list[float] = []
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        self.client.username_pw_set(*login)
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", port)
        self.client.subscribe(f"kaiser/{EVENT_ID}/table/+/round/+/game", 1)
        self.client.loop_start()

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        body = json.loads(message.payload)
        sent = self.sent.pop((message.topic, body["rev"]), None)
        if sent is not None:
            self.times.append(time.monotonic() - sent)


def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="kaiser-club-bench-"))
    players = [f"Player {i:03d}" for i in range(4 * args.tables)]
    logins = make_logins(EVENT_ID, args.tables, folder / "logins")
    broker = Broker(folder / "broker", folder / "logins")
    with contextlib.ExitStack() as stack:  # the broker and director stop even on a failure
        broker.start()
        stack.callback(broker.stop)
        names = ", ".join(f'"{p}"' for p in players)
        event = folder / "event.toml"
        event.write_text(
            f'[event]\nid = "{EVENT_ID}"\nname = "Bench"\nrounds = {args.rounds}\n'
            f'hands_per_round = {args.hands}\nplayers = [{names}]\npin = "{PIN}"\n'
            f'[broker]\nusername = "director"\npassword = "{logins["director"]}"\n'
        )
        director = Director(folder, event, broker.port, {})
        director.start()
        stack.callback(director.stop)
        pid = director.proc.pid if director.proc else 0
        tables = {
            n: TablePublisher(broker.port, EVENT_ID, n, (f"table-{n}", logins[f"table-{n}"]))
            for n in range(1, args.tables + 1)
        }
        baseline = Baseline(broker.port, ("director", logins["director"]))
        watcher = Watcher(director.port)
        watcher.start()
        watcher.ready.wait(10)
        rng = random.Random(2026)
        games: dict[tuple[int, int], dict[str, Any]] = {}
        published = hands_played = 0
        full_changes, full_time = 0, 0.0  # while every table of the round is still playing
        wall_full = [0.0]
        cpu0, wall0 = proc_times(pid), time.monotonic()
        for r in range(1, args.rounds + 1):
            status, body = director.post("/api/rounds/next", PIN)
            assert status == 200, body
            state = {int(t): [] for t in body["tables"]}  # each table's hands so far
            seats = {int(t): s for t, s in body["tables"].items()}
            due = {t: time.monotonic() + rng.expovariate(1 / args.interval) for t in state}
            done: set[int] = set()
            started = time.monotonic()
            while len(done) < len(state):
                t = min((x for x in due if x not in done), key=due.__getitem__)
                time.sleep(max(0.0, due[t] - time.monotonic()))
                hands = state[t]
                if hands and rng.random() < 0.05:
                    hands.pop()  # an undo: a stored change too
                else:
                    hands.append(random_hand(rng))
                rec = record(seats[t], list(hands), rules=body["rules"])
                result = score_record(rec)
                finished = result["winner"] is not None  # max_hands ends it (ties play on)
                watcher.expect(t, r, seats[t][0], seats[t][1], result["totals"])
                topic = f"kaiser/{EVENT_ID}/table/{t}/round/{r}/game"
                baseline.sent[(topic, tables[t].rev + 1)] = time.monotonic()
                tables[t].game(r, rec, finished=finished)
                tables[t].status(r, len(hands), result["totals"], finished)
                published += 2
                games[(t, r)] = rec
                if not done:
                    full_changes += 1
                    full_time = time.monotonic() - started
                if finished:
                    if not done:
                        wall_full[0] += full_time
                    done.add(t)
                    hands_played += len(hands)
                due[t] = time.monotonic() + rng.expovariate(1 / args.interval)
            director.wait_for(lambda: director.get("/api/event")["seating"][-1]["ended"], 30)
        wall = time.monotonic() - wall0
        cpu = proc_times(pid) - cpu0
        seating = director.get("/api/event")["seating"]
        expected = rescore(players, args.rounds, games, seating, set(range(1, args.rounds + 1)))
        time.sleep(1.0)
        equal = director.get("/api/standings") == expected
        rss = hwm_mb(pid)
        lat = sorted(watcher.latencies)
        base = sorted(baseline.times)
        for p in tables.values():
            p.close()
        return {
            "tables": args.tables,
            "players": len(players),
            "rounds": args.rounds,
            "changes": len(lat),
            "changes_per_second": round(published / 2 / wall, 1),
            "changes_per_second_all_playing": round(full_changes / max(wall_full[0], 1e-9), 1),
            "latency_median_ms": round(1000 * statistics.median(lat), 1),
            "latency_p95_ms": round(1000 * lat[int(0.95 * (len(lat) - 1))], 1),
            "broker_latency_median_ms": round(1000 * statistics.median(base), 2),
            "latency_ratio": round(statistics.median(lat) / statistics.median(base), 1),
            "director_cpu_percent": round(100 * cpu / wall, 1),
            "director_rss_mb": round(rss, 1),
            "messages_per_hand": round(published / max(1, hands_played), 2),
            "standings_equal": equal,
            "wall_seconds": round(wall, 1),
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--interval", type=float, default=1.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = run(args)
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:28} {value}")
    ok = figures["latency_p95_ms"] < 1000 and figures["director_rss_mb"] < 80
    return 0 if ok and figures["standings_equal"] else 1


if __name__ == "__main__":
    sys.exit(main())
