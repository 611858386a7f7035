"""The voice tests run the real espeak-ng and aplay: missing, they fail naming the package
(``.ci/run`` installs them), never skip."""

from __future__ import annotations

import shutil

import pytest


@pytest.fixture(autouse=True)
def speech_programs() -> None:
    for program, package in (("espeak-ng", "espeak-ng"), ("aplay", "alsa-utils")):
        assert shutil.which(program), f"{program} is missing: apt-get install {package}"
