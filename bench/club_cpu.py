"""The director's own CPU per message and per flush, in this process (no broker, no HTTP).

Run from the repository root: ``python bench/club_cpu.py [--tables 240] [--hands 4]``.
bench/club.py measures the whole club on a real broker, in wall time: on a busy machine
the director is starved and its latency says more about the machine than about it. This
measures the director's own work in CPU seconds, whatever else runs: a round of
``--tables`` tables (4 players each, individual), every table's record sent after each
hand (rev 1, 2, ...), all through ``Service.message`` (check, score, keep, the standings,
the log and the kept games in SQLite), then the flush that sends the standings.

- message_cpu_ms: CPU per game message (the flushes left out).
- flush_cpu_ms: CPU of one flush that sends the whole standings (ranked, encoded).
- cpu_ms_per_change_at_4_flushes: message_cpu_ms + the flushes of one second (at most
  4, ``FLUSHES_PER_SECOND``) shared by the tables' changes of that second (one each).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "club"), str(ROOT)]

from club_games import play  # noqa: E402

from hardware.director.service import Service  # noqa: E402
from hardware.director.state import NEXT, Director  # noqa: E402
from hardware.director.store import Store  # noqa: E402
from kaiser_core.club.event import parse_event  # noqa: E402


async def measure(tables: int, hands: int, folder: Path) -> dict[str, float]:
    players = [f"Player {i:03d}" for i in range(4 * tables)]
    event = parse_event(
        {
            "event": {
                "id": "bench",
                "name": "Bench",
                "format": "individual",
                "rounds": 6,
                "hands_per_round": hands,
                "players": players,
                "pin": "1234",
            }
        }
    )
    service = Service(Director(event), Store(folder / "director.db", "bench"))
    service.act(NEXT)
    director = service.director
    rng = random.Random(1)
    messages = []
    for t, seats in director.seatings[0].tables.items():
        for rev, record in enumerate(play(rng, list(seats), hands), 1):
            body = {"event": "bench", "table": t, "round": 1, "journal": "j", "rev": rev}
            body.update(finished=False, record=record)
            messages.append((rev, f"kaiser/bench/table/{t}/round/1/game", json.dumps(body)))
    messages.sort(key=lambda m: m[0])  # hand by hand, every table
    start = time.process_time()
    for _, topic, payload in messages:
        service.message(topic, payload.encode())
    message_cpu = (time.process_time() - start) / len(messages)
    flushes = 20
    start = time.process_time()
    for _ in range(flushes):
        director._standings = None  # as after a change
        service._last_standings = b""
        service._pending.standings = True
        service._flush()
    flush_cpu = (time.process_time() - start) / flushes
    per_second = 4 * flush_cpu / tables  # 4 flushes shared by one change a table
    return {
        "tables": tables,
        "messages": len(messages),
        "message_cpu_ms": round(1000 * message_cpu, 3),
        "flush_cpu_ms": round(1000 * flush_cpu, 2),
        "cpu_ms_per_change_at_4_flushes": round(1000 * (message_cpu + per_second), 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=240)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    with tempfile.TemporaryDirectory() as tmp:
        figures = asyncio.run(measure(args.tables, args.hands, Path(tmp)))
    if args.json:
        print(json.dumps({"load": float(load), **figures}))
    else:
        print(f"load average {load}")
        for key, value in figures.items():
            print(f"{key:32} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
