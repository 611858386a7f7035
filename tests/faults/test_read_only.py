"""Read-only storage says so (and export works); a folder nobody may read is one line.

These run the command as root without the capabilities that let root ignore file modes
(``setpriv``: no CAP_DAC_OVERRIDE, no CAP_DAC_READ_SEARCH), so modes count as for any user
while the repository and its venv stay readable wherever the clone lies (a 0700 folder
too); and on a read-only bind mount (``unshare --mount``), as a Pi's card would be.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import REPO, one_line, play

pytestmark = pytest.mark.slow

#: Root, but bound by file modes like any user (and no capability comes back at exec).
NOBODY = [
    "setpriv",
    "--inh-caps=-all",
    "--ambient-caps=-all",
    "--bounding-set=-dac_override,-dac_read_search",
    "--",
]


def as_user(prefix: list[str], *args: str) -> object:
    proc = subprocess.run(
        [*prefix, sys.executable, "-m", "hardware.cli", *args],
        capture_output=True,
        timeout=60,
        cwd=REPO,
        check=False,
        env={**os.environ, "HOME": "/nonexistent"},
    )
    proc.out = proc.stdout.decode("utf-8", "replace")  # type: ignore[attr-defined]
    proc.err = proc.stderr.decode("utf-8", "replace")  # type: ignore[attr-defined]
    return proc


def game_for_nobody(folder: Path) -> Path:
    db = folder / "kaiser.db"
    play(db, 1)
    return db


def test_a_read_only_file_says_read_only_and_exports(shared: Path) -> None:
    db = game_for_nobody(shared)
    db.chmod(0o444)
    keys = shared / "keys.txt"
    keys.write_text("OK\n")
    keys.chmod(0o644)
    before = db.read_bytes()
    run = as_user(NOBODY, "run", "--board", "mock", "--keys", str(keys), "--db", str(db))
    assert run.returncode == 2  # type: ignore[attr-defined]
    line = one_line(run)
    assert "read-only file" in line and "export still works" in line
    assert "not a Kaiser" not in line
    export = as_user(NOBODY, "export", "--all", "--db", str(db))
    assert export.returncode == 0, export.err  # type: ignore[attr-defined]
    assert json.loads(export.out)[0]["hands"]  # type: ignore[attr-defined]
    assert db.read_bytes() == before


def test_a_folder_that_cannot_be_read_is_one_line(shared: Path) -> None:
    db = game_for_nobody(shared)
    shared.chmod(0o700)
    os.chown(shared, 65534, 65534)  # another user's private folder
    for command in (["run", "--board", "mock", "--keys", "/dev/null"], ["export"]):
        result = as_user(NOBODY, *command, "--db", str(db))
        assert result.returncode == 2  # type: ignore[attr-defined]
        assert "permission denied" in one_line(result)


def test_read_only_storage_says_so_and_exports(shared: Path) -> None:
    db = game_for_nobody(shared)
    keys = shared / "keys.txt"
    keys.write_text("OK\n")
    mount = f'mount --bind {shared} {shared} && mount -o remount,ro,bind {shared} && exec "$@"'
    prefix = ["unshare", "--mount", "sh", "-c", mount, "sh"]
    probe = subprocess.run([*prefix, "true"], capture_output=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"no read-only bind mount here: {probe.stderr.decode().strip()}")
    run = as_user(prefix, "run", "--board", "mock", "--keys", str(keys), "--db", str(db))
    assert run.returncode == 2  # type: ignore[attr-defined]
    assert "read-only storage" in one_line(run)
    export = as_user(prefix, "export", "--db", str(db))
    assert export.returncode == 0, export.err  # type: ignore[attr-defined]
    assert json.loads(export.out)["format"] == "kaiser-game/1"  # type: ignore[attr-defined]
