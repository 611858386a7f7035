"""Lint and types are part of the tests: ruff on everything, mypy --strict on the core."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing_anywhere():
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_core_is_formatted():
    result = run("ruff", "format", "--check", "kaiser_core")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_passes_on_the_core():
    result = run("mypy", "--strict", "kaiser_core")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_core_imports_nothing_from_the_world():
    forbidden = (
        "gpiozero",
        "luma",
        "serial",
        "PIL",
        "threading",
        "socket",
        "hardware",
        "sqlite3",
        "time",
        "datetime",
        "random",
        "os",
        "subprocess",
        "asyncio",
    )
    for path in (ROOT / "kaiser_core").glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                top = words[1].split(".")[0]
                assert top not in forbidden, f"{path.name}: {line}"
