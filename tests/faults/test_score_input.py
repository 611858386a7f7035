"""``score`` and ``export`` on hostile input and output: exit 2 and one line, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.cli import main
from kaiser_core.record_json import MAX_RECORD_BYTES

from .conftest import REPO, cli, one_line, play

pytestmark = pytest.mark.slow

HAND = {
    "contract": {"bidder": "E", "bid": 8},
    "trump": "H",
    "tricks": ["E", "S", "E", "E", "W", "N", "E", "W"],
    "five_hearts": "E",
    "three_spades": "N",
}
#: Two hands that cancel out (NS and EW each fail a 7): any number of them is a valid game.
PAIR = [
    {
        "contract": {"bidder": "N", "bid": 7},
        "trump": "S",
        "taken": {"NS": 1, "EW": 7},
        "five_hearts": "NS",
        "three_spades": "NS",
    },
    {
        "contract": {"bidder": "E", "bid": 7},
        "trump": "S",
        "taken": {"NS": 2, "EW": 6},
        "five_hearts": "NS",
        "three_spades": "EW",
    },
]
HUGE = "9" * 5000


def text_of(*hands: str) -> str:
    return '{"hands": [' + ", ".join(hands) + "]}"


def good(**change: object) -> str:
    return json.dumps({**HAND, **change})


BAD = [
    # (id, record text, hand in the message, field in the message)
    ("huge-bid", text_of(good().replace('"bid": 8', f'"bid": {HUGE}')), 1, "contract.bid"),
    ("huge-in-2nd-hand", text_of(good(), good().replace('"bid": 8', f'"bid": -{HUGE}')), 2, "bid"),
    (
        "huge-option",
        '{"rules": {"options": {"target": ' + HUGE + '}}, "hands": []}',
        None,
        "target",
    ),
    ("huge-float", text_of(good().replace('"bid": 8', '"bid": 1' + "0" * 400 + ".5")), 1, "bid"),
    ("nan", text_of(good().replace('"bid": 8', '"bid": NaN')), 1, "contract.bid"),
    (
        "pass-newline",
        text_of(json.dumps({**HAND, "auction": ["pass\n", "8", "pass", "pass"]})),
        1,
        "auction",
    ),
    (
        "duplicate-bid",
        text_of(good().replace('"bid": 8', '"bid": 12, "bid": 8')),
        1,
        "contract.bid",
    ),
    ("duplicate-hand-key", text_of(good(), '{"redeal": true, "redeal": true}'), 2, "redeal"),
    ("duplicate-top", '{"hands": [], "hands": []}', None, "hands"),
    ("huge-auction-bid", text_of(good(auction=[HUGE, "pass", "pass", "pass"])), 1, "auction"),
    (
        "huge-nt-bid",
        text_of(good(), good(auction=["pass", HUGE + "nt", "pass", "pass"])),
        2,
        "auction",
    ),
    ("huge-low-bid", text_of(good(auction=["pass", "pass", HUGE + "ntlow", "pass"])), 1, "auction"),
    ("redeal-1", text_of('{"redeal": 1}'), 1, "redeal"),
    ("redeal-1.0", text_of('{"redeal": 1.0}'), 1, "redeal"),
]


@pytest.mark.parametrize("case,text,hand,field", BAD, ids=[b[0] for b in BAD])
def test_bad_records_name_hand_and_field(case, text, hand, field, tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(text)
    assert main(["score", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and len(err) < 200, err
    if hand is not None:
        assert f"hand {hand}:" in err
    else:
        assert not err.startswith("kaiser-scorer: hand ")
    assert field in err


def test_invalid_utf8_is_refused_the_same_on_stdin_and_in_a_file(tmp_path: Path) -> None:
    data = text_of(good(trump="H")).replace("H", "\udcff", 1).encode("utf-8", "surrogateescape")
    path = tmp_path / "record.json"
    path.write_bytes(data)
    from_file = cli("score", str(path))
    from_stdin = cli("score", "-", stdin=data)
    assert from_file.returncode == from_stdin.returncode == 2
    assert "not UTF-8" in one_line(from_file) and "not UTF-8" in one_line(from_stdin)


@pytest.mark.parametrize("source", ["/dev/zero", "-"])
def test_input_is_capped_at_8_mib(source: str) -> None:
    stdin = b" " * (MAX_RECORD_BYTES + 10) if source == "-" else b""
    result = cli("score", source, stdin=stdin, timeout=30)
    assert result.returncode == 2
    assert "larger than 8 MiB" in one_line(result)


def test_a_record_of_exactly_8_mib_is_read(tmp_path: Path) -> None:
    body = json.dumps({"hands": PAIR * 2})
    path = tmp_path / "padded.json"
    path.write_text(body + " " * (MAX_RECORD_BYTES - len(body)))
    result = cli("score", str(path))
    assert result.returncode == 0, result.err


def test_ten_thousand_hands_score(tmp_path: Path) -> None:
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"hands": PAIR * 5000}))
    result = cli("score", str(path))
    assert result.returncode == 0, result.err
    scored = json.loads(result.out)
    assert len(scored["hands"]) == 10000 and scored["totals"] == {"NS": 0, "EW": 0}


def closed_pipe_run(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    read, write = os.pipe()
    os.close(read)  # like `| head -1` that has already gone
    try:
        return subprocess.run(
            [sys.executable, "-m", "hardware.cli", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            cwd=REPO,
            timeout=60,
            check=False,
        )
    finally:
        os.close(write)


def test_a_closed_pipe_or_a_full_disk_on_stdout_is_one_line(tmp_path: Path) -> None:
    record = tmp_path / "long.json"
    record.write_text(json.dumps({"hands": PAIR * 200}))
    db = tmp_path / "kaiser.db"
    play(db, 1)
    for args in (["score", str(record)], ["export", "--all", "--db", str(db)]):
        result = closed_pipe_run(args)
        err = result.stderr.decode()
        assert result.returncode == 2, err
        assert "Traceback" not in err and "Exception ignored" not in err, err
        assert err.count("\n") == 1 and "standard output was closed" in err
        with open("/dev/full", "wb") as full:
            result = subprocess.run(
                [sys.executable, "-m", "hardware.cli", *args],
                stdout=full,
                stderr=subprocess.PIPE,
                cwd=REPO,
                timeout=60,
                check=False,
            )
        err = result.stderr.decode()
        assert result.returncode == 2, err
        assert err.count("\n") == 1 and "No space left on device" in err, err


#: Names a latin-1 or ASCII terminal cannot show: a suit symbol, Cyrillic, an emoji.
NAMES = {"NS": "♥ Аня и Боря", "EW": "Zoë & 🂡"}


@pytest.mark.parametrize("encoding", ["latin-1", "ascii", "latin-1:replace"])
def test_a_standard_output_that_is_not_utf8_gets_the_names_escaped(
    tmp_path: Path, encoding: str
) -> None:
    keys, config, db = tmp_path / "hand.keys", tmp_path / "names.toml", tmp_path / "kaiser.db"
    keys.write_text("UP OK RIGHT UP UP RIGHT OK RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT OK")
    config.write_text(f'[names]\nNS = "{NAMES["NS"]}"\nEW = "{NAMES["EW"]}"\n', encoding="utf-8")
    played = cli("run", "--board", "mock", "--quiet", "--keys", str(keys), "--db", str(db),
                 "--config", str(config))  # fmt: skip
    assert played.returncode == 0, played.err
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    shown = encoding.split(":")[0]  # what that terminal decodes
    exported = cli("export", "--db", str(db), env=env)
    assert exported.returncode == 0 and exported.err == "", exported.err
    text = exported.stdout.decode(shown)
    record = json.loads(text)  # JSON's \\u escapes: the names whole, whatever the encoding
    assert record["names"] == NAMES
    record_file = tmp_path / "record.json"
    record_file.write_bytes(exported.stdout)
    scored = cli("score", str(record_file), env=env)
    assert scored.returncode == 0 and scored.err == "", scored.err
    assert json.loads(scored.stdout.decode(shown))["totals"] == {"NS": -1, "EW": 11}
