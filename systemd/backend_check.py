"""Import what the service will import, check it is real, and say in one line what was chosen.

Run by ``install.sh`` with the venv's own Python (so that it sees exactly what the service
sees: the venv's packages first, then apt's through ``--system-site-packages``)::

    /opt/kaiser-scorer/venv/bin/python backend_check.py --board adafruit-bonnet \\
        --model "Raspberry Pi 5 Model B Rev 1.0" [--import paho.mqtt ...]

``--model`` is the Pi's /proc/device-tree/model ("" where there is none: no Pi header).
Why each check: PyPI's ``lgpio`` for Python 3.13 is ``0.0.0.2``, an empty module without
``gpiochip_open`` that imports without error and drives nothing; Raspberry Pi OS's apt
``gpiozero`` is 2.0.1, which looks for ``gpiochip4`` on a Pi 5 (the kernel renamed it
``gpiochip0``), and 2.0.1.post1 and .post2 lost an import: 2.0.1.post3 is the first that works.

Exit status: 0 and one ``backend:`` line on stdout when the service can run here; 3 and the
line when this is not a Raspberry Pi and the board needs one (the install goes on, the unit is
not started); 1 and one line on stderr when what the venv imports cannot drive the board.
Standard library only, apart from the modules it checks.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import re
import sys
from pathlib import Path
from types import ModuleType

#: The first gpiozero that works on every Pi (the project's pin in pyproject.toml).
GPIOZERO_MIN = "2.0.1.post3"
NOT_A_PI = 3


class Refused(Exception):
    """What the venv imports cannot drive the board; the message says what and what to do."""


def version_key(version: str) -> tuple[tuple[int, ...], int]:
    """(release, post) of a version such as ``2.0.1.post3``; enough for the checks here.

    >>> version_key("2.0.1") < version_key("2.0.1.post3") < version_key("2.1")
    True
    """
    found = re.match(r"(\d+(?:\.\d+)*)(?:[.-]?post(\d+))?", version)
    if not found:
        return (), -1
    release = tuple(int(part) for part in found.group(1).split("."))
    while len(release) > 1 and release[-1] == 0:
        release = release[:-1]
    return release, int(found.group(2) or -1)


def origin(module: ModuleType) -> tuple[str, str]:
    """(version, where from) of the distribution that owns the imported ``module``.

    The version comes from the metadata next to the file actually imported, not from the
    first distribution of that name on the path (apt's and the venv's may both be there).
    """
    path = Path(module.__file__ or "").resolve()
    top = module.__name__.split(".")[0]
    version = "unknown"
    for dist in importlib.metadata.distributions(path=sys.path):
        if (dist.metadata["Name"] or "").lower().replace("_", "-") != top.lower().replace("_", "-"):
            continue
        base = Path(str(dist.locate_file(""))).resolve()
        if path.is_relative_to(base) and path.parent in (base / top, base):
            version = dist.version
            break
    if path.is_relative_to(Path(sys.prefix).resolve()):
        where = "the venv's, from pip"
    elif "dist-packages" in path.parts:
        where = "apt's, through --system-site-packages"
    else:
        where = f"from {path.parent}"
    return version, where


def load(name: str) -> ModuleType:
    try:
        return importlib.import_module(name)
    except Exception as err:  # ImportError, or a broken module's own exception
        raise Refused(f"the venv cannot import {name}: {err}") from None


def check_gpiozero() -> str:
    gpiozero = load("gpiozero")
    version, where = origin(gpiozero)
    if version_key(version) < version_key(GPIOZERO_MIN):
        raise Refused(
            f"the venv imports gpiozero {version} ({where}, {Path(gpiozero.__file__ or '')}), "
            f"older than {GPIOZERO_MIN} (2.0.1 looks for gpiochip4 on a Pi 5): "
            "run install.sh again, its pip installs the venv's own"
        )
    return f"gpiozero {version} ({where})"


def check_lgpio() -> str:
    lgpio = load("lgpio")
    version, where = origin(lgpio)
    if not callable(getattr(lgpio, "gpiochip_open", None)):
        raise Refused(
            f"lgpio {version} at {lgpio.__file__} has no gpiochip_open: it is not a GPIO library "
            "(PyPI's empty placeholder?); remove it from the venv "
            "(/opt/kaiser-scorer/venv/bin/pip uninstall lgpio) and install Raspberry Pi OS's: "
            "apt-get install python3-lgpio"
        )
    load("gpiozero.pins.lgpio")  # gpiozero's factory for it
    return f"lgpio {version} ({where})"


def check(board: str, model: str, extra: list[str]) -> tuple[int, str]:
    """(exit status, the one line); raises Refused."""
    gpiozero = check_gpiozero()
    for name in ("PIL.Image", "luma.core.render", *extra):
        load(name)
    pi = model.startswith("Raspberry Pi")
    here = model if pi else "no Raspberry Pi header here" + (f" ({model})" if model else "")
    if board == "mock":
        load("gpiozero.pins.mock")
        load("luma.core.device")
        return 0, (
            f"backend: the mock board, {gpiozero} with its mock pins and luma's dummy display: "
            f'the settings say board = "mock" ({here})'
        )
    if not pi:
        return NOT_A_PI, (
            f"backend: none: the {board} board needs a Raspberry Pi's pins and there is "
            f"{here}; {gpiozero} installed"
        )
    lgpio = check_lgpio()
    load("luma.oled.device")
    if "waveshare" in board:
        load("RPi.GPIO")  # luma drives the SPI display's DC and RST pins through it
    return 0, (
        f"backend: {lgpio} under {gpiozero}, for the {board} board on a {model}: "
        "lgpio drives the header of every Pi, the Pi 5's gpiochip0 too"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--board", required=True)
    parser.add_argument("--model", default="")
    parser.add_argument("--import", dest="extra", action="append", default=[])
    args = parser.parse_args(argv)
    try:
        status, line = check(args.board, args.model.strip("\0\n "), args.extra)
    except Refused as err:
        print(f"install.sh: {err}", file=sys.stderr)
        return 1
    print(line)
    return status


if __name__ == "__main__":
    sys.exit(main())
