"""TABLE.md's example hand in every language through the real ``run --board mock --keys``:
the same acks and the same export as in English (machine formats stay English), other
screens; the menu's Language switches at once and is remembered across a restart."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from hardware.i18n import LANGUAGES

pytestmark = pytest.mark.slow

TABLE_EXAMPLE = """\
UP
OK RIGHT UP UP RIGHT OK
RIGHT DOWN RIGHT A RIGHT LEFT B UP RIGHT LEFT
OK
"""
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def env(lang: str | None) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k not in LOCALE_VARS}
    out["LANG"] = {None: "C.UTF-8", "pt": "pt_PT.UTF-8", "es": "es_ES.UTF-8"}.get(lang, "C.UTF-8")
    return out


def run(tmp: Path, name: str, keys: str, lang: str | None, db: Path | None = None) -> tuple:
    """Play ``keys``; the language from the environment (pt, es) or a config file."""
    folder = tmp / name
    folder.mkdir(exist_ok=True)
    (folder / "keys.txt").write_text(keys)
    db = db or folder / "kaiser.db"
    cmd = [sys.executable, "-m", "hardware.cli", "run", "--board", "mock", "--quiet"]
    cmd += ["--keys", str(folder / "keys.txt"), "--db", str(db)]
    cmd += ["--screenshots", str(folder / "shots")]
    if lang is not None and lang not in ("pt", "es"):
        (folder / "config.toml").write_text(f'language = "{lang}"\n')
        cmd += ["--config", str(folder / "config.toml")]
    played = subprocess.run(cmd, capture_output=True, text=True, env=env(lang), timeout=120)
    assert played.returncode == 0, played.stderr
    exported = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "export", "--db", str(db)],
        capture_output=True,
        text=True,
        env=env(lang),
        timeout=60,
    )
    assert exported.returncode == 0, exported.stderr
    frames = [Image.open(p).convert("1") for p in sorted((folder / "shots").glob("*.png"))]
    return played.stdout, json.loads(exported.stdout), frames, played.stderr


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> tuple:
    return run(tmp_path_factory.mktemp("en"), "en", TABLE_EXAMPLE, None)


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_example_hand_exports_the_same_in_every_language(lang, english, tmp_path) -> None:
    stdout, record, frames, stderr = run(tmp_path, lang, TABLE_EXAMPLE, lang)
    en_stdout, en_record, en_frames, en_stderr = english
    assert stdout == en_stdout and stdout.splitlines()[-1] == "ok 18 OK"
    assert record == en_record and record["hands"][0]["tricks"] == list("ESEEWNEW")
    assert stderr == en_stderr == ""
    assert len(frames) == len(en_frames) > 10
    differ = [i for i, (a, b) in enumerate(zip(frames, en_frames, strict=True)) if not same(a, b)]
    assert len(differ) == len(frames), f"{lang}: frames {differ} only differ from English"


def test_the_menus_language_switches_at_once_and_survives_a_restart(tmp_path) -> None:
    db = tmp_path / "kaiser.db"
    # N deals; the menu, down to Language (the 8th item without a reader), OK: Italiano
    out, _, frames, _ = run(tmp_path, "one", "UP HOLD-OK " + "DOWN " * 7 + "OK B\n", None, db)
    assert out.splitlines()[-1] == "ok 11 B"
    score_en, score_it = frames[1], frames[-1]  # SCORE before and after the switch
    assert not same(score_en, score_it)
    _, _, again, _ = run(tmp_path, "two", "HOLD-OK B\n", None, db)
    assert same(again[0], score_it)  # started again: still Italian
    assert not same(again[1], frames[2])  # its menu is not the English one
