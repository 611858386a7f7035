"""The home pages' unit under a real systemd: what they show is what the scorer stored.

The same container as test_service_boots.py (its ``box`` fixture: Debian booted with
systemd-nspawn, install.sh run in it on the mock board); install.sh is run again with
``--web``, which installs and starts ``kaiser-scorer-web.service`` as it is, with a drop-in
that moves it off port 8080 (the container shares this machine's network). Its view of the
state folder is ``ReadOnlyPaths=``, a read-only bind mount, while a scorer writes through
its own: a scorer running as ``kaiser`` (a transient unit) stores a hand and keeps the
journal open, so that hand is in ``kaiser.db-wal`` only.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_service_boots import SCRATCH, STATE, Box, box, numbers, played  # noqa: F401

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
WEB = "kaiser-scorer-web.service"
SCORER = "kaiser-scorer.service"
WRITER = "kaiser-test-writer"
TOTALS = re.compile(
    r'<a href="/games/(\d+)">.*?</td>(?:<td[^>]*>.*?</td>){3}<td[^>]*>(-?\d+) – (-?\d+)</td>'
)
#: A scorer of its own: the journal opened as the scorer opens it, one more hand stored,
#: the games' totals printed; it keeps the journal open until SIGTERM, then closes it.
SCORER_SCRIPT = """
import json, signal, sys
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from player import Player
from hardware.journal import Journal
from hardware.resume import commit, resume
from kaiser_core.cards import Seat
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Table

journal = Journal(Path(sys.argv[1]), exclusive=True)
table = Table(Rules(), choose_seat=lambda: Seat.N)
resume(journal, table)
def totals():
    return journal.db.execute("SELECT id, ns, ew FROM games ORDER BY id").fetchall()

player, before = Player(5), totals()
while totals() == before or totals()[-1][1:] == (0, 0):  # until a hand is scored
    for name in player.chunk(table):
        commit(journal, table.press(Key.from_name(name)), table)
rows = totals()
print("stored " + json.dumps({str(i): [ns, ew] for i, ns, ew in rows}), flush=True)
signal.signal(signal.SIGTERM, lambda *_: (journal.close(), sys.exit(0)))
while True:
    signal.pause()
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Home:
    """The box with the web unit installed and answering on ``url``."""

    def __init__(self, booted: Box, url: str) -> None:
        self.box, self.url = booted, url

    def journal(self, unit: str = WEB) -> str:
        return self.box.m.run("journalctl", "-u", unit, "--no-pager", "-o", "cat").stdout

    def shown(self) -> dict[int, tuple[int, int]]:
        with urllib.request.urlopen(self.url + "/", timeout=10) as r:
            html = r.read().decode()
        assert "may be behind" not in html
        return {int(g): (int(ns), int(ew)) for g, ns, ew in TOTALS.findall(html)}

    def wait(self, what: str, condition: object, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if condition():  # type: ignore[operator]
                return
            time.sleep(0.1)
        raise AssertionError(f"{what}: not within {timeout} s\n{self.journal()[-3000:]}")


@pytest.fixture(scope="module")
def home(box: Box, played: object) -> Iterator[Home]:  # noqa: F811 - booted, played
    port = free_port()
    drop_in = box.root / f"etc/systemd/system/{WEB}.d"
    drop_in.mkdir(parents=True, exist_ok=True)
    (drop_in / "test.conf").write_text(
        f"[Service]\nEnvironment=KAISER_WEB_LISTEN=127.0.0.1:{port}\nSocketBindAllow=tcp:{port}\n"
    )
    shutil.copy(REPO / "bench" / "player.py", box.root / SCRATCH.lstrip("/") / "player.py")
    started = time.monotonic()
    box.m.run(
        "bash", "/root/kaiser-scorer/systemd/install.sh", "--board", "mock", "--web",
        env=box.pip_env, timeout=400,
    )  # fmt: skip
    numbers["install.sh --web"] = f"{time.monotonic() - started:.0f} s"
    home = Home(box, f"http://127.0.0.1:{port}")

    def answers() -> bool:
        try:
            return bool(home.shown())
        except OSError:
            return False

    home.wait("the home page", answers)
    try:
        yield home
    finally:
        box.m.run("systemctl", "stop", WEB, WRITER, check=False)
        box.ensure_active()


def test_the_pages_show_the_hand_a_running_scorer_just_stored(home: Home) -> None:
    m = home.box.m
    m.run("systemctl", "stop", SCORER)
    m.run(
        "systemd-run", f"--unit={WRITER}", "--uid=kaiser", "--gid=kaiser", "-p", "UMask=0077",
        "/opt/kaiser-scorer/venv/bin/python", "-c", SCORER_SCRIPT, f"/{STATE}/kaiser.db", SCRATCH,
    )  # fmt: skip
    home.wait("the hand stored", lambda: "stored {" in home.journal(WRITER))
    line = next(x for x in home.journal(WRITER).splitlines() if x.startswith("stored {"))
    stored = {int(k): tuple(v) for k, v in json.loads(line.split(" ", 1)[1]).items()}
    wal = home.box.root / STATE / "kaiser.db-wal"
    assert wal.stat().st_size > 0  # the hand is in the WAL: the scorer has not checkpointed
    assert home.shown() == stored
    pid = home.box.m.show(WEB, "MainPID")["MainPID"]
    mounts = m.run("cat", f"/proc/{pid}/mountinfo").stdout.splitlines()
    under = [f.split() for f in mounts if f"/{STATE}/".startswith(f.split()[4].rstrip("/") + "/")]
    holder = max(under, key=lambda f: len(f[4]))  # the mount the state folder is on
    assert "ro" in holder[5].split(","), holder  # the pages' view: read-only
    m.run("systemctl", "stop", WRITER)  # a clean stop: the WAL folded into the file, removed
    assert not wal.exists()
    assert home.shown() == stored
    assert "Traceback" not in home.journal()
    assert home.box.m.show(WEB, "NRestarts")["NRestarts"] == "0"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
