"""Numbers written as text by someone else (arguments, config, URLs, the environment): one of
5,000 digits, or with a digit int() refuses (``²``), is a clear refusal, never int()'s
ValueError as a traceback. (Bids in records: test_score_input.py.)"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from hardware.config import ConfigError, load_config

from .conftest import REPO, cli, one_line, play

HUGE = "9" * 5000
#: Port texts str.isdigit() accepts and int() does not, or does at 5,000 digits.
PORTS = ["8²", HUGE, "٨٠", "1" * 250]


@pytest.mark.parametrize("port", PORTS, ids=["superscript", "huge", "arabic-indic", "long"])
def test_a_club_brokers_port_is_a_config_error(tmp_path: Path, port: str) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f'[club]\nbroker = "host:{port}"\nevent = "e"\ntable = 1\n', encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    message = str(err.value).removeprefix(f"{path}: ")
    assert message.startswith("club.broker") and "\n" not in message and len(message) < 160, message


@pytest.mark.slow
@pytest.mark.parametrize("port", PORTS, ids=["superscript", "huge", "arabic-indic", "long"])
def test_a_web_listen_port_is_one_line(tmp_path: Path, port: str) -> None:
    result = cli("web", "--db", str(tmp_path / "k.db"), "--listen", f"127.0.0.1:{port}")
    assert result.returncode == 2
    assert "expected HOST:PORT" in one_line(result)


def director(tmp_path: Path, *args: str) -> Any:
    event = tmp_path / "event.toml"
    players = ", ".join(f'"P{i}"' for i in range(8))
    event.write_text(
        f'[event]\nid = "e1"\nname = "T"\nformat = "individual"\nrounds = 3\n'
        f'hands_per_round = 4\nrules = "standard"\nplayers = [{players}]\npin = "1234"\n'
    )
    return cli("director", "--event", str(event), "--db", str(tmp_path / "d.db"), *args,
               timeout=30)  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("port", PORTS, ids=["superscript", "huge", "arabic-indic", "long"])
def test_the_directors_ports_are_one_line(tmp_path: Path, port: str) -> None:
    for args in (
        ["--broker", f"localhost:{port}", "--listen", "127.0.0.1:8080"],
        ["--broker", "localhost", "--listen", f"127.0.0.1:{port}"],
    ):
        result = director(tmp_path, *args)
        assert result.returncode == 2, result.err
        assert "Traceback" not in result.err, result.err
        (line,) = result.err.strip().splitlines()
        assert "--broker" in line if args[1] != "localhost" else "--listen" in line, line


@pytest.mark.slow
@pytest.mark.parametrize("usec", [HUGE[:400], "1" + "0" * 30, "²"])
def test_a_watchdog_usec_of_any_size_starts_the_scorer(tmp_path: Path, usec: str) -> None:
    keys = tmp_path / "keys.txt"
    keys.write_text("UP OK\n")
    env = {**os.environ, "WATCHDOG_USEC": usec}
    result = cli("run", "--board", "mock", "--quiet", "--keys", str(keys), "--db",
                 str(tmp_path / "k.db"), env=env)  # fmt: skip
    assert result.returncode == 0 and "Traceback" not in result.err, result.err
    assert result.out.splitlines()[-1] == "ok 2 OK"


@pytest.mark.slow
def test_a_game_number_of_5000_digits_is_a_404_page(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    port, log = free_port(), tmp_path / "web.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "hardware.cli", "web", "--db", str(db), "--listen",
             f"127.0.0.1:{port}"], stdout=out, stderr=out, cwd=REPO)  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        assert b"<html" in get(url + "/games/1", wait=True)
        for path in (f"/games/{HUGE}", "/games/0" + HUGE, "/games/%D9%A3"):
            with pytest.raises(urllib.error.HTTPError) as err:
                get(url + path)
            assert err.value.code == 404, path
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
    assert "Traceback" not in log.read_text(errors="replace")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get(url: str, wait: bool = False) -> bytes:
    deadline = time.monotonic() + (30 if wait else 0)
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as r:
                return bytes(r.read())
        except urllib.error.HTTPError:
            raise
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
