"""A test pattern for a real panel that exercises the partial updates of ``hardware.panel``.

``python -m hardware.panel_test --board adafruit-bonnet`` (or ``--config FILE``, or
``--board waveshare-hat``) draws, through the scorer's own display path, a frame border,
a frame counter, a bar that sweeps left and right across pages 2 to 5, a bar that grows
along the bottom page, a square that blinks in the top right corner, and every
``--invert-every`` frames the whole picture inverted (a whole-frame change) and back.

On the glass, every partial update is right when: the border is unbroken on all four
sides, the sweeping bar leaves no trail and never tears, the counter's digits are never
mixed up, and the inverted frames come and go cleanly. A column window or page address
that is off shows as a trail, a shifted stripe or a broken border at once.
``--dummy`` draws on luma's ``dummy`` device instead (no panel; tests).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from PIL import Image, ImageChops

from hardware.config import ConfigError, load_config, parse_config
from hardware.oled import Display, dummy_factory, luma_factory
from hardware.screens import Pen, fonts

SIZE = (128, 64)


def pattern(frame: int, invert_every: int = 100) -> Image.Image:
    """The test pattern's ``frame``-th picture (a pure function of the number)."""
    image = Image.new("1", SIZE, 0)
    pen = Pen(image, (0, 0), SIZE)
    tiny, small = fonts()[0], fonts()[1]
    pen.rect((0, 0, 127, 63), fill=None, outline=255)  # the border: must stay whole
    pen.text(3, 2, f"frame {frame:6d}", small)
    if frame % 20 < 10:
        pen.rect((116, 3, 123, 10))  # blinks: page 0 and 1, columns 116-123
    sweep = frame % 222
    x = 2 + (sweep if sweep < 111 else 221 - sweep)  # 2..112 and back
    pen.rect((x, 18, x + 12, 45))  # pages 2 to 5: crosses page boundaries
    pen.text(3, 47, f"{frame % 1000:03d}", tiny)
    grow = frame % 120
    pen.rect((2, 58, 2 + grow, 61))  # page 7: grows by a column a frame, then restarts
    if invert_every and frame % invert_every == invert_every - 1:
        image = ImageChops.invert(image)
    return image


def make_display(args: argparse.Namespace) -> Display:
    """The scorer's display for the config (luma's dummy with ``--dummy``)."""
    cfg = load_config(args.config) if args.config else parse_config({"board": args.board})
    factory = dummy_factory() if args.dummy else luma_factory(cfg.display)
    return Display(factory, rotate=cfg.rotate)


def run(display: Display, frames: int, fps: float, invert_every: int) -> dict[str, Any]:
    """Show ``frames`` pictures (0: until Ctrl-C) at most ``fps`` a second; the counts."""
    shown, start, frame = 0, time.monotonic(), 0
    try:
        while not frames or frame < frames:
            shown += display.show(pattern(frame, invert_every))
            frame += 1
            if fps:
                time.sleep(max(0.0, start + frame / fps - time.monotonic()))
    except KeyboardInterrupt:
        pass
    device = display.device
    return {
        "frames": frame,
        "shown": shown,
        "seconds": time.monotonic() - start,
        "whole": getattr(device, "frames_whole", None),
        "partial": getattr(device, "frames_partial", None),
        "failing": display.failing,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the pattern; exit 2 for a bad board or config."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--board", default="bonnet", help="bonnet, adafruit-bonnet, waveshare")
    parser.add_argument("--config", help="the scorer's config file (its [display] table)")
    parser.add_argument("--frames", type=int, default=0, help="stop after this many (0: never)")
    parser.add_argument("--fps", type=float, default=20.0, help="frames a second at most")
    parser.add_argument("--invert-every", type=int, default=100, help="0: never invert")
    parser.add_argument("--dummy", action="store_true", help="luma's dummy device, no panel")
    args = parser.parse_args(argv)
    if args.frames < 0 or args.fps < 0 or args.invert_every < 0:
        print("panel_test: --frames, --fps and --invert-every must be 0 or more", file=sys.stderr)
        return 2
    try:
        display = make_display(args)
    except ConfigError as err:
        print(f"panel_test: {err}", file=sys.stderr)
        return 2
    try:
        result = run(display, args.frames, args.fps, args.invert_every)
    finally:
        display.close()
    print(
        f"{result['frames']} frames, {result['shown']} sent in {result['seconds']:.1f} s"
        + (f" ({result['whole']} whole, {result['partial']} partial)" if result["whole"] else "")
        + (": the display is failing, see the log" if result["failing"] else "")
    )
    return 1 if result["failing"] else 0


if __name__ == "__main__":
    sys.exit(main())
