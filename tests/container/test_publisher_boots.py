"""The club publisher under a real systemd, with every hardening directive of its unit.

The same container as test_service_boots.py (its ``box`` fixture: Debian booted with
systemd-nspawn, install.sh run in it on the mock board). install.sh does not install the
publisher yet, so this test installs what it needs itself: the ``[club]`` extra (paho-mqtt)
into the installed venv and ``systemd/kaiser-publisher.service`` as it is. The container
shares this machine's network namespace, so a real mosquitto started here on a free
127.0.0.1 port (with the project's config, logins and ACL) is the venue's broker; the
unit's ``IPAddressAllow=localhost`` lets the publisher reach it.
"""

from __future__ import annotations

import json
import re
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from test_service_boots import KEYS, SCRATCH, STATE, Box, numbers
from test_service_boots import box as service_box  # noqa: F401 - booted, installed

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "club"))
from club_helpers import Broker, make_logins

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
PUBLISHER = "kaiser-publisher.service"
SCORER = "kaiser-scorer.service"
EVENT = "container-night"
SEATS = ["Ann", "Bob", "Cy", "Di"]
RULES = {"profile": "standard", "options": {"max_hands": 4}}


class Watch:
    """A subscriber on this machine: every message of the event, as JSON."""

    def __init__(self, port: int, login: tuple[str, str]) -> None:
        self.got: dict[str, Any] = {}
        self.lock = threading.Lock()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        self.client.username_pw_set(*login)
        self.client.on_message = self._on_message
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe(f"kaiser/{EVENT}/#", 1)
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        with self.lock:
            self.got[message.topic] = json.loads(message.payload)

    def get(self, tail: str) -> Any:
        with self.lock:
            return self.got.get(f"kaiser/{EVENT}/{tail}")

    def close(self) -> None:
        self.client.loop_stop()
        self.client.disconnect()


class Club:
    """The box with [club] in its config, the publisher's unit installed, and a broker."""

    def __init__(self, box: Box, broker: Broker, logins: dict[str, str]) -> None:
        self.box = box
        self.broker = broker
        self.logins = logins

    def journal(self, unit: str = PUBLISHER) -> str:
        return self.box.m.run("journalctl", "-u", unit, "--no-pager", "-o", "cat").stdout

    def prop(self, *names: str) -> dict[str, str]:
        return self.box.m.show(PUBLISHER, *names)

    def wait(self, what: str, condition: Any, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if condition():
                return
            time.sleep(0.1)
        raise AssertionError(f"{what}: not within {timeout} s\n{self.journal()[-3000:]}")


@pytest.fixture(scope="module")
def club(service_box: Box, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:  # noqa: F811
    box = service_box
    folder = tmp_path_factory.mktemp("club-broker")
    logins = make_logins(EVENT, 2, folder / "logins")
    broker = Broker(folder / "broker", folder / "logins")
    broker.folder.mkdir(exist_ok=True)
    started = time.monotonic()
    box.m.run(
        "/opt/kaiser-scorer/venv/bin/pip", "install", "--disable-pip-version-check",
        "paho-mqtt>=2", env=box.pip_env, timeout=300,
    )  # fmt: skip
    numbers["pip install paho-mqtt"] = f"{time.monotonic() - started:.0f} s"
    unit = (REPO / "systemd" / PUBLISHER).read_text()
    (box.root / "etc/systemd/system" / PUBLISHER).write_text(unit)
    config = box.root / "etc/kaiser-scorer/config.toml"
    config.write_text(
        config.read_text() + f'\n[club]\nbroker = "127.0.0.1:{broker.port}"\nevent = "{EVENT}"\n'
        f'name = "Container night"\ntable = 1\nusername = "table-1"\n'
        f'password = "{logins["table-1"]}"\n'
    )
    box.m.run("systemctl", "daemon-reload")
    box.m.run("systemctl", "restart", SCORER)  # now in club mode
    box.active_since()
    try:
        yield Club(box, broker, logins)
    finally:
        box.m.run("systemctl", "stop", PUBLISHER, check=False)
        broker.stop()


def test_without_a_broker_it_runs_reads_the_journal_read_only_and_says_it_retries(
    club: Club,
) -> None:
    m = club.box.m
    m.run("systemctl", "start", PUBLISHER)  # the broker is not started yet
    club.wait("the retry line", lambda: "cannot reach the broker 127.0.0.1" in club.journal())
    p = club.prop("ActiveState", "MainPID", "NRestarts", "User")
    assert p["ActiveState"] == "active" and p["NRestarts"] == "0" and p["User"] == "kaiser"
    assert "Traceback" not in club.journal()
    pid = p["MainPID"]
    status = m.run("cat", f"/proc/{pid}/status").stdout
    fields = dict(line.split(":\t", 1) for line in status.splitlines() if ":\t" in line)
    assert fields["NoNewPrivs"].strip() == "1" and fields["Seccomp"].strip() == "2"
    assert int(fields["CapBnd"], 16) == 0 and int(fields["CapEff"], 16) == 0
    mounts = m.run("cat", f"/proc/{pid}/mountinfo").stdout.splitlines()
    under = [f.split() for f in mounts if f"/{STATE}/".startswith(f.split()[4].rstrip("/") + "/")]
    holder = max(under, key=lambda f: len(f[4]))  # the mount the state folder is on
    assert "ro" in holder[5].split(","), holder  # the journal: read-only
    # Writing there from inside the service's sandbox fails (the same mount namespace).
    touch = m.run(
        "nsenter", "-t", pid, "-m", "touch", f"/{STATE}/written-by-the-publisher", check=False
    )
    assert touch.returncode != 0 and "Read-only file system" in touch.stderr
    security = m.run("systemd-analyze", "security", PUBLISHER, "--no-pager", check=False).stdout
    exposure = security.strip().splitlines()[-1]
    level = float(re.findall(r"(\d+\.\d)", exposure)[-1])
    numbers["publisher: systemd-analyze security"] = exposure.split(":", 1)[-1].strip()
    assert level <= 1.5 and ("SAFE" in exposure or "OK" in exposure), security[-2000:]


def test_with_the_broker_the_round_reaches_the_scorer_and_the_game_the_broker(
    club: Club,
) -> None:
    box, m = club.box, club.box.m
    m.run("systemctl", "start", PUBLISHER)
    club.broker.start()
    watch = Watch(club.broker.port, ("director", club.logins["director"]))
    try:
        club.wait("connected", lambda: "connected to the broker" in club.journal(), 20)
        director = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        director.username_pw_set("director", club.logins["director"])
        director.connect("127.0.0.1", club.broker.port)
        director.loop_start()
        payload = {
            "round": 1, "ended": False, "hands_per_round": 4, "rules": RULES,
            "tables": {"1": SEATS, "2": ["Ed", "Flo", "Gus", "Hal"]}, "sitting_out": [],
        }  # fmt: skip
        director.publish(f"kaiser/{EVENT}/round", json.dumps(payload), 1, True).wait_for_publish(5)
        director.loop_stop()
        director.disconnect()
        # The publisher hands the round to the running scorer (PrivateNetwork=yes; the
        # local socket beside its database); the scorer journals it.
        club.wait(
            "the round journaled by the scorer",
            lambda: '"round":1' in meta(box, "club").replace(" ", ""),
        )
        club.wait("the status", lambda: (watch.get("table/1/status") or {}).get("online"))
        # A hand played on the table (the service stopped, the scorer run with the keys).
        m.run("systemctl", "stop", SCORER)
        (box.root / SCRATCH.lstrip("/") / "club-keys").write_text("\n".join(KEYS) + "\n")
        script = m.run(
            "runuser", "-u", "kaiser", "--", "/opt/kaiser-scorer/venv/bin/kaiser-scorer",
            "run", "--board", "mock", "--keys", f"{SCRATCH}/club-keys",
            "--config", "/etc/kaiser-scorer/config.toml", "--db", f"/{STATE}/kaiser.db",
            "--quiet", timeout=120,
        )  # fmt: skip
        assert script.stdout.count("ok ") == len(KEYS), script.stdout + script.stderr
        club.wait("the game", lambda: watch.get("table/1/round/1/game"))
        game = watch.get("table/1/round/1/game")
        assert game["table"] == 1 and game["journal"] == meta(box, "journal")
        assert game["record"]["names"] == dict(zip("NESW", SEATS, strict=True))
        assert game["record"]["rules"] == RULES and len(game["record"]["hands"]) == 1
        status = watch.get("table/1/status")
        assert status["hands"] == 1 and status["totals"] == {"NS": -1, "EW": 11}
        assert club.prop("NRestarts")["NRestarts"] == "0"
        m.run("systemctl", "start", SCORER)
    finally:
        watch.close()


def meta(box: Box, key: str) -> str:
    """A meta value of the table's database, read inside the container (read-only)."""
    code = (
        "import sqlite3, sys; db = sqlite3.connect(f'file:{sys.argv[1]}?mode=ro', uri=True);"
        "row = db.execute('SELECT value FROM meta WHERE key = ?', (sys.argv[2],)).fetchone();"
        "print(row[0] if row else '')"
    )
    return box.m.run("python3", "-c", code, f"/{STATE}/kaiser.db", key).stdout.strip()
