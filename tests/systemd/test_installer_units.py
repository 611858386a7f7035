"""install.sh's extra units against a temporary root: the club publisher (with ``[club]`` in
the settings or ``--club``) and the home pages (``--web``), enabled, idempotent, removed."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from sd_helpers import INSTALL, REPO, SYSTEMD_DIR
from test_installer import Pi

pytestmark = pytest.mark.slow

SCORER, PUBLISHER, WEB = (
    "kaiser-scorer.service",
    "kaiser-publisher.service",
    "kaiser-scorer-web.service",
)
CLUB_CONFIG = (
    'board = "adafruit-bonnet"\n\n[club]  # this table plays in the Tuesday event\n'
    'broker = "192.168.1.10"\nevent = "tuesday"\ntable = 3\n'
)


@pytest.fixture
def pi(tmp_path: Path) -> Pi:
    machine = Pi(tmp_path)
    machine.installed_already()
    # I2C is on at 400 kHz already: no reboot awaited, so the units are (re)started now.
    machine.config_txt.write_text("dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n")
    return machine


def unit(pi: Pi, name: str) -> Path:
    return pi.root / "etc/systemd/system" / name


def pip_line(pi: Pi) -> str:
    return next(c for c in pi.commands() if "/bin/pip install" in c)


def test_web_installs_and_enables_the_home_pages_unit(pi: Pi) -> None:
    result = pi.run("--web")
    installed = unit(pi, WEB)
    assert installed.read_bytes() == (SYSTEMD_DIR / WEB).read_bytes()
    assert oct(installed.stat().st_mode & 0o777) == "0o644"
    assert not unit(pi, PUBLISHER).exists()
    assert pip_line(pi).endswith(f"{REPO}\\[pi\\,web\\]")
    check = next(c for c in pi.commands() if "backend_check.py" in c)
    assert "--import starlette" in check and "paho" not in check
    assert f"systemctl enable {SCORER} {WEB}" in pi.commands()
    assert pi.commands()[-1] == f"systemctl restart {SCORER} {WEB}"
    assert f"changed: {installed}" in result.stdout


def test_the_web_unit_stays_and_a_second_run_changes_nothing(pi: Pi) -> None:
    pi.run("--web")
    before = pi.tree_hash()
    second = pi.run()  # no flag: the installed unit is kept and kept up to date
    assert pi.tree_hash() == before
    assert "Nothing changed" in second.stdout
    assert pi.commands()[1:] == [
        f"systemctl enable {SCORER} {WEB}",
        f"systemctl start {SCORER} {WEB}",
    ]
    assert "backend_check.py" in pi.commands()[0]  # what the units import, checked every run


def test_a_club_section_in_the_settings_brings_the_publisher(pi: Pi) -> None:
    pi.put("etc/kaiser-scorer/config.toml", CLUB_CONFIG)
    pi.run()
    assert unit(pi, PUBLISHER).read_bytes() == (SYSTEMD_DIR / PUBLISHER).read_bytes()
    assert not unit(pi, WEB).exists()
    assert pip_line(pi).endswith(f"{REPO}\\[pi\\,club\\]")
    assert "--import paho.mqtt" in next(c for c in pi.commands() if "backend_check.py" in c)
    assert f"systemctl enable {SCORER} {PUBLISHER}" in pi.commands()
    assert pi.commands()[-1] == f"systemctl restart {SCORER} {PUBLISHER}"
    before = pi.tree_hash()
    again = pi.run()
    assert pi.tree_hash() == before and "Nothing changed" in again.stdout
    assert pi.commands()[1:] == [
        f"systemctl enable {SCORER} {PUBLISHER}",
        f"systemctl start {SCORER} {PUBLISHER}",
    ]


def test_a_commented_club_section_brings_nothing(pi: Pi) -> None:
    pi.run()  # the settings' template has "# [club]" only
    assert "# [club]" in (pi.root / "etc/kaiser-scorer/config.toml").read_text()
    assert not unit(pi, PUBLISHER).exists() and not unit(pi, WEB).exists()
    assert pip_line(pi).endswith(f"{REPO}\\[pi\\]")
    assert pi.commands()[-2:] == [f"systemctl enable {SCORER}", f"systemctl restart {SCORER}"]


def test_club_without_a_club_section_installs_but_does_not_start_the_publisher(pi: Pi) -> None:
    result = pi.run("--club")
    assert unit(pi, PUBLISHER).exists()
    assert f"systemctl enable {SCORER} {PUBLISHER}" in pi.commands()
    assert pi.commands()[-1] == f"systemctl restart {SCORER}"
    assert "add [club] to" in result.stdout
    pi.put("etc/kaiser-scorer/config.toml", CLUB_CONFIG)
    pi.run()
    assert pi.commands()[-1] == f"systemctl start {SCORER} {PUBLISHER}"


def test_a_flag_given_later_installs_its_libraries(pi: Pi) -> None:
    pi.run()
    assert pip_line(pi).endswith("\\[pi\\]")
    pi.run("--club", "--web")
    assert pip_line(pi).endswith(f"{REPO}\\[pi\\,club\\,web\\]")
    assert f"systemctl enable {SCORER} {PUBLISHER} {WEB}" in pi.commands()


def test_uninstall_removes_every_unit(pi: Pi) -> None:
    pi.put("etc/kaiser-scorer/config.toml", CLUB_CONFIG)
    pi.run("--web")
    pi.run("uninstall")
    for name in (SCORER, PUBLISHER, WEB):
        assert not unit(pi, name).exists(), name
    assert pi.commands() == [
        f"systemctl stop {SCORER} {PUBLISHER} {WEB}",
        f"systemctl disable {SCORER} {PUBLISHER} {WEB}",
        "systemctl daemon-reload",
        "userdel kaiser",
    ]
    assert (pi.root / "etc/kaiser-scorer/config.toml").read_text() == CLUB_CONFIG


def test_the_help_names_both_flags() -> None:
    result = subprocess.run(
        ["bash", str(INSTALL), "--help"], capture_output=True, text=True, timeout=30, check=True
    )
    assert "--club" in result.stdout and "--web" in result.stdout
    assert "set -euo" not in result.stdout
