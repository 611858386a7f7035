"""install.sh against a temporary root: what it writes, edits, keeps, and that it is idempotent.

The commands it cannot run here (apt-get, useradd, systemctl, pip...) are logged by its
KAISER_DRY_RUN mode; the files it writes land under KAISER_ROOT.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest
from sd_helpers import INSTALL, REPO, RULE, SYSTEMD_DIR, UNIT, need

from hardware.config import load_config

pytestmark = pytest.mark.slow

# The top of a fresh Raspberry Pi OS Bookworm /boot/firmware/config.txt.
BOOKWORM_CONFIG_TXT = """\
# For more options and information see
# http://rptl.io/configtxt
# Some settings may impact device functionality. See link above for details

# Uncomment some or all of these to enable the optional hardware interfaces
#dtparam=i2c_arm=on
#dtparam=i2s=on
#dtparam=spi=on

# Enable audio (loads snd_bcm2835)
dtparam=audio=on

# Automatically load overlays for detected cameras
camera_auto_detect=1

[cm4]
# Enable host mode on the 2711 built-in XHCI USB controller.
otg_mode=1

[all]
"""

PASSWD = "root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000:,,,:/home/pi:/bin/bash\n"
GROUP = "root:x:0:\ndialout:x:20:pi\ngpio:x:997:pi\ni2c:x:998:pi\nspi:x:999:pi\npi:x:1000:\n"
APT = [
    "python3-venv",
    "python3-spidev",
    "python3-smbus2",
    "python3-pil",
    "i2c-tools",
    "polkitd",
    "espeak-ng",
    "alsa-utils",
    "python3-lgpio",
    "python3-rpi-lgpio",
]
RPI_ISSUE = "Raspberry Pi reference 2024-11-19\nGenerated using pi-gen, https://github.com/RPi-Distro/pi-gen\n"
#: /proc/device-tree/model of a Pi 5 (NUL-terminated, as the kernel gives it).
PI_MODEL = "Raspberry Pi 5 Model B Rev 1.0\0"


class Pi:
    """A temporary root that looks like a Pi, and install.sh run against it."""

    def __init__(self, tmp_path: Path) -> None:
        self.root = tmp_path / "root"
        self.log = tmp_path / "commands.log"
        self.config_txt = self.root / "boot/firmware/config.txt"
        self.put("boot/firmware/config.txt", BOOKWORM_CONFIG_TXT)
        self.put("etc/passwd", PASSWD)
        self.put("etc/group", GROUP)
        self.put("etc/rpi-issue", RPI_ISSUE)
        self.put("proc/device-tree/model", PI_MODEL)

    def put(self, path: str, text: str) -> Path:
        target = self.root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
        return target

    def installed_already(self) -> None:
        """The state of a Pi where the user, packages and venv are there (no file of ours)."""
        self.put("etc/passwd", PASSWD + "kaiser:x:990:990::/var/lib/kaiser-scorer:/bin/false\n")
        self.put("etc/group", GROUP.replace(":pi\n", ":pi,kaiser\n") + "kaiser:x:990:\n")
        status = "".join(
            f"Package: {name}\nStatus: install ok installed\nVersion: 1\nArchitecture: all\n\n"
            for name in APT
        )
        self.put("var/lib/dpkg/status", status)
        python = self.put("opt/kaiser-scorer/venv/bin/python", "#!/bin/sh\n")
        python.chmod(0o755)

    def apt_install(self) -> list[str]:
        """The packages of the apt-get install command of the last run."""
        command = next(c for c in self.commands() if "apt-get install" in c)
        return command.split("--no-install-recommends ", 1)[1].split()

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        self.log.write_text("")
        env = dict(
            os.environ,
            KAISER_ROOT=str(self.root),
            KAISER_DRY_RUN="1",
            KAISER_DRY_RUN_LOG=str(self.log),
        )
        result = subprocess.run(
            ["bash", str(INSTALL), *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            check=False,
        )
        if check:
            assert result.returncode == 0, result.stdout + result.stderr
        return result

    def commands(self) -> list[str]:
        return self.log.read_text().splitlines()

    def tree_hash(self) -> str:
        digest = hashlib.sha256()
        for path in sorted(self.root.rglob("*")):
            digest.update(str(path.relative_to(self.root)).encode())
            digest.update(oct(path.lstat().st_mode).encode())
            if path.is_file():
                digest.update(path.read_bytes())
        return digest.hexdigest()

    def active_lines(self) -> list[str]:
        return [
            line.strip()
            for line in self.config_txt.read_text().splitlines()
            if line.strip() and not line.lstrip().startswith("#")
        ]


@pytest.fixture
def pi(tmp_path: Path) -> Pi:
    return Pi(tmp_path)


def test_i2c_is_switched_on_at_400_khz_once(pi: Pi) -> None:
    result = pi.run()
    lines = pi.active_lines()
    assert lines.count("dtparam=i2c_arm=on") == 1
    assert lines.count("dtparam=i2c_arm_baudrate=400000") == 1
    # The commented line was uncommented in place, not a second one appended.
    assert "#dtparam=i2c_arm=on" not in pi.config_txt.read_text()
    # SPI stays as it was for the default board.
    assert "#dtparam=spi=on" in pi.config_txt.read_text()
    assert "dtparam=spi=on" not in lines
    assert "Reboot needed" in result.stdout


def test_an_existing_baudrate_line_is_edited(pi: Pi) -> None:
    pi.config_txt.write_text(
        BOOKWORM_CONFIG_TXT.replace(
            "#dtparam=i2c_arm=on\n", "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=100000\n"
        )
    )
    pi.run()
    text = pi.config_txt.read_text()
    assert "100000" not in text
    assert text == BOOKWORM_CONFIG_TXT.replace(
        "#dtparam=i2c_arm=on\n", "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"
    )


def test_the_older_boot_config_txt_is_used_when_there_is_no_firmware_one(pi: Pi) -> None:
    pi.config_txt.unlink()
    old = pi.put("boot/config.txt", "dtparam=audio=on\n")
    pi.run()
    assert old.read_text() == (
        "dtparam=audio=on\ndtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n"
    )


def test_a_second_run_changes_no_file(pi: Pi) -> None:
    pi.run()
    before = pi.tree_hash()
    second = pi.run()
    assert pi.tree_hash() == before
    assert "Reboot needed" not in second.stdout
    assert not [
        line for line in second.stdout.splitlines() if line.startswith(f"changed: {pi.root}")
    ]


def test_on_an_installed_pi_a_second_run_does_nothing_but_start(pi: Pi) -> None:
    pi.installed_already()
    pi.run()
    assert any("pip install" in command for command in pi.commands())
    second = pi.run()
    assert "Nothing changed" in second.stdout
    assert pi.commands() == [
        f"{pi.root}/opt/kaiser-scorer/venv/bin/python {SYSTEMD_DIR}/backend_check.py --board "
        r"adafruit-bonnet --model Raspberry\ Pi\ 5\ Model\ B\ Rev\ 1.0",
        "systemctl enable kaiser-scorer.service",
        "systemctl start kaiser-scorer.service",
    ]


def test_a_changed_source_is_reinstalled_and_restarted(pi: Pi, tmp_path: Path) -> None:
    pi.installed_already()
    pi.run()
    stamp = pi.root / "opt/kaiser-scorer/venv/kaiser-scorer.source"
    stamp.write_text("an older checkout\n")
    pi.run()
    pip = f"{pi.root}/opt/kaiser-scorer/venv/bin/pip install --disable-pip-version-check --upgrade"
    assert f"{pip} {REPO}\\[pi\\]" in pi.commands()
    assert pi.commands()[-1] == "systemctl restart kaiser-scorer.service"


def test_the_service_user_is_made_and_put_in_the_device_groups(pi: Pi) -> None:
    pi.put("etc/group", GROUP.replace("spi:x:999:pi\n", ""))
    pi.run()
    commands = pi.commands()
    useradd = next(command for command in commands if command.startswith("useradd"))
    assert useradd.endswith(" kaiser") and "--system" in useradd
    assert "groupadd --system spi" in commands
    for group in ("gpio", "i2c", "spi", "dialout"):
        assert f"usermod --append --groups {group} kaiser" in commands
    assert any(
        command.startswith("env DEBIAN_FRONTEND=noninteractive apt-get install")
        for command in commands
    )
    venv = f"python3 -m venv --system-site-packages {pi.root}/opt/kaiser-scorer/venv"
    assert venv in commands
    assert commands[-2:] == ["systemctl daemon-reload", "systemctl enable kaiser-scorer.service"]


def test_the_voice_gets_espeak_ng_and_aplay_from_apt(pi: Pi) -> None:
    pi.run()
    assert {"espeak-ng", "alsa-utils"} <= set(pi.apt_install())


def test_unit_rule_config_and_modules_are_installed(pi: Pi) -> None:
    pi.run()
    unit = pi.root / "etc/systemd/system/kaiser-scorer.service"
    rule = pi.root / "etc/polkit-1/rules.d/50-kaiser-scorer.rules"
    assert unit.read_bytes() == UNIT.read_bytes()
    assert rule.read_bytes() == RULE.read_bytes()
    assert oct(rule.stat().st_mode & 0o777) == "0o644"
    config = pi.root / "etc/kaiser-scorer/config.toml"
    assert config.read_text() == (SYSTEMD_DIR / "config.toml").read_text()
    modules = (pi.root / "etc/modules-load.d/kaiser-scorer.conf").read_text().split()
    assert {"i2c-dev", "spidev", "cdc_acm"} <= set(modules)


def test_the_users_settings_are_never_overwritten(pi: Pi) -> None:
    mine = 'board = "waveshare-hat"\n# my table\n'
    config = pi.put("etc/kaiser-scorer/config.toml", mine)
    result = pi.run("--board", "adafruit-bonnet")
    assert config.read_text() == mine
    assert "kept" in result.stdout
    # The settings name the Waveshare board, so SPI is switched on for it.
    assert "dtparam=spi=on" in pi.active_lines()


def test_the_waveshare_board_gets_spi_and_its_gpio_library(pi: Pi) -> None:
    pi.run("--board", "waveshare-hat")
    config = (pi.root / "etc/kaiser-scorer/config.toml").read_text()
    assert 'board = "waveshare-hat"' in config
    assert pi.active_lines().count("dtparam=spi=on") == 1
    apt = next(command for command in pi.commands() if "apt-get install" in command)
    assert apt.endswith("python3-rpi-lgpio")


def test_an_unknown_board_is_refused(pi: Pi) -> None:
    result = pi.run("--board", "ssd1351", check=False)
    assert result.returncode != 0
    assert "unknown board: ssd1351" in result.stderr
    assert not (pi.root / "etc/systemd").exists()


def test_uninstall_removes_what_install_made_but_keeps_games_and_settings(pi: Pi) -> None:
    pi.installed_already()
    pi.run()
    games = pi.put("var/lib/kaiser-scorer/games.sqlite", "games")
    pi.run("uninstall")
    for gone in (
        "etc/systemd/system/kaiser-scorer.service",
        "etc/polkit-1/rules.d/50-kaiser-scorer.rules",
        "etc/modules-load.d/kaiser-scorer.conf",
        "opt/kaiser-scorer",
    ):
        assert not (pi.root / gone).exists(), gone
    assert games.read_text() == "games"
    assert (pi.root / "etc/kaiser-scorer/config.toml").exists()
    assert pi.commands() == [
        "systemctl stop kaiser-scorer.service",
        "systemctl disable kaiser-scorer.service",
        "systemctl daemon-reload",
        "userdel kaiser",
    ]


def test_uninstall_purge_removes_games_and_settings_too(pi: Pi) -> None:
    pi.run()
    pi.put("var/lib/kaiser-scorer/games.sqlite", "games")
    subprocess.run(
        ["bash", str(SYSTEMD_DIR / "uninstall.sh"), "--purge"],
        check=True,
        capture_output=True,
        env=dict(
            os.environ, KAISER_ROOT=str(pi.root), KAISER_DRY_RUN="1", KAISER_DRY_RUN_LOG=str(pi.log)
        ),
    )
    assert not (pi.root / "var/lib/kaiser-scorer").exists()
    assert not (pi.root / "etc/kaiser-scorer").exists()
    assert (pi.root / "boot/firmware/config.txt").exists()


def test_the_scripts_pass_shellcheck() -> None:
    shellcheck = need("shellcheck", "shellcheck")
    result = subprocess.run(
        [shellcheck, str(INSTALL), str(SYSTEMD_DIR / "uninstall.sh")],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stdout


def test_raspberry_pi_os_gets_lgpio_from_apt_and_the_venv_is_checked(pi: Pi) -> None:
    pi.run()
    # No apt gpiozero: Pi OS's 2.0.1 fails on a Pi 5; the venv's from PyPI is >= 2.0.1.post3.
    assert pi.apt_install() == APT[:-1]  # no rpi-lgpio for the bonnet
    check = next(c for c in pi.commands() if "backend_check.py" in c)
    assert check.startswith(f"{pi.root}/opt/kaiser-scorer/venv/bin/python ")
    assert check.endswith(r"--board adafruit-bonnet --model Raspberry\ Pi\ 5\ Model\ B\ Rev\ 1.0")


def test_trixie_without_rpi_issue_is_known_by_its_apt_source(pi: Pi) -> None:
    (pi.root / "etc/rpi-issue").unlink()
    pi.put(
        "etc/apt/sources.list.d/raspi.sources",
        "Types: deb\nURIs: http://archive.raspberrypi.com/debian/\nSuites: trixie\n"
        "Components: main\n",
    )
    result = pi.run()
    assert "python3-lgpio" in pi.apt_install()
    assert "not Raspberry Pi OS" not in result.stdout


def test_another_debian_says_so_and_installs_what_it_can(pi: Pi) -> None:
    (pi.root / "etc/rpi-issue").unlink()
    pi.put("etc/apt/sources.list", "deb http://deb.debian.org/debian bookworm main\n")
    result = pi.run("--board", "waveshare-hat")
    assert "not Raspberry Pi OS" in result.stdout
    assert 'board = "mock"' in result.stdout
    assert pi.apt_install() == APT[:8]  # no lgpio or rpi-lgpio: Debian has none
    check = next(c for c in pi.commands() if "backend_check.py" in c)
    assert "--board waveshare-hat" in check  # it says what this Debian lacks for that board


def test_the_mock_board_is_written_to_the_config_and_needs_no_i2c(pi: Pi) -> None:
    before = pi.config_txt.read_text()
    result = pi.run("--board", "mock")
    config = pi.root / "etc/kaiser-scorer/config.toml"
    assert 'board = "mock"' in config.read_text()
    assert load_config(config).board == "mock"
    assert pi.config_txt.read_text() == before
    assert not (pi.root / "etc/modules-load.d/kaiser-scorer.conf").exists()
    assert not any(command.startswith("modprobe") for command in pi.commands())
    assert "Reboot needed" not in result.stdout
    assert pi.commands()[-1] == "systemctl restart kaiser-scorer.service"


def test_raspi_config_switches_i2c_on_now_so_no_reboot_is_awaited(pi: Pi) -> None:
    tool = pi.put("usr/bin/raspi-config", "#!/bin/sh\nexit 0\n")
    tool.chmod(0o755)
    result = pi.run()
    assert "raspi-config nonint do_i2c 0" in pi.commands()
    assert "Reboot needed" not in result.stdout
    assert "400 kHz after the next reboot" in result.stdout
    assert pi.active_lines().count("dtparam=i2c_arm_baudrate=400000") == 1
    assert pi.commands()[-1] == "systemctl restart kaiser-scorer.service"
    pi.run()  # I2C is on in config.txt now: raspi-config is not run again
    assert not any("raspi-config" in command for command in pi.commands())


def test_raspi_config_switches_spi_on_for_the_waveshare_board(pi: Pi) -> None:
    tool = pi.put("usr/bin/raspi-config", "#!/bin/sh\nexit 0\n")
    tool.chmod(0o755)
    pi.run("--board", "waveshare-hat")
    assert "raspi-config nonint do_spi 0" in pi.commands()
