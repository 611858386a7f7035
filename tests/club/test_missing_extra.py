"""The club's commands without the club extra (issue 26): one line that says how to install
it in a clone (``pip install -e '.[club]'``), exit 2, never a traceback. The extra is hidden
for real: a package of its name that cannot be imported, first on the path."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from club_helpers import REPO
from club_venue import event_toml

pytestmark = pytest.mark.slow

CMD = [sys.executable, "-m", "hardware.cli"]


def without(package: str, tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    hidden = tmp_path / "hidden" / package
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text(f"raise ImportError('no {package} here')\n")
    env = {**os.environ, "PYTHONPATH": f"{hidden.parent}{os.pathsep}{REPO}"}
    return subprocess.run(
        [*CMD, *args], capture_output=True, text=True, env=env, cwd=REPO, timeout=60, check=False
    )


def one_hint(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "pip install -e '.[club]'" in lines[0], done.stderr


@pytest.mark.parametrize("package", ["paho", "uvicorn", "starlette"])
def test_the_director_without_the_club_extra_says_how_to_install_it(
    tmp_path: Path, package: str
) -> None:
    event = tmp_path / "event.toml"
    event.write_text(event_toml(["Ann", "Bob", "Cy", "Di"]), encoding="utf-8")
    db = tmp_path / "director.db"
    done = without(package, tmp_path, "director", "--event", str(event), "--db", str(db),
                   "--broker", "127.0.0.1:1", "--listen", "127.0.0.1:0")  # fmt: skip
    one_hint(done)


def test_publish_without_the_club_extra_says_how_to_install_it(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text(
        '[club]\nbroker = "127.0.0.1:1"\nevent = "e"\nname = "n"\ntable = 1\n'
        f'username = "table-1"\npassword = "p"\nsocket = "{tmp_path / "w.sock"}"\n'
    )
    done = without("paho", tmp_path, "publish", "--config", str(config),
                   "--db", str(tmp_path / "kaiser.db"))  # fmt: skip
    one_hint(done)
