"""``[voice]`` in the config: the issue's contract, every key checked in one line, and
the I2S amplifier's pins kept free of keys and the display."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.config import ConfigError, load_config
from hardware.speech.config import I2S_PINS, VoiceConfig
from hardware.speech.words import DEFAULT_SAY

CONTRACT = """\
[voice]
enabled = true
say = ["contract", "result", "totals", "cards"]   # also "tricks", "game"
output = "speaker"        # or a folder
device = "default"        # ALSA device
volume = 80               # percent
rate = 150                # words a minute
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_issues_contract_reads_as_written(tmp_path: Path) -> None:
    voice = load_config(write(tmp_path, CONTRACT)).voice
    assert voice == VoiceConfig(
        True, ("contract", "result", "totals", "cards"), "speaker", "default", 80, 150
    )
    assert voice.folder is None


def test_no_voice_table_means_no_voice_and_an_empty_one_means_off(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, "")).voice is None
    voice = load_config(write(tmp_path, "[voice]\n")).voice
    assert voice is not None and not voice.enabled and voice.say == DEFAULT_SAY
    assert "tricks" not in voice.say  # each trick's taker: off unless asked for


def test_a_folder_and_every_topic(tmp_path: Path) -> None:
    text = '[voice]\nenabled = true\noutput = "/var/lib/kaiser/voice"\n'
    text += 'say = ["contract", "tricks", "result", "totals", "game", "cards"]\n'
    voice = load_config(write(tmp_path, text)).voice
    assert voice is not None and voice.folder == Path("/var/lib/kaiser/voice")
    assert voice.say == ("contract", "tricks", "result", "totals", "game", "cards")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("enabled = 'yes'", "voice.enabled must be true or false, not 'yes'"),
        (
            "say = 'cards'",
            "voice.say must be a list of contract, tricks, result, totals, game, "
            "cards, not 'cards'",
        ),
        ("say = ['cards', 'bids']", "voice.say must be a list of"),
        (
            "output = 'speeker'",
            'voice.output must be "speaker", "i2s" or an absolute folder path, not \'speeker\'',
        ),
        ("output = 'voice/'", "voice.output must be"),
        ("output = 3", "voice.output must be"),
        ("device = ''", "voice.device must be an ALSA device name (like default), not ''"),
        ("device = '-D hw:0'", "voice.device must be an ALSA device name"),
        ("volume = 180", "voice.volume must be a whole number from 0 to 100, not 180"),
        ("volume = 0.5", "voice.volume must be a whole number from 0 to 100, not 0.5"),
        ("rate = 20", "voice.rate must be a whole number from 80 to 450, not 20"),
        ("rate = true", "voice.rate must be a whole number from 80 to 450, not True"),
        (
            "loud = true",
            "voice.loud is not a setting (allowed: device, enabled, output, rate, say, volume)",
        ),
    ],
)
def test_a_mistake_is_one_line_naming_the_key(tmp_path: Path, text: str, line: str) -> None:
    path = write(tmp_path, f"[voice]\n{text}\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert message.startswith(f"{path}: {line}") and "\n" not in message


def test_voice_must_be_a_table(tmp_path: Path) -> None:
    path = write(tmp_path, "voice = true\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value) == f"{path}: [voice] must be a table"


def test_i2s_is_fine_on_the_bonnet_whose_keys_are_elsewhere(tmp_path: Path) -> None:
    cfg = load_config(write(tmp_path, '[voice]\nenabled = true\noutput = "i2s"\n'))
    assert cfg.voice is not None and cfg.voice.output == "i2s" and cfg.voice.folder is None
    assert not set(cfg.pins.values()) & set(I2S_PINS)


def test_i2s_refuses_the_waveshare_hat_whose_keys_sit_on_its_pins(tmp_path: Path) -> None:
    path = write(tmp_path, 'board = "waveshare"\n[voice]\noutput = "i2s"\n')
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert str(info.value) == (
        f"{path}: board.pins.DOWN = 19 is the I2S amplifier's I2S LRCLK (GPIO 19, "
        'voice.output = "i2s"): choose another pin'
    )
    # the same board with a speaker on the jack or USB is fine
    write(tmp_path, 'board = "waveshare"\n[voice]\noutput = "speaker"\n')
    assert load_config(path).voice is not None


@pytest.mark.parametrize(("key", "pin"), [("A", 18), ("OK", 21)])
def test_i2s_refuses_a_custom_key_on_its_pins(tmp_path: Path, key: str, pin: int) -> None:
    pins = {"UP": 5, "DOWN": 6, "LEFT": 13, "RIGHT": 16, "OK": 26, "A": 20, "B": 12}
    pins[key] = pin
    table = "\n".join(f"{k} = {v}" for k, v in pins.items())
    path = write(
        tmp_path, f'[board]\nname = "custom"\n[board.pins]\n{table}\n[voice]\noutput = "i2s"\n'
    )
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert f"board.pins.{key} = {pin} is the I2S amplifier's {I2S_PINS[pin]}" in str(info.value)


def test_i2s_refuses_a_display_pin_or_spi1_on_its_pins(tmp_path: Path) -> None:
    spi = '[display]\ndriver = "sh1106"\ninterface = "spi"\n'
    path = write(tmp_path, spi + 'port = 0\ndc = 18\n[voice]\noutput = "i2s"\n')
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert "display.dc = 18 is the I2S amplifier's I2S BCLK" in str(info.value)
    pins = '[board]\nname = "custom"\n[board.pins]\nUP = 5\nDOWN = 6\nLEFT = 13\nRIGHT = 12\n'
    pins += "OK = 26\nA = 22\nB = 27\n"
    write(tmp_path, pins + spi + 'port = 1\ndc = 24\n[voice]\noutput = "i2s"\n')
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert "display.port = 1 is SPI1, on the I2S amplifier's pins" in str(info.value)


@pytest.mark.slow
def test_run_with_a_voice_mistake_exits_2_with_one_line_in_the_files_language(
    tmp_path: Path,
) -> None:
    import subprocess
    import sys

    keys = tmp_path / "keys.txt"
    keys.write_text("UP\n")
    path = write(tmp_path, 'language = "it"\n[voice]\nvolume = 180\n')
    cmd = [sys.executable, "-m", "hardware.cli", "run", "--board", "mock", "--quiet"]
    cmd += ["--keys", str(keys), "--db", str(tmp_path / "k.db"), "--config", str(path)]
    result = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        f"kaiser-scorer: {path}: voice.volume deve essere un numero intero da 0 a 100, non 180"
    ]
