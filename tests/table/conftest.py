"""Run the real ``kaiser-scorer`` command in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

CMD = [sys.executable, "-m", "hardware.cli"]


class Scorer:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.db = tmp / "kaiser.db"
        self.count = 0

    def script(self, keys: list[str] | str) -> Path:
        self.count += 1
        path = self.tmp / f"keys{self.count}.txt"
        path.write_text(keys if isinstance(keys, str) else "\n".join(keys) + "\n")
        return path

    def run(
        self, keys: list[str] | str, *extra: str, check: bool = True, db: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(
            [
                *CMD,
                "run",
                "--board",
                "mock",
                "--quiet",
                "--keys",
                str(self.script(keys)),
                "--db",
                str(db or self.db),
                *extra,
            ],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if check:
            assert result.returncode == 0, result.stderr
        return result

    def export(self, *extra: str) -> dict:
        result = subprocess.run(
            [*CMD, "export", "--db", str(self.db), *extra],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    def score(self, record: dict) -> dict:
        path = self.tmp / "export.json"
        path.write_text(json.dumps(record))
        result = subprocess.run(
            [*CMD, "score", str(path)], capture_output=True, text=True, timeout=60, check=False
        )
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)


@pytest.fixture
def scorer(tmp_path: Path) -> Scorer:
    return Scorer(tmp_path)
