"""``kaiser-scorer web`` at its edges (issue 27): Ctrl-C ends it with one line, never a
traceback; a missing web extra says how to install it in a clone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import free_port, get, wait_http

CMD = [sys.executable, "-m", "hardware.cli"]
REPO = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_ctrl_c_ends_the_web_server_without_a_traceback(tmp_path: Path) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_text("UP\n")
    db = tmp_path / "kaiser.db"
    run = [*CMD, "run", "--board", "mock", "--quiet", "--keys", str(keys), "--db", str(db)]
    played = subprocess.run(run, capture_output=True, text=True, check=False)
    assert played.returncode == 0, played.stderr
    port = free_port()
    proc = subprocess.Popen(
        [*CMD, "web", "--db", str(db), "--listen", f"127.0.0.1:{port}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group: Ctrl-C reaches the group
    )
    try:
        wait_http(f"http://127.0.0.1:{port}/")
        assert get(f"http://127.0.0.1:{port}/")  # a page served, then Ctrl-C
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "Traceback" not in err, err
    assert proc.returncode == 0, (proc.returncode, err)
    assert len([line for line in err.splitlines() if line.strip()]) <= 1, err


def test_a_missing_web_extra_says_how_to_install_it_in_a_clone(tmp_path: Path) -> None:
    """The web extra hidden for real: a ``starlette`` package that cannot be imported
    first on the path."""
    fake = tmp_path / "starlette"
    fake.mkdir()
    (fake / "__init__.py").write_text("raise ImportError('no starlette here')\n")
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{REPO}"}
    done = subprocess.run([*CMD, "web", "--db", str(tmp_path / "none.db")], capture_output=True,
                          text=True, env=env, cwd=REPO, check=False, timeout=60)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    assert "pip install -e '.[web]'" in done.stderr, done.stderr
