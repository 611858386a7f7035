"""Hostile config files: every mistake is one line naming the key (exit 2), never a traceback.

Exit status 2 is what the service's ``RestartPreventExitStatus=2`` keeps from a restart loop.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from hardware.config import ConfigError, load_config, parse_config
from kaiser_core.errors import KaiserError

from .conftest import cli, one_line

BAD_TOML = [
    ("list-for-name", '[board]\nname = ["bonnet"]\n', "board.name"),
    ("table-for-name", "[board]\nname = {a = 1}\n", "board.name"),
    ("list-for-rules", '[game]\nrules = ["standard"]\n', "game.rules"),
    ("list-for-entry", '[game]\nentry = ["per-hand"]\n', "game.entry"),
    ("options-not-table", '[game]\noptions = "x"\n', "options"),
    ("huge-int", "[board]\nhold_time = " + "9" * 5000 + "\n", "not valid TOML"),
    ("big-int", "[board]\nhold_time = " + "9" * 4000 + "\n", "4000 digits"),
    ("deep", "a = " + "[" * 100_000 + "]" * 100_000 + "\n", "nested too deeply"),
    ("port-string", '[display]\nport = "one"\n', "display.port"),
    ("address-string", '[display]\naddress = "0x3C"\n', "display.address"),
    ("address-range", "[display]\naddress = 300\n", "display.address"),
    ("dc-list", '[board]\nname = "waveshare"\n[display]\ndc = [24]\n', "display.dc"),
    ("rst-99", '[board]\nname = "waveshare"\n[display]\nrst = 99\n', "display.rst"),
    ("rotate-false", "[display]\nrotate = false\n", "display.rotate"),
    ("rotate-90", "[display]\nrotate = 90\n", "display.rotate"),
    ("device-string", '[board]\nname = "waveshare"\n[display]\ndevice = "0"\n', "display.device"),
    ("up-on-sda", "[board.pins]\nUP = 2\n", "board.pins.UP = 2 is the display's I2C SDA"),
    ("up-on-scl", "[board.pins]\nUP = 3\n", "board.pins.UP"),
    ("a-on-dc", '[board]\nname = "waveshare"\n[board.pins]\nA = 24\n', "board.pins.A = 24"),
    ("a-on-mosi", '[board]\nname = "waveshare"\n[board.pins]\nA = 10\n', "SPI MOSI"),
    ("dc-on-mosi", '[board]\nname = "waveshare"\n[display]\ndc = 10\n', "display.dc = 10"),
    ("reader-enabled", '[reader]\nenabled = "yes"\n', "reader.enabled"),
]


@pytest.mark.parametrize("case,text,fragment", BAD_TOML, ids=[b[0] for b in BAD_TOML])
def test_config_mistakes_are_one_line(case: str, text: str, fragment: str, tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(path)
    message = str(err.value)
    assert "\n" not in message and fragment in message and len(message) < 200, message


@pytest.mark.slow
@pytest.mark.parametrize(
    "case,data",
    [
        ("bad-utf8", b'[names]\nNS = "\xff\xfe"\n'),
        ("utf16", '[names]\nNS = "Us"\n'.encode("utf-16")),
        ("binary", bytes(range(256)) * 4),
    ],
)
def test_undecodable_config_files_are_one_line(case: str, data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_bytes(data)
    result = cli("run", "--config", str(path), "--board", "mock", "--keys", "/dev/null")
    assert result.returncode == 2
    line = one_line(result)
    assert str(path) in line
    assert ("UTF-8" in line) or ("TOML" in line)
    if case == "utf16":
        assert "UTF-16" in line


def test_the_presets_do_not_clash_with_their_displays() -> None:
    for name in ("bonnet", "waveshare"):
        cfg = parse_config({"board": name})
        assert cfg.board == name


def test_config_error_is_the_projects_error() -> None:
    assert issubclass(ConfigError, KaiserError)


WRONG = [["x"], {"a": 1}, True, 1.5, "s", -1, 10**4000, None]
SETTINGS = {
    "game": ["rules", "entry", "options"],
    "names": ["NS", "EW"],
    "board": ["name", "pins", "hold_time", "bounce_time"],
    "display": [
        "driver",
        "interface",
        "port",
        "address",
        "device",
        "dc",
        "rst",
        "rotate",
        "dim_after",
    ],
    "reader": ["enabled", "port"],
}


def test_every_setting_with_every_wrong_type_is_a_config_error() -> None:
    for (section, keys), value in itertools.product(SETTINGS.items(), WRONG):
        for key in keys:
            for board in ("bonnet", "waveshare"):
                data = {section: {key: value}}
                if section != "board":
                    data["board"] = {"name": board}
                if value is None:
                    data = {section: value}
                try:
                    parse_config(data)
                except ConfigError as err:
                    assert "\n" not in str(err) and len(str(err)) < 200
    for key in ("UP", "A"):
        for value in WRONG:
            with pytest.raises(ConfigError, match=f"board.pins.{key}"):
                parse_config({"board": {"pins": {key: value}}})
