"""The container helper's own parts that need no container: apt's mirror, pip's setup, skips."""

from __future__ import annotations

import os
from pathlib import Path

import nspawn_machine
import pytest
from nspawn_machine import CannotRun, check_can_run, debian_mirror, pip_setup


def test_the_mirror_and_release_come_from_deb822_sources(tmp_path: Path) -> None:
    (tmp_path / "sources.list.d").mkdir()
    (tmp_path / "sources.list.d/debian.sources").write_text(
        "Types: deb\n# http://snapshot.debian.org/archive/debian/20250520T000000Z\n"
        "URIs: http://mirror.example/debian\nSuites: bookworm bookworm-updates\n"
        "Components: main\n\n"
        "Types: deb\nURIs: http://mirror.example/debian-security\nSuites: bookworm-security\n"
    )
    (tmp_path / "sources.list.d/other.list").write_text(
        "deb https://packages.example/apt cloud-sdk main\n"
    )
    # The release itself, not -updates or -security, and never a mirror that is not Debian's.
    assert debian_mirror(tmp_path) == ("http://mirror.example/debian", "bookworm")


def test_one_line_sources_work_too_and_disabled_stanzas_do_not(tmp_path: Path) -> None:
    (tmp_path / "sources.list.d").mkdir()
    (tmp_path / "sources.list.d/off.sources").write_text(
        "Enabled: no\nTypes: deb\nURIs: http://old.example/debian\nSuites: bullseye\n"
    )
    (tmp_path / "sources.list").write_text(
        "# deb http://commented.example/debian sid main\n"
        "deb [arch=amd64 signed-by=/k.gpg] http://ftp.example/debian/ trixie main\n"
    )
    assert debian_mirror(tmp_path) == ("http://ftp.example/debian", "trixie")


def test_no_debian_mirror_is_a_reason_not_to_run(tmp_path: Path) -> None:
    (tmp_path / "sources.list").write_text("deb http://archive.ubuntu.example/ubuntu noble main\n")
    with pytest.raises(CannotRun, match="no Debian mirror"):
        debian_mirror(tmp_path)


def test_pip_gets_the_files_and_index_folders_its_settings_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = tmp_path / "pypi"
    (index / "simple").mkdir(parents=True)
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    bundle = tmp_path / "ca.pem"
    bundle.write_text("a CA")
    config = tmp_path / "pip.conf"
    config.write_text(
        f"[global]\nextra-index-url = file://{index}/simple https://pypi.example/simple\n"
        f"find-links = {wheels}\n"
    )
    monkeypatch.setattr(nspawn_machine, "_PIP_FILES", ())
    for key in list(os.environ):
        if nspawn_machine._PASSED_ENV.match(key):  # this machine's own PIP_*, SSL_CERT_*...
            monkeypatch.delenv(key)
    monkeypatch.setenv("PIP_CONFIG_FILE", str(config))
    monkeypatch.setenv("PIP_CERT", str(bundle))
    monkeypatch.setenv("HOME", str(tmp_path / "nohome"))
    env, binds = pip_setup()
    assert env["PIP_CERT"] == str(bundle) and env["PIP_CONFIG_FILE"] == str(config)
    assert dict(binds) == {
        config: str(config),
        bundle: str(bundle),
        wheels: str(wheels),
        index: str(index),  # its pages link to ../../files: the whole index
    }


def test_a_user_without_root_is_told_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(CannotRun, match="needs root"):
        check_can_run()
