"""The director under its unit's limits (issue 26, H18): the open-file limit and the memory
of systemd/club/kaiser-director.service, applied for real (prlimit, a memory cgroup), with
more held connections and live-page viewers than it has files. The page and the API still
answer, a table's message still arrives, the held connections are closed, and the log
stays a few lines."""

from __future__ import annotations

import re
import resource
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from club_helpers import CLUB, MemoryCgroup
from club_venue import Venue

from hardware.web.guard import HEADER_TIMEOUT

pytestmark = pytest.mark.slow
UNIT = CLUB / "kaiser-director.service"
SIZES = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def unit_limits() -> tuple[int, int]:
    """(LimitNOFILE, MemoryMax in bytes) as the director's unit sets them."""
    text = UNIT.read_text()
    files = re.search(r"^LimitNOFILE=(\d+)$", text, re.M)
    memory = re.search(r"^MemoryMax=(\d+)([KMG])$", text, re.M)
    assert files and memory, "the director's unit sets no LimitNOFILE= or MemoryMax="
    return int(files.group(1)), int(memory.group(1)) * SIZES[memory.group(2)]


@pytest.fixture
def more_files() -> Iterator[None]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = 2600
    if hard != resource.RLIM_INFINITY and hard < need:
        pytest.skip(f"the open-file hard limit is {hard}, the test needs {need}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, need), hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def closed(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(65536) == b""
    except BlockingIOError:
        return False
    except ConnectionError:
        return True


def test_more_connections_than_files_under_the_units_limits(
    tmp_path: Path, more_files: None
) -> None:
    files, memory = unit_limits()
    venue = Venue(tmp_path, start=False)
    group = MemoryCgroup(f"kaiser-director-limits-{tmp_path.name}", memory)
    d = venue.director
    d.prefix = ["prlimit", f"--nofile={files}:{files}", "--"]
    d.preexec = group.enter
    held: list[socket.socket] = []
    try:
        d.start()
        table = venue.table(1)  # connected first: paho's select() takes no fd over 1,023
        started = time.monotonic()
        for _ in range(files + 200):  # slow clients: a request line, never the headers
            sock = socket.create_connection(("127.0.0.1", d.port), timeout=30)
            sock.send(b"GET /api/standings HTTP/1.1\r\n")
            held.append(sock)
        viewers = []
        for _ in range(300):  # and live pages that read their stream
            sock = socket.create_connection(("127.0.0.1", d.port), timeout=30)
            sock.send(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            viewers.append(sock)
        assert d.get("/api/standings")["round"] == 0
        assert b"<html" in d.get("/")
        table.status(0, 3, {"NS": 0, "EW": 0}, False)
        d.wait_for(lambda: d.get("/api/tables")[0].get("hands") == 3, 20, "a table's status")
        deadline = started + HEADER_TIMEOUT + 20
        open_ones = held
        while open_ones and time.monotonic() < deadline:
            open_ones = [s for s in open_ones if not closed(s)]
            time.sleep(0.2)
        assert not open_ones, f"{len(open_ones)} held connections still open"
        for sock in viewers:
            sock.close()
        assert d.proc is not None and d.proc.poll() is None
    finally:
        for sock in held:
            sock.close()
        venue.close()
        group.close()
    log = d.log()
    print(f"{len(log.splitlines())} log lines")
    assert "Traceback" not in log, log[:3000]
    assert len(log.splitlines()) <= 20, log[:3000]
