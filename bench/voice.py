"""The voice on the key path: press to frame with the table speaking, what the sink does on
the main thread, and the speaker's queue under a flood of hands.

Run from the repository root: ``python bench/voice.py [--quick] [--json] [--dir DIR]``.
The voice is the real one (``hardware.sinks.voice.VoiceSink`` over ``hardware.speech``):
espeak-ng writes every utterance (``say`` = every topic) to a folder while the keys are
pressed, so its CPU competes with the key path as it would on the Pi.

- voice_press_to_frame_ratio: bench/run.py's press_to_frame_ratio, measured the same way
  (mock pin edge -> frame through the project's SSD1306 on luma's i2c over the fake bus /
  render + one durable commit + luma's stock display of the frame: bench/display.py's
  ``press_to_frame``) with the voice sink attached.
                                                                                goal <= 1.5
- voice_key_path_speech_calls: calls into speech work (``hardware.speech.engine``,
  ``subprocess``, the catalogs' translation) made on the main thread while the sink's
  ``stored`` runs, found by a profile hook around every call of it (the stage trace).
                                                                                goal == 0
- voice_queue_most: the longest the speaker's queue has been while a whole game's
  stored changes are handed to the sink 200 times over, as fast as the loop can.
                                                                                goal <= 8
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for path in (str(HERE), str(ROOT)):
    if path not in sys.path:
        sys.path.insert(0, path)

GOALS = {
    "voice_press_to_frame_ratio": ("<=", 1.5),
    "voice_key_path_speech_calls": ("==", 0.0),
    "voice_queue_most": ("<=", 8.0),
}
#: Modules whose code is speech work: none of it may run on the key path.
SPEECH_WORK = (
    "hardware.speech.engine.",
    "hardware.speech.speaker.words_in",
    "subprocess.",
    "gettext.",
    "wave.",
    "hardware.i18n.localize",
    "hardware.i18n._translate",
)


class Traced:
    """The voice sink, its ``stored`` timed, its calls on the main thread profiled."""

    def __init__(self, sink: Any, *, profile: bool) -> None:
        self.sink = sink
        self.profile = profile  # the profile hook costs time: not in the run that is timed
        self.stored_s: list[float] = []
        self.calls: Counter[str] = Counter()

    def report_to(self, post: Any) -> None:
        self.sink.report_to(post)

    def stored(self, change: Any) -> None:
        calls = self.calls

        def profile(frame: Any, event: str, arg: Any) -> None:
            if event == "call":
                calls[f"{frame.f_globals.get('__name__', '?')}.{frame.f_code.co_name}"] += 1
            elif event == "c_call":
                calls[f"{getattr(arg, '__module__', None) or '?'}.{arg.__name__}"] += 1

        if not self.profile:
            t = time.perf_counter()
            self.sink.stored(change)
            self.stored_s.append(time.perf_counter() - t)
            return
        sys.setprofile(profile)
        try:
            self.sink.stored(change)
        finally:
            sys.setprofile(None)


def _run_module() -> Any:
    from display import _bench_run  # bench/display.py's loader of bench/run.py

    return _bench_run()


def flood(sink: Any, games: int, seed: int) -> dict[str, Any]:
    """A whole game's changes handed to the sink ``games`` times over, without a pause."""
    from player import Player

    from hardware.config import Config
    from hardware.sinks import Stored, facts, scored_entries
    from kaiser_core.cards import Seat
    from kaiser_core.table import Key, Screen, Table

    cfg = Config()
    table = Table(cfg.rules, names=cfg.names, choose_seat=lambda: Seat.N)
    stored: list[Stored] = []  # each key's change and the facts after it, as the loop hands them
    player = Player(seed)
    while not stored or table.ui.screen is not Screen.GAME_OVER:
        for name in player.chunk(table):
            before = scored_entries(table)
            change = table.press(Key.from_name(name))
            stored.append(Stored(change, facts(table, before)))
    t = time.perf_counter()
    for _ in range(games):
        for one in stored:
            sink.stored(one)
    seconds = time.perf_counter() - t
    speaker = sink.speaker
    return {
        "flood_changes": games * len(stored),
        "flood_us_per_change": seconds / (games * len(stored)) * 1e6,
        "voice_queue_most": speaker.most_waiting,
        "flood_replaced": speaker.replaced,
        "flood_dropped": speaker.dropped,
    }


def measure(folder: Path, quick: bool, seed: int) -> dict[str, Any]:
    """Press to frame without and with the voice (same keys), the trace, the flood."""
    from hardware.sinks.voice import VoiceSink
    from hardware.speech.engine import Engine
    from hardware.speech.speaker import Speaker
    from hardware.speech.words import TOPICS

    run = _run_module()
    keys = 60 if quick else 400
    (folder / "off").mkdir()
    (folder / "on").mkdir()
    from display import press_to_frame  # run.py's own press to frame (the real driver path)

    off = press_to_frame(folder / "off", keys, seed, run.press_run)
    engine = Engine(folder / "voice")
    spoke_on: Counter[str] = Counter()
    say = engine.say

    def say_traced(text: str, language: str) -> Any:
        spoke_on[threading.current_thread().name] += 1
        return say(text, language)

    engine.say = say_traced  # type: ignore[method-assign]
    sink = Traced(VoiceSink(Speaker(engine), TOPICS), profile=False)
    on = press_to_frame(folder / "on", keys, seed, run.press_run, sinks=[sink])
    speaker = sink.sink.speaker
    speaker.idle(60)
    said = speaker.spoken
    (folder / "traced").mkdir()  # the same keys again, every call of the sink profiled
    traced = Traced(VoiceSink(speaker, TOPICS), profile=True)
    run.press_run(folder / "traced", 60 if quick else 200, seed, sinks=[traced])
    on_key_path = sum(n for name, n in traced.calls.items() if name.startswith(SPEECH_WORK))
    flooded = flood(sink.sink, 20 if quick else 200, seed)
    speaker.close()
    ratio_off = off["press_to_frame_s"] / off["floor_s"]
    ratio_on = on["press_to_frame_s"] / on["floor_s"]
    details = {
        "keys": on["keys"],
        "press_to_frame_off_ms": off["press_to_frame_s"] * 1000,
        "press_to_frame_on_ms": on["press_to_frame_s"] * 1000,
        "press_to_frame_ratio_off": ratio_off,
        "floor_on_ms": on["floor_s"] * 1000,
        "floor_display_on_ms": on["floor_display_s"] * 1000,  # run.py's floor: display too
        "display_bus_bytes_per_key_on": on["display_bus_bytes_per_key"],
        "segments_on_ms": on["segments_ms"],
        "sink_stored_ms_median": statistics.median(sink.stored_s) * 1000,
        "sink_stored_ms_max": max(sink.stored_s) * 1000,
        "sink_calls": len(sink.stored_s),
        "key_path_calls": dict(traced.calls.most_common()),
        "utterances_said": said,
        "said_on_threads": dict(spoke_on),
        **{k: v for k, v in flooded.items() if k != "voice_queue_most"},
    }
    return {
        "voice_press_to_frame_ratio": ratio_on,
        "voice_key_path_speech_calls": float(on_key_path),
        "voice_queue_most": float(flooded["voice_queue_most"]),
        "details": details,
    }


def table_text(result: dict[str, Any]) -> str:
    """The human table: each figure, its goal, and what it is made of."""
    d = result["details"]
    notes = {
        "voice_press_to_frame_ratio": f"{d['press_to_frame_on_ms']:.2f} ms / floor "
        f"{d['floor_on_ms']:.2f} ms (voice off: ratio {d['press_to_frame_ratio_off']:.3f}, "
        f"{d['press_to_frame_off_ms']:.2f} ms), {d['keys']} keys, {d['utterances_said']} said",
        "voice_key_path_speech_calls": f"sink.stored: median {d['sink_stored_ms_median']:.3f} "
        f"ms, max {d['sink_stored_ms_max']:.3f} ms over {d['sink_calls']} changes; said on "
        f"threads {d['said_on_threads']}",
        "voice_queue_most": f"{d['flood_changes']} changes at {d['flood_us_per_change']:.1f} "
        f"µs each; {d['flood_replaced']} scores replaced, {d['flood_dropped']} dropped",
    }
    lines = [f"{'measure':<28} {'value':>8}  {'goal':<7} {'':4} how", "-" * 100]
    for name, note in notes.items():
        op, limit = GOALS[name]
        value = result[name]
        met = value <= limit + 1e-9 if op == "<=" else abs(value - limit) < 1e-9
        verdict = "ok" if met else "MISS"
        lines.append(f"{name:<28} {value:>8.3f}  {op} {limit:<4g} {verdict:4} {note}")
    stages = ", ".join(f"{k} {v:.3f}" for k, v in d["segments_on_ms"].items())
    lines.append(f"press to frame with the voice, ms per stage (medians): {stages}")
    top = ", ".join(f"{k} {v}" for k, v in list(d["key_path_calls"].items())[:12])
    lines.append(f"the sink's calls on the key path (most first): {top}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the voice bench; print the table, or one JSON object with ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: few keys")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--dir", help="work in this folder (default: a new temporary one)")
    parser.add_argument("--seed", type=int, default=6, help="the player's seed")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="kaiser-voice-bench-", dir=args.dir) as tmp:
        result = measure(Path(tmp), args.quick, args.seed)
    print(json.dumps(result, indent=2) if args.json else table_text(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
