"""Editing config.txt: each dtparam set once, in place where there is a line for it."""

from __future__ import annotations

import doctest
import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from sd_helpers import SYSTEMD_DIR

I2C = {"i2c_arm": "on", "i2c_arm_baudrate": "400000"}


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("boot_config", SYSTEMD_DIR / "boot_config.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


boot_config = load()


def test_the_docstring_examples_hold() -> None:
    assert doctest.testmod(boot_config).failed == 0


def test_an_empty_file_gets_both_lines() -> None:
    text, changes = boot_config.set_dtparams("", I2C)
    assert text == "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"
    assert len(changes) == 2


def test_lines_already_right_are_left_alone() -> None:
    text = "dtparam=audio=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"
    assert boot_config.set_dtparams(text, I2C) == (text, [])


def test_a_value_in_a_comma_list_is_edited_in_place_keeping_its_comment() -> None:
    text = "dtparam=spi=on,i2c_arm=off  # both buses\n"
    new, changes = boot_config.set_dtparams(text, {"i2c_arm": "on"})
    assert new == "dtparam=spi=on,i2c_arm=on  # both buses\n"
    assert changes == [
        "edited: dtparam=spi=on,i2c_arm=off  # both buses -> "
        "dtparam=spi=on,i2c_arm=on  # both buses"
    ]


def test_lines_of_a_model_section_are_not_touched_and_new_lines_go_under_all() -> None:
    text = "dtparam=audio=on\n[pi4]\ndtparam=i2c_arm_baudrate=100000\n"
    new, _ = boot_config.set_dtparams(text, {"i2c_arm_baudrate": "400000"})
    assert new == text + "[all]\ndtparam=i2c_arm_baudrate=400000\n"


def test_a_commented_line_inside_a_model_section_is_not_uncommented() -> None:
    text = "[cm4]\n#dtparam=i2c_arm=on\n[all]\n"
    new, _ = boot_config.set_dtparams(text, {"i2c_arm": "on"})
    assert new == "[cm4]\n#dtparam=i2c_arm=on\n[all]\ndtparam=i2c_arm=on\n"


def test_a_missing_final_newline_is_added_before_appending() -> None:
    new, _ = boot_config.set_dtparams("dtparam=audio=on", {"spi": "on"})
    assert new == "dtparam=audio=on\ndtparam=spi=on\n"


@pytest.mark.slow
def test_the_command_line_writes_only_when_something_changes(tmp_path: Path) -> None:
    path = tmp_path / "config.txt"
    path.write_text("#dtparam=i2c_arm=on\n")
    command = [
        sys.executable,
        str(SYSTEMD_DIR / "boot_config.py"),
        str(path),
        "i2c_arm=on",
        "i2c_arm_baudrate=400000",
    ]
    first = subprocess.run(command, capture_output=True, text=True, check=True, timeout=30)
    assert first.stdout.count("\n") == 2
    written = path.stat().st_mtime_ns
    second = subprocess.run(command, capture_output=True, text=True, check=True, timeout=30)
    assert second.stdout == ""
    assert path.stat().st_mtime_ns == written
    assert path.read_text() == "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"
