"""One entry row whose bytes were damaged (the SQLite file itself still sound): that game is
reported damaged, every other game is exported and served (issue 22: 9)."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .conftest import REPO, cli, one_line, play
from .sqlite_pages import write_at

pytestmark = pytest.mark.slow

#: How each damage turns a contract row's bytes (the same length: the b-tree stays sound).
DAMAGE = {
    "not JSON": (b'{"kind":"contract"', b'#"kind":"contract"'),
    "not UTF-8": (b'{"kind":"contract"', b'\xff"kind":"contract"'),
    "not an entry": (b'{"kind":"contract"', b'{"kind":"contrbct"'),
}


def damage_row(db: Path, game: int, how: str) -> None:
    """Change the bytes of one contract row of ``game`` in the file (a flipped sector)."""
    with sqlite3.connect(db) as con:
        rows = con.execute(
            'SELECT data FROM entries WHERE game_id = ? AND data LIKE \'{"kind":"contract"%\'',
            (game,),
        ).fetchall()
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    data = db.read_bytes()
    old, new = DAMAGE[how]
    for (text,) in rows:
        raw = text.encode()
        if data.count(raw) == 1:
            at = data.index(raw)
            write_at(db, at, new + raw[len(old) :])
            break
    else:
        pytest.fail(f"no contract row of game {game} is unique in the file")
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        assert con.execute("PRAGMA quick_check").fetchone()[0] == "ok"  # only the row is bad
    con.close()


@pytest.fixture(params=list(DAMAGE))
def damaged(request: Any, tmp_path: Path) -> tuple[Path, list[Any]]:
    """Games 1 to 3 finished, 4 under way; one row of game 2 damaged. With the records."""
    db = tmp_path / "kaiser.db"
    play(db, 3)
    result = cli("export", "--all", "--db", str(db))
    assert result.returncode == 0, result.err
    records = json.loads(result.out)
    damage_row(db, 2, request.param)
    return db, records


def test_export_names_the_damaged_game_and_prints_the_others(
    damaged: tuple[Path, list[Any]],
) -> None:
    db, records = damaged
    result = cli("export", "--all", "--db", str(db))
    line = one_line(result)
    assert result.returncode == 2
    assert "game 2 is damaged" in line and f"recover --db {db}" in line, line
    assert json.loads(result.out) == [records[0], *records[2:]]
    current = cli("export", "--db", str(db))  # the game under way reads: exported as ever
    assert current.returncode == 0, current.err
    assert json.loads(current.out) == records[3]


def test_export_of_a_damaged_current_game_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    damage_row(db, 2, "not JSON")
    result = cli("export", "--db", str(db))
    assert result.returncode == 2 and result.out == ""
    assert "game 2 is damaged (an entry is not JSON)" in one_line(result)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode()


@pytest.mark.slow
def test_web_serves_every_other_game_and_says_which_is_damaged(
    damaged: tuple[Path, list[Any]],
) -> None:
    db, _ = damaged
    # A finished game's page comes from the digest the scorer stored as it ended (whole, its
    # rows aside): without it (a journal of an older version) the web reads the rows.
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM digests")
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    web = subprocess.Popen(
        [sys.executable, "-m", "hardware.cli", "web", "--db", str(db), "--listen", url[7:]],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, home = _get(url + "/")
                break
            except OSError:
                assert web.poll() is None and time.monotonic() < deadline, "web did not start"
                time.sleep(0.05)
        assert status == 200, home
        for number in (1, 3, 4):
            assert f'href="/games/{number}"' in home
            status, body = _get(f"{url}/games/{number}")
            assert status == 200, body
        assert "damaged" in home  # game 2's row in the list says so
        status, body = _get(url + "/games/2")
        assert status == 500 and "game 2 is damaged" in body.lower(), body
        status, body = _get(url + "/stats")
        assert status == 200 and 'id="stats"' in body, body
    finally:
        web.terminate()
        web.wait(10)
