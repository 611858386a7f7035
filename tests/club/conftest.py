"""Fixtures of the club tests: a venue (a real mosquitto with the project's config, logins
and ACL, and a real director process)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from club_venue import Venue


@pytest.fixture
def venue(tmp_path: Path) -> Iterator[Venue]:
    v = Venue(tmp_path)
    yield v
    v.close()
