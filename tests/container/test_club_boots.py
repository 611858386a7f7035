"""Club night under a real systemd, set up with the README's commands as written (issue 26).

The same container as test_service_boots.py (its ``box``: Debian booted with systemd-nspawn,
install.sh run in it on the mock board). The fenced block under README.md's "Club night,
command by command" is read and run line by line, as root (``sudo`` dropped): the shipped
mosquitto config with mosquitto as its own user, make-logins.sh, the director's unit, the
table's publisher. Two substitutions only, said where they happen: ``apt install
mosquitto`` installs the very .deb files this machine's apt has in its cache (the container
has no network of its own to apt's mirror), and the table's password is logins.txt's.

Two tables: table 1 is the installed kaiser-scorer and kaiser-publisher units; table 2 runs
the same unit files with their folders renamed (``-2``), on the same mock board. A round is
played; table 1's Pi is replaced mid-round by ``recover`` (the round goes on and counts);
table 2's by a copied card, the old one still on (both publishers stay connected, the page
says which journal counts); the round ends the event (``final``).

The container shares this machine's network: mosquitto listens on 1883 and the director on
8081 here too; the test is skipped, saying so, when either port is taken.
"""

from __future__ import annotations

import json
import re
import socket
import sqlite3
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from test_service_boots import REPO, SCRATCH, Box, numbers
from test_service_boots import box as service_box  # noqa: F401 - booted, installed

pytestmark = pytest.mark.slow

EVENT = "tuesday-2026-12-01"
PIN = "секрет"
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Zoë"]
DIRECTOR = "http://127.0.0.1:8081"
HEADING = "#### Club night, command by command"
#: TABLE.md's example hand: E bids 8 hearts, EW make it.
HAND = "OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK".split()  # noqa: SIM905
DEBS = ("mosquitto_", "libmosquitto1_", "libcjson1_", "libdlt2_", "libwrap0_")


def readme_block() -> list[str]:
    """The command lines of the README's fenced block under ``HEADING``."""
    text = (REPO / "README.md").read_text()
    after = text[text.index(HEADING) :]
    block = re.search(r"```sh\n(.*?)```", after, re.S)
    assert block, f"no ```sh block under {HEADING!r}"
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def as_root(line: str) -> str:
    """The line as root runs it: without ``sudo``."""
    return re.sub(r"(^|[|&;]\s*)sudo\s+", r"\1", line)


def port_free(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) != 0


def get(path: str) -> Any:
    with urllib.request.urlopen(DIRECTOR + path, timeout=10) as r:
        return json.loads(r.read())


def post(path: str, body: bytes = b"") -> tuple[int, Any]:
    request = urllib.request.Request(
        DIRECTOR + path, data=body, method="POST", headers={"X-Pin": urllib.parse.quote(PIN)}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def wait(what: str, check: Any, timeout: float = 60) -> Any:
    end = time.monotonic() + timeout
    last = None
    while time.monotonic() < end:
        try:
            last = check()
        except (OSError, ValueError, KeyError, TypeError, StopIteration, sqlite3.Error) as err:
            last = err
        else:
            if last:
                return last
        time.sleep(0.2)
    raise AssertionError(f"{what}: not within {timeout} s (last: {last!r})")


class Club:
    """The booted box as a venue with two tables."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.m = box.m

    def sh(self, line: str, timeout: float = 400) -> str:
        result = self.m.run(
            "bash", "-c", f"cd /root/kaiser-scorer && {line}",
            env=self.box.pip_env, timeout=timeout, check=False,
        )  # fmt: skip
        assert result.returncode == 0, f"{line}\n{result.stdout}\n{result.stderr}"
        return result.stdout

    def logins(self) -> dict[str, str]:
        text = (self.box.root / "etc/mosquitto/kaiser/logins.txt").read_text()
        return dict(line.split(" ", 1) for line in text.splitlines() if line)

    def journal(self, unit: str) -> str:
        return self.m.run("journalctl", "-u", unit, "--no-pager", "-o", "cat").stdout

    def meta(self, state: str, key: str) -> Any:
        db = self.box.root / state.lstrip("/") / "kaiser.db"
        con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
        try:
            row = con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        finally:
            con.close()
        return json.loads(row[0]) if row and row[0][:1] in "{[" else (row[0] if row else None)

    def play(self, n: str, state: str, config: str, hands: int, start: bool) -> None:
        """Stop table ``n``'s scorer, key ``hands`` hands in with its config, start it."""
        unit = f"kaiser-scorer{n}.service"
        self.m.run("systemctl", "stop", unit)
        keys = (["UP"] if start else []) + HAND * hands
        (self.box.root / SCRATCH.lstrip("/") / "keys").write_text("\n".join(keys) + "\n")
        out = self.m.run(
            "runuser", "-u", "kaiser", "--", "/opt/kaiser-scorer/venv/bin/kaiser-scorer", "run",
            "--board", "mock", "--keys", f"{SCRATCH}/keys", "--config", config,
            "--db", f"{state}/kaiser.db", "--quiet", timeout=120,
        )  # fmt: skip
        assert out.stdout.count("ok ") == len(keys), out.stdout + out.stderr
        self.m.run("systemctl", "start", unit)

    def copy_table(self, n: str, table: int, password: str) -> tuple[str, str]:
        """Table ``table`` on the scorer and publisher units renamed with ``n`` (their state,
        runtime folders and config); (state folder, config)."""
        state, config = f"/var/lib/kaiser-scorer{n}", f"/etc/kaiser-scorer/table{n}.toml"
        units = self.box.root / "etc/systemd/system"
        for name in ("kaiser-scorer", "kaiser-publisher"):
            text = (REPO / "systemd" / f"{name}.service").read_text()
            for old in ("kaiser-scorer", "kaiser-publisher"):
                text = re.sub(rf"\b{old}(?=[/\s.]|$)", f"{old}{n}", text, flags=re.M)
            text = text.replace(f"/opt/{'kaiser-scorer'}{n}/", "/opt/kaiser-scorer/")
            text = text.replace(f"/bin/{'kaiser-scorer'}{n} ", "/bin/kaiser-scorer ")
            text = text.replace(f"/etc/kaiser-scorer{n}/config.toml", config)
            (units / f"{name}{n}.service").write_text(text)
        base = (self.box.root / "etc/kaiser-scorer/config.toml").read_text()
        base = base.split("\n[club]")[0]
        secret = f"/etc/kaiser-scorer/club-password{n}"
        (self.box.root / secret.lstrip("/")).write_text(password + "\n")
        self.m.run("chown", "root:kaiser", secret)
        self.m.run("chmod", "640", secret)
        (self.box.root / config.lstrip("/")).write_text(
            base + f'\n[club]\nbroker = "127.0.0.1"\nevent = "{EVENT}"\nname = "Tuesday"\n'
            f'table = {table}\nusername = "table-{table}"\npassword_file = "{secret}"\n'
            f'socket = "/run/kaiser-publisher{n}/wake.sock"\n'
        )
        self.m.run("systemctl", "daemon-reload")
        return state, config


def row(n: int) -> dict[str, Any]:
    return next(r for r in get("/api/tables") if r["table"] == n)


def test_club_night_as_the_readme_says(service_box: Box) -> None:  # noqa: F811
    for port in (1883, 8081):
        if not port_free(port):
            pytest.skip(f"port {port} is taken on this machine (the container shares its network)")
    box = service_box
    club = Club(box)
    cache = Path("/var/cache/apt/archives")
    debs = [next(iter(sorted(cache.glob(f"{d}*.deb"))), None) for d in DEBS]
    if None in debs:
        pytest.skip(f"apt's cache here lacks {DEBS} (apt-get install --download-only mosquitto)")
    (box.root / SCRATCH.lstrip("/") / "debs").mkdir()
    for deb in debs:
        assert deb is not None
        (box.root / SCRATCH.lstrip("/") / "debs" / deb.name).write_bytes(deb.read_bytes())
    started = time.monotonic()
    lines = readme_block()
    venue = lines[: next(i for i, line in enumerate(lines) if "club-password" in line)]
    table = lines[len(venue) :]
    try:
        for line in venue:
            if line.startswith("sudo apt install mosquitto"):  # apt's cached .debs, offline
                club.sh(f"dpkg -i {SCRATCH}/debs/*.deb")
                continue
            if "event.toml" in line:  # the organiser's event file, with the director's login
                (box.root / "root/kaiser-scorer/event.toml").write_text(
                    '[event]\nid = "' + EVENT + '"\nname = "Tuesday"\nformat = "individual"\n'
                    'rounds = 1\nhands_per_round = 3\nrules = "standard"\n'
                    f'players = {json.dumps(PLAYERS, ensure_ascii=False)}\npin = "{PIN}"\n'
                    f'[broker]\nusername = "director"\npassword = "{club.logins()["director"]}"\n',
                    encoding="utf-8",
                )
            club.sh(as_root(line))
        numbers["club venue set up"] = f"{time.monotonic() - started:.0f} s"
        pid = box.m.show("mosquitto.service", "MainPID", "ActiveState")
        assert pid["ActiveState"] == "active", club.journal("mosquitto")
        status = club.m.run("cat", f"/proc/{pid['MainPID']}/status").stdout
        uid = next(line.split()[1] for line in status.splitlines() if line.startswith("Uid:"))
        owner = club.m.run("id", "-nu", uid).stdout.strip()
        assert owner == "mosquitto", owner  # the broker runs as its own user, and it started
        assert oct((box.root / "etc/kaiser-director/event.toml").stat().st_mode & 0o777) == "0o600"
        try:
            wait(
                "the director's broker",
                lambda: get("/api/director")["broker"]["state"] == "connected",
            )
        except AssertionError as err:
            logs = club.journal("kaiser-director")[-3000:] + club.journal("mosquitto")[-2000:]
            raise AssertionError(f"{err}\n{logs}") from None
        # Table 1: the installed units, [club] written where the README says to edit.
        config = box.root / "etc/kaiser-scorer/config.toml"
        config.write_text(
            config.read_text() + f'\n[club]\nbroker = "127.0.0.1"\nevent = "{EVENT}"\n'
            'name = "Tuesday"\ntable = 1\nusername = "table-1"\n'
            'password_file = "/etc/kaiser-scorer/club-password"\n'
        )
        for line in table:
            club.sh(as_root(line.replace("PASSWORD-FROM-logins.txt", club.logins()["table-1"])))
        for unit, files, memory in (
            ("kaiser-director", "1024", str(200 << 20)),
            ("kaiser-publisher", "256", str(96 << 20)),
        ):  # the units' limits, as the processes run under them
            p = box.m.show(f"{unit}.service", "LimitNOFILE", "MemoryMax", "ActiveState", "MainPID")
            assert (p["LimitNOFILE"], p["MemoryMax"], p["ActiveState"]) == (files, memory, "active")
            limits = club.m.run("cat", f"/proc/{p['MainPID']}/limits").stdout
            assert re.search(rf"Max open files\s+{files}\s+{files}", limits), limits
        state2, config2 = club.copy_table("-2", 2, club.logins()["table-2"])
        club.m.run("systemctl", "start", "kaiser-scorer-2", "kaiser-publisher-2")
        status, rnd = post("/api/rounds/next")
        assert status == 200, rnd
        for state in ("/var/lib/kaiser-scorer", state2):
            wait(
                f"round 1 at {state}", lambda s=state: club.meta(s, "club")["latest"]["round"] == 1
            )
        club.play("", "/var/lib/kaiser-scorer", "/etc/kaiser-scorer/config.toml", 1, True)
        club.play("-2", state2, config2, 1, True)
        wait("a hand at each table", lambda: [row(n)["hands"] for n in (1, 2)] == [1, 1])
        # Table 1's Pi dies mid-round: its card into the spare, through recover (README).
        old_journal = row(1)["journal"]
        # (one machine plays both Pis: the spare's own database moved away is the old card)
        club.m.run("systemctl", "stop", "kaiser-publisher", "kaiser-scorer")
        club.m.run(
            "bash", "-c",
            "mkdir /root/spare-own && mv /var/lib/kaiser-scorer/kaiser.db* /root/spare-own/",
        )  # fmt: skip
        club.m.run("bash", "-c", "mkdir /root/card && cp /root/spare-own/kaiser.db* /root/card/")
        club.m.run(
            "/opt/kaiser-scorer/venv/bin/kaiser-scorer", "recover", "--db",
            "/root/card/kaiser.db", "--out", "/var/lib/kaiser-scorer/kaiser.db", timeout=120,
        )  # fmt: skip
        club.m.run("chown", "-R", "kaiser:kaiser", "/var/lib/kaiser-scorer")
        club.m.run("systemctl", "start", "kaiser-scorer", "kaiser-publisher")
        club.play("", "/var/lib/kaiser-scorer", "/etc/kaiser-scorer/config.toml", 1, False)
        wait(
            "the spare's hand counted",
            lambda: row(1)["hands"] == 2 and row(1)["journal"] != old_journal,
        )
        assert row(1)["refused"] == 0
        assert any(n["kind"] == "replaced" for n in row(1)["notes"]), row(1)
        # Table 2's Pi replaced by a copied card while the old one stays on.
        club.m.run("systemctl", "stop", "kaiser-scorer-2")
        club.m.run("cp", "-a", state2, "/var/lib/kaiser-scorer-3")
        club.m.run("systemctl", "start", "kaiser-scorer-2")
        state3, config3 = club.copy_table("-3", 2, club.logins()["table-2"])
        club.m.run("systemctl", "start", "kaiser-scorer-3", "kaiser-publisher-3")
        club.play("-3", state3, config3, 1, False)
        wait("the copied card's hand", lambda: row(2)["hands"] == 2)
        time.sleep(5)  # flapping showed every second
        for unit in ("kaiser-publisher-2", "kaiser-publisher-3"):
            log = club.journal(unit)
            assert log.count("connected to the broker") == 1 and "lost the broker" not in log, log
        assert row(2)["journal"] == club.meta(state3, "journal")  # the page says which counts
        # The last round ends: the event is over, and the tables are told so.
        status, body = post("/api/rounds/end")
        assert status == 200 and body["final"] is True, body
        for state in ("/var/lib/kaiser-scorer", state2):
            wait(f"the end at {state}", lambda s=state: club.meta(s, "club")["latest"].get("final"))
        numbers["club night"] = f"{time.monotonic() - started:.0f} s"
    finally:
        for unit in (
            "kaiser-director",
            "kaiser-publisher",
            "kaiser-publisher-2",
            "kaiser-publisher-3",
            "kaiser-scorer-2",
            "kaiser-scorer-3",
            "mosquitto",
        ):
            club.m.run("systemctl", "stop", unit, check=False)
