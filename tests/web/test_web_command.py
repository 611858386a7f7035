"""``kaiser-scorer web`` at its edges (issue 27): Ctrl-C ends it with one line, never a
traceback; a missing web extra says how to install it in a clone."""

from __future__ import annotations

import os
import signal
import socket
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


def played_db(tmp_path: Path) -> Path:
    """A database of one key, made by ``run --board mock --keys``."""
    keys = tmp_path / "keys.txt"
    keys.write_text("UP\n")
    db = tmp_path / "kaiser.db"
    run = [*CMD, "run", "--board", "mock", "--quiet", "--keys", str(keys), "--db", str(db)]
    played = subprocess.run(run, capture_output=True, text=True, check=False)
    assert played.returncode == 0, played.stderr
    return db


@pytest.mark.slow
def test_a_port_in_use_is_one_line_and_never_said_served(tmp_path: Path) -> None:
    db = played_db(tmp_path)
    with socket.socket() as taken:  # another program holds the port, listening
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        web = [*CMD, "web", "--db", str(db), "--listen", f"127.0.0.1:{port}"]
        proc = subprocess.run(web, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2, proc.stderr
    assert "serving" not in proc.stdout, proc.stdout
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert lines == [f"kaiser-scorer: cannot listen on 127.0.0.1:{port}: Address already in use"]


@pytest.mark.slow
def test_serving_is_said_once_the_port_takes_connections(tmp_path: Path) -> None:
    db = played_db(tmp_path)
    port = free_port()
    proc = subprocess.Popen(
        [*CMD, "web", "--db", str(db), "--listen", f"127.0.0.1:{port}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith(f"kaiser-scorer: serving {db} read-only on"), line
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass  # no retry: the port listens once the line is out
        assert get(f"http://127.0.0.1:{port}/")
    finally:
        os.killpg(proc.pid, signal.SIGINT)
        proc.communicate(timeout=20)


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
