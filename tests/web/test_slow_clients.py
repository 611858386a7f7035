"""``kaiser-scorer web`` under 1,100 connections that send a request line and never finish
their headers (slowloris), run as systemd would cap it but lower: ``prlimit --nofile=256``.

The real command in a subprocess, real sockets to 127.0.0.1. The pages must still answer
while the connections are held, the held ones must be closed after the header time, and
the log must stay a few lines (it was a traceback per failed accept: 100,000s of lines).
"""

from __future__ import annotations

import logging
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import free_port

from hardware.web.guard import (
    BACKLOG,
    HEADER_TIMEOUT,
    MOST_CONNECTIONS,
    SPARE_FILES,
    LogLimit,
    connection_limit,
)

CMD = [sys.executable, "-m", "hardware.cli"]
ROOT = Path(__file__).resolve().parents[2]
NOFILE = 256
ATTACKERS = 1100
KEYS = "UP OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK\n"


@pytest.fixture
def more_files() -> Iterator[None]:
    """This process may hold the attackers' 1,100 sockets (raised to the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = ATTACKERS + 200
    if hard != resource.RLIM_INFINITY and hard < need:
        pytest.skip(f"the open-file hard limit is {hard}, the test needs {need}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, need), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def open_fds(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def page(url: str, timeout: float = 10) -> bytes:
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return bytes(r.read())


def closed(sock: socket.socket) -> bool:
    """The server closed it (EOF or reset); False while it is still held open."""
    sock.setblocking(False)
    try:
        return sock.recv(4096) == b""
    except BlockingIOError:
        return False
    except ConnectionError:
        return True


@pytest.mark.slow
def test_a_slowloris_under_a_low_open_file_limit(tmp_path: Path, more_files: None) -> None:
    db, keys = tmp_path / "kaiser.db", tmp_path / "hand.keys"
    keys.write_text(KEYS)
    subprocess.run([*CMD, "run", "--board", "mock", "--quiet", "--keys", str(keys), "--db",
                    str(db)], check=True, capture_output=True, cwd=ROOT)  # fmt: skip
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp_path / "web.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            ["prlimit", f"--nofile={NOFILE}:{NOFILE}", "--", *CMD, "web", "--db", str(db),
             "--listen", f"127.0.0.1:{port}"], stdout=out, stderr=out, cwd=ROOT)  # fmt: skip
    held: list[socket.socket] = []
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                assert b"<html" in page(url + "/", timeout=2)
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        started = time.monotonic()
        for i in range(ATTACKERS):
            sock = socket.socket()
            sock.settimeout(30)  # a loaded machine: SYNs wait for the small backlog
            sock.connect(("127.0.0.1", port))
            if i % 100 != 7:  # a few send nothing at all
                sock.send(b"GET / HTTP/1.1\r\n")
            held.append(sock)
        most = open_fds(proc.pid)
        # The pages answer while the attackers hold their connections (every one of them
        # reached the server: the listen queue took them all).
        for path in ("/", "/games/1", "/stats"):
            assert b"<html" in page(url + path), path
            most = max(most, open_fds(proc.pid))
        # A keep-alive connection that starts its next request and stalls is closed too.
        slow = socket.create_connection(("127.0.0.1", port), timeout=5)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert slow.recv(65536).startswith(b"HTTP/1.1 200")
        slow.sendall(b"G")
        held.append(slow)
        # Within the header time (and some slack: 95 of them were still open after 25 s once,
        # with two whole suites running beside this one) the server closed every one of them.
        deadline = started + HEADER_TIMEOUT + 30
        open_ones = held
        while open_ones and time.monotonic() < deadline:
            open_ones = [s for s in open_ones if not closed(s)]
            most = max(most, open_fds(proc.pid))
            time.sleep(0.2)
        assert not open_ones, f"{len(open_ones)} held connections still open"
        assert b"<html" in page(url + "/")
        assert proc.poll() is None
    finally:
        for sock in held:
            sock.close()
        proc.terminate()
        proc.wait(10)
    text = log.read_text(errors="replace")
    lines = text.splitlines()
    print(f"most descriptors seen: {most} of {NOFILE}; log lines: {len(lines)}")
    assert "Traceback" not in text, text[:3000]
    assert len(lines) <= 12, text[:3000]


def test_the_connection_limit_follows_the_open_file_limit() -> None:
    assert connection_limit(256) == 256 - 2 * BACKLOG - SPARE_FILES  # the test's server
    assert connection_limit(20) == 8  # never none
    assert connection_limit(100_000) == MOST_CONNECTIONS
    # The web unit's LimitNOFILE= leaves room for every connection the server keeps.
    unit = (ROOT / "systemd" / "kaiser-scorer-web.service").read_text()
    (files,) = [int(x.split("=")[1]) for x in unit.splitlines() if x.startswith("LimitNOFILE=")]
    assert connection_limit(files) == MOST_CONNECTIONS
    assert any(x.startswith("MemoryMax=") for x in unit.splitlines())


@pytest.mark.slow
def test_a_log_line_of_one_kind_is_let_through_once_a_minute() -> None:
    now = [0.0]
    limit = LogLimit(every=60, clock=lambda: now[0])
    record = logging.LogRecord("uvicorn.error", logging.WARNING, "", 0, "closed %d", (1,), None)
    passed = []
    for second in range(0, 150):
        now[0] = float(second)
        for _ in range(1000):  # a flood: a thousand a second
            rec = logging.makeLogRecord(record.__dict__)
            if limit.filter(rec):
                passed.append((second, rec.getMessage()))
    other = logging.makeLogRecord({**record.__dict__, "msg": "other %d"})
    assert limit.filter(other)  # another kind is not held back by the first
    assert passed == [
        (0, "closed 1"),
        (60, "closed 1 (59999 more like it in the last 60 s)"),
        (120, "closed 1 (59999 more like it in the last 60 s)"),
    ]
