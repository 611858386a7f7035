"""The config file: defaults, both boards, a custom pin map, and one clear line per mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.config import ConfigError, load_config
from kaiser_core import Team

ROOT = Path(__file__).resolve().parent.parent.parent


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "kaiser.toml"
    path.write_text(text)
    return path


def test_no_file_means_the_standard_game_on_the_bonnet():
    cfg = load_config(None)
    assert cfg.rules.profile == "standard" and cfg.board == "bonnet"
    assert cfg.pins == {"UP": 17, "DOWN": 22, "LEFT": 27, "RIGHT": 23, "OK": 4, "A": 5, "B": 6}
    assert cfg.display["driver"] == "ssd1306" and cfg.display["address"] == 0x3C


def test_the_installed_default_config_is_valid():
    cfg = load_config(ROOT / "systemd" / "config.toml")
    assert cfg.board == "bonnet" and cfg.reader_enabled is False


def test_the_waveshare_board_and_house_rules(tmp_path):
    cfg = load_config(
        write(
            tmp_path,
            """
board = "waveshare-hat"
[game]
rules = "tournament"
entry = "per-hand"
[game.options]
target_after_nt = 62
[names]
NS = "Prairie"
""",
        )
    )
    assert cfg.board == "waveshare" and cfg.display["driver"] == "sh1106"
    assert cfg.pins["OK"] == 13 and cfg.pins["A"] == 21 and cfg.pins["B"] == 20
    assert cfg.rules.nt_min_bid == 7 and cfg.rules.target_after_nt == 62
    assert cfg.names == {Team.NS: "Prairie"} and cfg.entry.value == "per-hand"


def test_a_custom_pin_map(tmp_path):
    cfg = load_config(
        write(
            tmp_path,
            """
[board]
name = "custom"
hold_time = 1.2
[board.pins]
UP = 5
DOWN = 6
LEFT = 13
RIGHT = 19
OK = 26
A = 20
B = 21
""",
        )
    )
    assert cfg.pins["OK"] == 26 and cfg.hold_time == 1.2


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("colour = 1", "config.colour is not a setting"),
        ("[game]\nrules = 'poker'", "unknown rules profile 'poker'"),
        ("[game.options]\ntarjet = 1", "unknown option 'tarjet'"),
        ("[game]\nentry = 'by-card'", "game.entry must be per-trick"),
        ("board = 'pizero'", "board.name must be bonnet, waveshare or custom"),
        ("[board]\nname = 'custom'\n[board.pins]\nUP = 5", "must give every key"),
        ("[board.pins]\nUP = 40", "board.pins.UP must be a BCM GPIO number"),
        ("[board.pins]\nJUMP = 4", "board.pins.JUMP is not a key"),
        ("[board.pins]\nUP = 4", "two keys share a pin"),
        ("[board]\nhold_time = 'long'", "board.hold_time must be a number"),
        ("[display]\nrotate = 90", "display.rotate must be 0 or 180"),
        ("[display]\ndriver = 'st7735'", "display.driver must be ssd1306 or sh1106"),
        ("[names]\nNS = ''", "names.NS must be a name"),
        ("[reader]\nenabled = 'yes'", "reader.enabled must be true or false"),
        ("[game", "not valid TOML"),
    ],
)
def test_a_mistake_is_one_line_naming_the_key(tmp_path, text, fragment):
    path = write(tmp_path, text)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert fragment in message and str(path) in message and "\n" not in message


@pytest.mark.slow
def test_run_with_a_bad_config_exits_2_with_one_line(scorer, tmp_path):
    path = write(tmp_path, "[display]\nrotate = 90\n")
    result = scorer.run("UP\n", "--config", str(path), check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"kaiser-scorer: {path}: display.rotate must be 0 or 180, not 90"
    ]
