"""The ``score`` command's benchmark: is scoring linear in the hands, in each outcome form?

Run from the repository root: ``python bench/score.py [--json] [--repeat N]``.

For each form of GAME_RECORD.md (``taken``, ``tricks``, ``plays``) it writes valid records
of 1,000 and 10,000 hands (pairs of hands that cancel out, so the game never ends) and runs
``kaiser-scorer score FILE`` (``hardware.cli.main``) on each, in CPU seconds (user +
system: the machine may be busy), the least of ``--repeat`` runs.

- <form>_1000_cpu_s, <form>_10000_cpu_s: CPU of the command's own work, reading, scoring
  and writing (``cmd_score``, measured by the child itself: start-up left out).
- <form>_ratio: CPU(10,000) / CPU(1,000), start-up subtracted that way.       goal <= 12
- <form>_vs_json_ratio: CPU of the whole ``score`` process on 10,000 hands / (CPU of a
  ``python -c`` that ``json.load``s the same file + the command's start-up on a record of
  no hands), whole processes (``RUSAGE_CHILDREN``).                            goal <= 10
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kaiser_core.bidding import Bid, Contract  # noqa: E402
from kaiser_core.cards import Seat, Suit  # noqa: E402
from kaiser_core.game import Game  # noqa: E402
from kaiser_core.hand import ByCard, Hand  # noqa: E402
from kaiser_core.record import entry_json  # noqa: E402
from kaiser_core.rules import Rules  # noqa: E402

GOALS = {"ratio": 12.0, "vs_json_ratio": 10.0}
FORMS = ("taken", "tricks", "plays")

#: Two hands that cancel out (NS and EW each fail a 7), as tricks per team and trick winners.
TAKEN = [
    {"contract": {"bidder": "N", "bid": 7}, "trump": "S", "taken": {"NS": 1, "EW": 7},
     "five_hearts": "NS", "three_spades": "NS"},
    {"contract": {"bidder": "E", "bid": 7}, "trump": "S", "taken": {"NS": 2, "EW": 6},
     "five_hearts": "NS", "three_spades": "EW"},
]  # fmt: skip
TRICKS = [
    {"contract": {"bidder": "N", "bid": 7}, "trump": "S",
     "tricks": ["N", "E", "E", "W", "E", "W", "E", "W"], "five_hearts": "N", "three_spades": "N"},
    {"contract": {"bidder": "E", "bid": 7}, "trump": "S",
     "tricks": ["N", "S", "E", "W", "E", "W", "E", "W"], "five_hearts": "S", "three_spades": "E"},
]  # fmt: skip


def played_pair(seed: int = 7) -> list[dict[str, Any]]:
    """Two hands given card by card whose scores cancel out, found among random deals."""
    rng = random.Random(seed)
    rules = Rules()
    pack = list(rules.pack)
    seen: dict[tuple[int, int], dict[str, Any]] = {}
    for _ in range(20000):
        rng.shuffle(pack)
        bidder = rng.choice([Seat.N, Seat.E])
        tricks = tuple(tuple(pack[i : i + 4]) for i in range(0, 32, 4))
        hand = Hand(Contract(bidder, Bid(7)), ByCard(tricks), Suit.S)
        game = Game(rules, Seat.N)
        delta = dict(game.push(hand).totals)
        key = tuple(delta.values())
        back = (-key[0], -key[1])
        if back in seen and not game.over:
            pair = [seen[back], entry_json(hand)]
            check = Game(rules, Seat.N)
            for _ in range(2):
                for entry in (pair[0]["_hand"], hand):
                    check.push(entry)
            if not check.over and all(v == 0 for v in check.totals.values()):
                first = {k: v for k, v in pair[0].items() if k != "_hand"}
                return [first, pair[1]]
        if not game.over:
            seen[(key[0], key[1])] = {**entry_json(hand), "_hand": hand}
    raise RuntimeError("no cancelling pair of played hands found")


#: ``kaiser-scorer score FILE`` run by ``hardware.cli.main``, printing on stderr the CPU
#: seconds of ``cmd_score`` (reading, scoring, writing): the interpreter's and the
#: command's start-up (imports, arguments, the start-up collection) left out.
CHILD = """
import sys, time
import hardware.cli, hardware.textio, kaiser_core.record, kaiser_core.record_json
score = hardware.cli.cmd_score
def timed(args):
    begun = time.process_time()
    try:
        return score(args)
    finally:
        sys.stderr.write(f"cpu {time.process_time() - begun}\\n")
hardware.cli.cmd_score = timed
sys.exit(hardware.cli.main(["score", sys.argv[1]]))
"""


def cpu_of(argv: list[str], repeat: int) -> tuple[float, float]:
    """The least child CPU (user + system) of ``repeat`` runs of ``argv``, and the least
    CPU the child itself reported after its start-up (``CHILD``; 0 for another command)."""
    best, own = float("inf"), float("inf")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        said = done.stderr.decode(errors="replace").strip()
        if done.returncode != 0:
            raise RuntimeError(f"{argv}: {said}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        best = min(best, cpu)
        own = min(own, float(said.split()[-1]) if said.startswith("cpu ") else 0.0)
    return best, own


def run(repeat: int) -> dict[str, float]:
    score = [sys.executable, "-c", CHILD]
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        empty = Path(tmp) / "empty.json"
        empty.write_text('{"hands": []}')
        startup, _ = cpu_of([*score, str(empty)], repeat)
        figures["startup_cpu_s"] = round(startup, 3)
        for form, pair in (("taken", TAKEN), ("tricks", TRICKS), ("plays", played_pair())):
            whole: dict[int, float] = {}
            own: dict[int, float] = {}
            for hands in (1000, 10000):
                path = Path(tmp) / f"{form}-{hands}.json"
                path.write_text(json.dumps({"hands": pair * (hands // 2)}))
                whole[hands], own[hands] = cpu_of([*score, str(path)], repeat)
                figures[f"{form}_{hands}_cpu_s"] = round(own[hands], 3)
            loader = f"import json; json.load(open({str(path)!r}))"
            load, _ = cpu_of([sys.executable, "-c", loader], repeat)
            figures[f"{form}_json_load_cpu_s"] = round(load, 3)
            figures[f"{form}_ratio"] = round(own[10000] / max(own[1000], 1e-3), 2)
            figures[f"{form}_vs_json_ratio"] = round(whole[10000] / (load + startup), 2)
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the least)")
    args = parser.parse_args()
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    figures = run(args.repeat)
    missed = [
        f"{form}_{goal} {figures[f'{form}_{goal}']} > {limit}"
        for form in FORMS
        for goal, limit in GOALS.items()
        if figures[f"{form}_{goal}"] > limit
    ]
    if args.json:
        print(json.dumps({"load": float(load), **figures, "missed": missed}, indent=2))
    else:
        print(f"load average {load}")
        for name, value in figures.items():
            print(f"{name:28} {value}")
        print("goals missed: " + ", ".join(missed) if missed else "every goal met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
