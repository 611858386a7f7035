"""The home pages' unit: systemd accepts it, it reads the state folder only, and listens."""

from __future__ import annotations

from pathlib import Path

import pytest
from sd_helpers import SYSTEMD_DIR, exposure, verify
from test_service_unit import EXEC_START, unit_settings

WEB_UNIT = SYSTEMD_DIR / "kaiser-scorer-web.service"


def values(key: str) -> list[str]:
    return [v for _, k, v in unit_settings(WEB_UNIT.read_text()) if k == key]


@pytest.mark.slow
def test_systemd_verify_accepts_the_web_unit(tmp_path: Path) -> None:
    result = verify(WEB_UNIT, EXEC_START, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Unknown" not in result.stderr, result.stderr


@pytest.mark.slow
def test_the_web_unit_is_well_sandboxed() -> None:
    assert exposure(WEB_UNIT) <= 1.5


def test_the_journal_is_read_only_and_the_command_is_web() -> None:
    (start,) = values("ExecStart")
    assert start.startswith(f"{EXEC_START} web --db /var/lib/kaiser-scorer/kaiser.db --listen ")
    assert values("ReadOnlyPaths") == ["/var/lib/kaiser-scorer"]
    assert values("ProtectSystem") == ["strict"]
    for writable in ("StateDirectory", "ReadWritePaths", "LogsDirectory", "CacheDirectory"):
        assert values(writable) == [], writable
    assert values("User") == ["kaiser"]


def test_the_network_is_for_listening_on_the_one_port() -> None:
    (listen,) = [v for v in values("Environment") if v.startswith("KAISER_WEB_LISTEN=")]
    port = listen.rsplit(":", 1)[1]
    assert values("SocketBindAllow") == [f"tcp:{port}"]
    assert values("SocketBindDeny") == ["any"]
    assert values("IPAddressDeny") == ["any"]
    assert "0.0.0.0/0" not in " ".join(values("IPAddressAllow"))
    assert values("PrivateNetwork") in ([], ["no"])
