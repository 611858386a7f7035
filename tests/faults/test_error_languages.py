"""A player's one-line errors in their language, through the real ``kaiser-scorer run``.

The language of a line: the config file's ``language = "xx"`` (read from the line even when
the file itself is the mistake), else the system locale's, else English. Exit codes stay
(2: the player's mistake); English costs nothing: no catalog is read (the module gettext
itself argparse imports anyway).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.config import ConfigError, load_config
from hardware.fault import DAMAGED, config_screen, message_image
from hardware.i18n.errors import config_language, message, said
from hardware.keyscript import read_key_script
from hardware.storage import beside

from .conftest import REPO, cli, one_line, play
from .test_service_faults import shown

pytestmark = pytest.mark.slow

LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def env(lang: str = "C.UTF-8") -> dict[str, str]:
    """The environment with ``LANG=lang`` and no other locale variable, no systemd."""
    out = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    out = {k: v for k, v in out.items() if k not in ("NOTIFY_SOCKET", "WATCHDOG_USEC")}
    return {**out, "LANG": lang}


def run_keys(tmp: Path, config: str, keys: str = "OK\n", lang: str = "C.UTF-8") -> object:
    (tmp / "config.toml").write_text(config, encoding="utf-8")
    (tmp / "keys.txt").write_text(keys)
    return cli(
        *("run", "--board", "mock", "--quiet", "--keys", str(tmp / "keys.txt")),
        *("--config", str(tmp / "config.toml"), "--db", str(tmp / "kaiser.db")),
        env=env(lang),
    )


def expected(path: Path, lang: str) -> str:
    """The line the player should read: load_config's own Message in ``lang``."""
    with pytest.raises(ConfigError) as err:
        load_config(path)
    return f"kaiser-scorer: {said(err.value, lang)}"


def test_a_config_mistake_is_russian_when_the_config_says_russian(tmp_path: Path) -> None:
    result = run_keys(tmp_path, 'language = "ru"\n[display]\nrotate = 90\n')
    assert result.returncode == 2
    line = one_line(result)
    assert line == expected(tmp_path / "config.toml", "ru")
    assert line.endswith("config.toml: display.rotate должно быть 0 или 180, а не 90"), line


def test_a_config_mistake_is_finnish_under_a_finnish_locale(tmp_path: Path) -> None:
    result = run_keys(tmp_path, "[board]\nspeed = 3\n", lang="fi_FI.UTF-8")
    assert result.returncode == 2
    line = one_line(result)
    assert line == expected(tmp_path / "config.toml", "fi")
    assert "board.speed ei ole asetus (sallitut: bounce_time, hold_time, name, pins)" in line


def test_a_rule_options_mistake_from_the_core_is_translated_too(tmp_path: Path) -> None:
    result = run_keys(tmp_path, 'language = "es"\n[game.options]\ntarget = 0\n')
    assert result.returncode == 2
    line = one_line(result)
    assert line.endswith("game: la opción target debe ir de 1 a 10000, no 0"), line


def test_a_bad_key_script_line_is_in_the_configs_language(tmp_path: Path) -> None:
    result = run_keys(tmp_path, 'language = "ru"\n', keys="OK\nUP JUMP\n")
    assert result.returncode == 2
    line = one_line(result)
    with pytest.raises(ConfigError) as err:
        read_key_script(str(tmp_path / "keys.txt"))
    assert line == f"kaiser-scorer: {said(err.value, 'ru')}"
    assert "keys.txt:2: неизвестная клавиша 'JUMP' (клавиши: UP DOWN" in line, line


def test_keys_without_the_mock_board_is_a_portuguese_line_under_pt(tmp_path: Path) -> None:
    (tmp_path / "keys.txt").write_text("OK\n")
    result = cli(
        *("run", "--board", "emulator", "--keys", str(tmp_path / "keys.txt")),
        *("--db", str(tmp_path / "k.db")),
        env=env("pt_PT.UTF-8"),
    )
    assert result.returncode == 2
    assert one_line(result) == "kaiser-scorer: --keys precisa de --board mock"


def test_english_lines_are_unchanged_and_read_no_catalog(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("[display]\nrotate = 90\n")
    (tmp_path / "keys.txt").write_text("OK\n")
    code = (
        "import sys; from hardware.cli import main; "
        f"rc = main(['run', '--board', 'mock', '--keys', {str(tmp_path / 'keys.txt')!r}, "
        f"'--config', {str(config)!r}, '--db', {str(tmp_path / 'k.db')!r}]); "
        "from hardware import i18n; "
        "print(rc, i18n._state['catalog'] is None, i18n._catalog_of.cache_info().currsize)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, env=env()
    )
    assert proc.stdout.split() == ["2", "True", "0"], proc.stderr  # no catalog was read
    assert (
        proc.stderr.strip() == f"kaiser-scorer: {config}: display.rotate must be 0 or 180, not 90"
    )


def test_the_language_of_an_error_comes_from_the_files_line_else_the_locale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in LOCALE_VARS:
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "config.toml"
    cases = [
        ('language = "fi"  # Suomi\n[board]\nx = 1\n', "fi"),
        ("\ufefflanguage='ru'\n", "ru"),
        ('[names]\nlanguage = "fi"\n', "en"),  # not a top-level key: not the table's language
        ('language = "de"\n', "en"),  # not one of ours
        ("language = [\n", "en"),
    ]
    for text, lang in cases:
        path.write_text(text, encoding="utf-8")
        assert config_language(path) == lang, text
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert config_language(path) == "es" and config_language(None) == "es"
    assert config_language(tmp_path / "missing.toml") == "es"
    path.write_text('language = "pt"\n', encoding="utf-8")
    assert config_language(path) == load_config(path).language == "pt"


def test_english_text_of_the_errors_is_what_it_was(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text("[board.pins]\nUP = 2\n")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    assert str(err.value) == (
        f"{path}: board.pins.UP = 2 is the display's I2C SDA (GPIO 2): choose another pin"
    )
    assert said(err.value, "it").endswith(
        "è la linea I2C SDA del display (GPIO 2): scegli un altro pin"
    )
    keys = tmp_path / "keys.txt"
    keys.write_text("NOPE\n")
    with pytest.raises(ConfigError) as bad:
        read_key_script(str(keys))
    assert str(bad.value).startswith(f"{keys}:1: unknown key 'NOPE' (keys are ")
    assert said(bad.value, "fi").startswith(f"{keys}:1: tuntematon näppäin 'NOPE'")


def test_numbers_in_russian_take_the_plural_their_count_needs() -> None:
    from hardware.i18n import localize_in
    from hardware.i18n.errors import error

    words = [localize_in(error("config.big_number", count=n), "ru") for n in (21, 22, 25)]
    assert words == ["число из 21 цифры", "число из 22 цифр", "число из 25 цифр"]
    names = [localize_in(error("config.name", where="names.NS", most=n), "ru") for n in (21, 24)]
    assert [w.split()[-1] for w in names] == ["символа", "символов"]  # "до 21 символа"
    assert str(error("config.name", where="names.NS", most=24)).endswith("1 to 24 characters")


# -- the service: the fault screen in the player's language ---------------------------------
def service(tmp: Path, *extra: str, lang: str = "C.UTF-8") -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "hardware.cli", "run", "--board", "mock", *extra]
    return subprocess.Popen(
        [*command, "--db", str(tmp / "kaiser.db"), "--screenshots", str(tmp / "shots")],
        cwd=REPO,
        env={**env(lang), "HOME": "/nonexistent"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def stopped(proc: subprocess.Popen[str]) -> str:
    try:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return str(err)


def test_a_broken_config_is_on_the_display_in_the_configs_language(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text('language = "ru"\n[display]\nrotate = 90\n', encoding="utf-8")
    proc = service(tmp_path, "--config", str(config))
    frame = shown(proc, tmp_path / "shots")
    with pytest.raises(ConfigError) as err:
        load_config(config)
    assert frame.tobytes() == message_image(config_screen(message(err.value)), "ru").tobytes()
    err_text = stopped(proc)
    assert proc.returncode == 0, err_text
    assert f"kaiser-scorer: {config}: display.rotate должно быть 0 или 180, а не 90" in err_text
    assert "config: " + str(err.value) in err_text  # the log line stays English
    assert "Traceback" not in err_text


def test_a_damaged_database_is_on_the_display_in_the_configs_language(tmp_path: Path) -> None:
    db = tmp_path / "kaiser.db"
    play(db, 1)
    beside(db, "-damaged").write_text("quick_check: page 12: btreeInitPage\n")
    config = tmp_path / "config.toml"
    config.write_text('language = "fi"\n', encoding="utf-8")
    proc = service(tmp_path, "--config", str(config))
    frame = shown(proc, tmp_path / "shots")
    assert frame.tobytes() == message_image(DAMAGED, "fi").tobytes()
    assert frame.tobytes() != message_image(DAMAGED, "en").tobytes()
    err_text = stopped(proc)
    assert proc.returncode == 0 and "the database is damaged" in err_text, err_text
