"""The club publisher's unit: systemd accepts it, network out, the state folder read-only."""

from __future__ import annotations

from pathlib import Path

import pytest
from sd_helpers import SYSTEMD_DIR, exposure, verify
from test_service_unit import EXEC_START, unit_settings

UNIT = SYSTEMD_DIR / "kaiser-publisher.service"
SCORER = SYSTEMD_DIR / "kaiser-scorer.service"


def values(key: str, unit: Path = UNIT) -> list[str]:
    return [v for _, k, v in unit_settings(unit.read_text()) if k == key]


@pytest.mark.slow
def test_systemd_verify_accepts_the_publisher_unit(tmp_path: Path) -> None:
    result = verify(UNIT, EXEC_START, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Unknown" not in result.stderr, result.stderr


@pytest.mark.slow
def test_the_publisher_unit_is_well_sandboxed() -> None:
    assert exposure(UNIT) <= 1.5


def test_the_journal_is_read_only_and_the_scorer_keeps_no_network() -> None:
    (start,) = values("ExecStart")
    assert start.startswith(f"{EXEC_START} publish --config /etc/kaiser-scorer/config.toml ")
    assert "--db /var/lib/kaiser-scorer/kaiser.db" in start
    assert values("ReadOnlyPaths") == ["/var/lib/kaiser-scorer"]
    assert values("ProtectSystem") == ["strict"]
    for writable in ("StateDirectory", "ReadWritePaths", "LogsDirectory", "CacheDirectory"):
        assert values(writable) == [], writable
    assert values("RuntimeDirectory") == ["kaiser-publisher"]  # the wake socket only
    assert values("User") == values("User", SCORER) == ["kaiser"]
    assert values("PrivateNetwork") in ([], ["no"])
    assert values("PrivateNetwork", SCORER) == ["yes"]  # the scorer: still no network
