"""The display at its physical limit: CPU and bus bytes per frame of a whole game.

Run from the repository root: ``python bench/display.py [--quick] [--json]``; ``bench/run.py``
calls :func:`measure`. The frames are those of a whole scripted game (``player.Player``,
``hardware.screens.render`` of each view, only the frames that change the screen, as
``hardware.oled.Display`` pushes them), shown on the bonnet's SSD1306 through luma's real
``i2c`` interface (managed, as on the Pi) onto a counting fake bus, in the same run:

- display_cpu_ratio: CPU per frame of the project's device (``hardware.panel``) / luma.oled's
  stock ``display()`` over the same fake bus, the same frames.                  goal <= 0.1
- bus_bytes_per_frame: bytes the project's device puts on the I2C bus per frame (address,
  control and payload bytes of every transaction).
- bus_floor_bytes_per_frame: the changed column span of each changed page plus its
  addressing bytes (a command write for the window, a data write), found pixel by pixel.
- bus_bytes_ratio: bus_bytes_per_frame / bus_floor_bytes_per_frame.             goal <= 1.5
- i2c_ms_per_key_400khz: the bus time those bytes take per key at 400 kHz (9 clocks a byte).

:func:`press_to_frame` gives bench/run.py's press-to-frame figures with the real driver path
on the fake bus (its floor then includes luma's stock display of the same frame).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for path in (str(HERE), str(ROOT)):
    if path not in sys.path:
        sys.path.insert(0, path)

from player import Player  # noqa: E402

I2C_HZ = 400_000
BITS_PER_BYTE = 9  # 8 data bits and the ACK
#: The addressing bytes of one changed page on I2C, besides its data: SSD130x a command write
#: (address, control, 0x21 c0 c1 0x22 p p) and the data write's address and control byte;
#: SH1106 a command write (address, control, 0xB0+p, column low, column high), the same.
ADDRESSING = {"ssd1306": 8 + 2, "sh1106": 5 + 2}
GOALS = {"display_cpu_ratio": ("<=", 0.1), "bus_bytes_ratio": ("<=", 1.5)}


def game_frames(seed: int = 6) -> tuple[list[Any], int]:
    """The pictures of a whole game as the display pushes them, and the keys pressed."""
    from PIL import Image

    from hardware.config import Config
    from hardware.screens import render
    from kaiser_core.cards import Seat
    from kaiser_core.table import Key, Screen, Table

    cfg = Config()
    table = Table(cfg.rules, names=cfg.names, choose_seat=lambda: Seat.N)
    player = Player(seed)

    def picture() -> Any:
        image = render(table.view())
        return image.transpose(Image.Transpose.ROTATE_180) if table.ui.flipped else image

    frames = [picture()]
    keys = 0
    while table.ui.screen is not Screen.GAME_OVER:
        for name in player.chunk(table):
            table.press(Key.from_name(name))
            keys += 1
            image = picture()
            if image.tobytes() != frames[-1].tobytes():
                frames.append(image)
    return frames, keys


def floor_bytes(before: Any, after: Any, addressing: int) -> int:
    """The least bytes that bring the panel from ``before`` to ``after``: per changed page,
    its changed column span and ``addressing`` (pixel by pixel, apart from hardware.panel)."""
    a, b = before.load(), after.load()
    width, height = after.size
    total = 0
    for page in range(height // 8):
        rows = range(8 * page, 8 * page + 8)
        changed = [x for x in range(width) if any(a[x, y] != b[x, y] for y in rows)]
        if changed:
            total += changed[-1] - changed[0] + 1 + addressing
    return total


def device_on_counting_bus(driver: str, stock: bool) -> tuple[Any, Any]:
    """A luma device (the project's or luma.oled's own) on luma's i2c on a counting bus."""
    from luma.oled import device as luma_devices

    from hardware import panel
    from hardware.panel_fake import CountingI2C, i2c_serial

    bus = CountingI2C()
    cls = getattr(luma_devices if stock else panel, driver)
    return cls(i2c_serial(bus), width=128, height=64), bus


def time_frames(device: Any, frames: list[Any]) -> float:
    """CPU seconds (this thread's) the device takes to display ``frames[1:]`` after
    ``frames[0]``, the collector off."""
    clock = time.thread_time_ns
    device.display(frames[0])
    gc.collect()
    gc.disable()
    try:
        start = clock()
        for frame in frames[1:]:
            device.display(frame)
        return (clock() - start) / 1e9
    finally:
        gc.enable()


def driver_run(driver: str, frames: list[Any], keys: int, rounds: int) -> dict[str, Any]:
    """CPU (``rounds`` rounds of the project's device, then luma's, the ratio of each round)
    and bytes of one controller on I2C."""
    ratios, ours_s, stock_s = [], [], []
    for _ in range(rounds):
        ours = time_frames(device_on_counting_bus(driver, stock=False)[0], frames)
        stock = time_frames(device_on_counting_bus(driver, stock=True)[0], frames)
        ratios.append(ours / stock)
        ours_s.append(ours)
        stock_s.append(stock)
    n = len(frames) - 1
    counted = {}
    for stock in (False, True):
        device, bus = device_on_counting_bus(driver, stock)
        device.display(frames[0])
        before = bus.wire_bytes
        for frame in frames[1:]:
            device.display(frame)
        counted[stock] = bus.wire_bytes - before
    floor = sum(floor_bytes(a, b, ADDRESSING[driver]) for a, b in itertools.pairwise(frames))
    ms_per_byte = 1000 * BITS_PER_BYTE / I2C_HZ
    return {
        "display_cpu_ratio": statistics.median(ratios),
        "display_ms_per_frame": statistics.median(ours_s) / n * 1000,
        "stock_display_ms_per_frame": statistics.median(stock_s) / n * 1000,
        "bus_bytes_per_frame": counted[False] / n,
        "stock_bus_bytes_per_frame": counted[True] / n,
        "bus_floor_bytes_per_frame": floor / n,
        "bus_bytes_ratio": counted[False] / floor,
        "i2c_ms_per_frame_400khz": counted[False] / n * ms_per_byte,
        "i2c_ms_per_key_400khz": counted[False] / keys * ms_per_byte,
        "stock_i2c_ms_per_key_400khz": counted[True] / keys * ms_per_byte,
    }


def measure(quick: bool = False, seed: int = 6) -> dict[str, Any]:
    """The display figures: the bonnet's SSD1306 at the top level, every driver in details."""
    frames, keys = game_frames(seed)
    rounds = 3 if quick else 9
    details: dict[str, Any] = {"display_frames": len(frames) - 1, "display_keys": keys}
    for driver in ("ssd1306", "sh1106"):
        details[f"display_{driver}"] = driver_run(driver, frames, keys, rounds)
    top = details["display_ssd1306"]
    names = (
        "display_cpu_ratio",
        "bus_bytes_per_frame",
        "bus_floor_bytes_per_frame",
        "bus_bytes_ratio",
        "i2c_ms_per_key_400khz",
    )
    return {**{name: top[name] for name in names}, "details": details}


# -- press to frame with the real driver path --------------------------------------------------
class RealPanel:
    """The Pi's display path on a counting fake bus, for bench/run.py's press-to-frame run.

    :meth:`factory` is the ``Display``'s factory: the project's SSD1306 on luma's i2c (as
    ``hardware.oled.luma_factory`` makes it on the Pi), a subclass that keeps the last frame
    it was given; :meth:`commit` is bench/run.py's floor commit followed by luma.oled's stock
    ``display()`` of that frame on another such bus (the floor's display part), each timed.
    """

    def __init__(self, driver: str = "ssd1306", commit: Callable[[Any], None] | None = None):
        from hardware import panel
        from hardware.panel_fake import CountingI2C, i2c_serial

        self.driver = driver
        self.stock, self.stock_bus = device_on_counting_bus(driver, stock=True)
        self.buses: list[Any] = []
        self.devices: list[Any] = []
        self.stock_s: list[float] = []
        self.commit_s: list[float] = []
        self.floor_commit = commit

        class Kept(getattr(panel, driver)):  # type: ignore[misc]
            """The project's device, keeping the last frame (for the floor's stock display)."""

            last: Any = None

            def display(self, image: Any) -> None:
                self.last = image
                super().display(image)

        def make() -> Any:
            bus = CountingI2C()
            self.buses.append(bus)
            self.devices.append(Kept(i2c_serial(bus), width=128, height=64))
            return self.devices[-1]

        self.factory = make

    def commit(self, db: Any) -> None:
        """The floor's commit (timed alone), then luma's stock display of the last frame."""
        start = time.perf_counter()
        if self.floor_commit is not None:
            self.floor_commit(db)
        self.commit_s.append(time.perf_counter() - start)
        self.stock_seconds()

    def stock_seconds(self, image: Any = None) -> float:
        """Seconds luma.oled's own ``display()`` takes for ``image`` (default: the last frame)."""
        if image is None:
            image = self.devices[-1].last
        start = time.perf_counter()
        self.stock.display(image)
        elapsed = time.perf_counter() - start
        self.stock_s.append(elapsed)
        return elapsed

    @property
    def bus_bytes(self) -> int:
        """Bytes the project's devices put on their buses."""
        return sum(bus.wire_bytes for bus in self.buses)


def _bench_run() -> Any:
    """bench/run.py as a module. It imports this file as ``display``; in a test run that name
    may be the tests' ``display`` package, so this file's folder goes first for the import."""
    other = sys.modules.get("display")
    if other is not None and not hasattr(other, "GOALS"):
        del sys.modules["display"]
    sys.path.insert(0, str(HERE))
    try:
        import run  # bench/run.py
    finally:
        sys.path.remove(str(HERE))
        if other is not None and not hasattr(other, "GOALS"):
            sys.modules["display"] = other
    return run


def press_to_frame(
    folder: Path,
    min_keys: int,
    seed: int,
    press_run: Callable[..., dict[str, Any]] | None = None,
    sinks: Sequence[Any] = (),
) -> dict[str, Any]:
    """bench/run.py's ``press_run`` with the real driver path: the project's SSD1306 on luma's
    i2c on the fake bus instead of luma's dummy (its ``factory``), and luma's stock
    ``display()`` of each frame added to the floor (its ``commit``: render + commit + stock
    display). Its figures, with ``floor_display_s`` added and ``floor_commit_s`` the commit
    alone. ``press_run`` is bench/run.py's function (default: imported from ``run``);
    ``sinks`` are attached as a board's (bench/voice.py's voice).
    """
    if press_run is None:
        press_run = _bench_run().press_run
    real = RealPanel(commit=press_run.__globals__["commit_one"])
    result = press_run(
        folder, min_keys, seed, factory=real.factory, commit=real.commit, sinks=sinks
    )
    return result | {
        "floor_commit_s": statistics.median(real.commit_s) if real.commit_s else 0.0,
        "floor_display_s": statistics.median(real.stock_s) if real.stock_s else 0.0,
        "display_bus_bytes_per_key": real.bus_bytes / max(1, result["keys"]),
    }


def notes(details: dict[str, Any]) -> dict[str, str]:
    """bench/run.py's table notes for the figures of :func:`measure`."""
    d = details["display_ssd1306"]
    return {
        "display_cpu_ratio": f"{d['display_ms_per_frame']:.3f} ms / luma "
        f"{d['stock_display_ms_per_frame']:.3f} ms a frame, {details['display_frames']} frames",
        "bus_bytes_per_frame": f"luma: {d['stock_bus_bytes_per_frame']:.0f} B every frame",
        "bus_floor_bytes_per_frame": "changed span of each changed page + 10 B addressing",
        "bus_bytes_ratio": f"sh1106: {details['display_sh1106']['bus_bytes_ratio']:.2f}",
        "i2c_ms_per_key_400khz": f"luma: {d['stock_i2c_ms_per_key_400khz']:.1f} ms, "
        f"{details['display_keys']} keys",
    }


def table_text(result: dict[str, Any]) -> str:
    """The human table."""
    lines = [f"{'measure':<28} {'value':>10}  goal"]
    for name, value in result.items():
        if isinstance(value, int | float):
            op, limit = GOALS.get(name, ("", 0.0))
            goal = f"{op} {limit:g} {'ok' if value <= limit else 'MISS'}" if op else ""
            lines.append(f"{name:<28} {value:>10.3f}  {goal}")
    for key, value in result["details"].items():
        lines.append(f"{key}: {json.dumps(value)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Measure; print the table, or one JSON object with ``--json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds and keys")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--seed", type=int, default=6, help="the player's seed")
    parser.add_argument("--press", action="store_true", help="also press to frame (mock pins)")
    args = parser.parse_args(argv)
    result = measure(args.quick, args.seed)
    if args.press:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="kaiser-display-") as tmp:
            press = press_to_frame(Path(tmp), 60 if args.quick else 500, args.seed)
        result["press_to_frame_ratio"] = press["press_to_frame_s"] / press["floor_s"]
        result["details"] |= press
    print(json.dumps(result, indent=2) if args.json else table_text(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
