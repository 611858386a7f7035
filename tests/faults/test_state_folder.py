"""Where the database is without ``--db``: ``$STATE_DIRECTORY`` (systemd), else
``$XDG_STATE_HOME`` or ``$HOME/.local/state`` (``kaiser-scorer/kaiser.db``).

A home that cannot be known (no ``HOME`` and no passwd entry, ``HOME`` empty or relative) or
a ``STATE_DIRECTORY`` with no absolute folder is one line, never a traceback and never a
database in the current folder; a relative ``XDG_STATE_HOME`` is ignored, as the XDG spec
says. Each runs the real command with the real environment, as another user (who cannot
write outside the test's folders), in an empty current folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .conftest import REPO, one_line

#: Another user (nobody), and one with no passwd entry (``getent passwd 54321`` is empty).
NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
NO_ENTRY = ["setpriv", "--reuid=54321", "--regid=54321", "--clear-groups"]
COMMANDS = {
    "export": ["export"],
    "run": ["run", "--board", "mock", "--keys", "KEYS"],
    "web": ["web", "--listen", "127.0.0.1:9"],
}


def kaiser(
    command: str, env: dict[str, str], cwd: Path, keys: Path, prefix: list[str] = NOBODY
) -> Any:
    args = [str(keys) if a == "KEYS" else a for a in COMMANDS[command]]
    base = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_STATE_HOME")}
    base.pop("STATE_DIRECTORY", None)
    proc = subprocess.run(
        [*prefix, sys.executable, "-m", "hardware.cli", *args],
        capture_output=True,
        timeout=60,
        cwd=cwd,
        env={**base, "PYTHONPATH": str(REPO), **env},
        check=False,
    )
    proc.out = proc.stdout.decode("utf-8", "replace")
    proc.err = proc.stderr.decode("utf-8", "replace")
    return proc


@pytest.fixture
def place(shared: Path) -> tuple[Path, Path]:
    """An empty current folder and a key script, both usable by any user."""
    probe = subprocess.run([*NO_ENTRY, sys.executable, "-c", "import hardware.cli"], cwd=REPO)
    if probe.returncode != 0:
        pytest.skip("another user cannot run this checkout (its folders are private)")
    cwd = shared / "here"
    cwd.mkdir()
    cwd.chmod(0o777)
    keys = shared / "keys.txt"
    keys.write_text("UP\n")
    keys.chmod(0o644)
    return cwd, keys


CASES = {
    "HOME empty": ({"HOME": ""}, "HOME"),
    "HOME relative": ({"HOME": "games"}, "HOME"),
    "STATE_DIRECTORY=:": ({"STATE_DIRECTORY": ":", "HOME": "/nonexistent"}, "STATE_DIRECTORY"),
    "STATE_DIRECTORY relative": ({"STATE_DIRECTORY": "state", "HOME": "/x"}, "STATE_DIRECTORY"),
}


@pytest.mark.slow
@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("case", list(CASES))
def test_a_state_folder_that_cannot_be_known_is_one_line(
    place: tuple[Path, Path], case: str, command: str
) -> None:
    cwd, keys = place
    env, names = CASES[case]
    result = kaiser(command, env, cwd, keys)
    assert result.returncode == 2, result.err
    line = one_line(result)
    assert names in line and "--db" in line, line
    assert list(cwd.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize("command", list(COMMANDS))
def test_no_home_and_no_passwd_entry_is_one_line(place: tuple[Path, Path], command: str) -> None:
    found = subprocess.run(["getent", "passwd", "54321"], capture_output=True, check=False)
    if found.stdout.strip() or shutil.which("setpriv") is None:
        pytest.skip("uid 54321 has a passwd entry here (or no setpriv)")
    cwd, keys = place
    result = kaiser(command, {}, cwd, keys, NO_ENTRY)
    assert result.returncode == 2, result.err
    line = one_line(result)
    assert "HOME" in line and "--db" in line, line
    assert list(cwd.iterdir()) == []


@pytest.mark.slow
def test_a_relative_xdg_state_home_is_ignored_for_the_default(
    place: tuple[Path, Path], shared: Path
) -> None:
    cwd, keys = place
    home = shared / "home"
    home.mkdir()
    home.chmod(0o777)
    env = {"HOME": str(home), "XDG_STATE_HOME": "state"}
    result = kaiser("run", env, cwd, keys)
    assert result.returncode == 0, result.err
    assert (home / ".local" / "state" / "kaiser-scorer" / "kaiser.db").stat().st_size > 0
    assert list(cwd.iterdir()) == []
    export = kaiser("export", env, cwd, keys)
    assert export.returncode == 0, export.err


@pytest.mark.slow
def test_systemds_state_directory_is_the_first_of_its_list(
    place: tuple[Path, Path], shared: Path
) -> None:
    cwd, keys = place
    for name in "ab":
        (shared / name).mkdir()
        (shared / name).chmod(0o777)
    env = {"STATE_DIRECTORY": f"{shared / 'a'}:{shared / 'b'}", "HOME": ""}
    result = kaiser("run", env, cwd, keys)
    assert result.returncode == 0, result.err
    assert (shared / "a" / "kaiser.db").stat().st_size > 0
    assert list(cwd.iterdir()) == []
