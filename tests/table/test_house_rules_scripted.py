"""Issue 13's house rules through the real ``run --board mock --keys``, ``export`` and ``score``."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def config(tmp: Path, text: str) -> str:
    path = tmp / "config.toml"
    path.write_text(text)
    return str(path)


def test_a_max_hands_game_ends_by_itself_and_scores_the_same(scorer, tmp_path):
    cfg = config(tmp_path, '[game]\nentry = "per-hand"\n[game.options]\nmax_hands = 2\n')
    keys = ["UP"]  # N deals
    keys += ["OK", "RIGHT", "OK", "A", "B", "B", "OK", "OK"]  # E 6♠: EW 4 + 5♥ = 9; NS 1
    keys += ["OK", "A"]  # a redeal is no hand
    keys += ["OK", "UP", "OK", "B", "A", "A", "OK", "OK"]  # N 6♠: NS 4 - 3♠ = 1, set -6
    keys += ["OK"]  # GAME OVER, reached by itself: OK leaves it
    result = scorer.run(keys, "--config", cfg)
    assert result.stdout.splitlines()[-1] == f"ok {len(keys)} OK"
    record = scorer.export()
    assert record["rules"] == {"profile": "standard", "options": {"max_hands": 2}}
    assert len(record["hands"]) == 3 and record["hands"][1] == {"redeal": True}
    scored = scorer.score(record)
    # far from 52: only max_hands can have ended it
    assert scored["totals"] == {"NS": -5, "EW": 18} and scored["winner"] == "EW"


def test_a_low_no_trump_bid_is_exported_as_one_and_scores_the_same(scorer, tmp_path):
    cfg = config(tmp_path, '[game.options]\nlow_allowed = true\nlow_bid = "bid"\n')
    keys = ["UP", "OK", "RIGHT", "LEFT", "UP", "OK"]  # N deals; E 7 NT low (LEFT from ♠)
    keys += ["RIGHT"] * 7 + ["UP"]  # E takes 7 tricks, N the last
    keys += ["RIGHT", "UP", "OK"]  # 5♥ to E, 3♠ to N; confirmed
    scorer.run(keys, "--config", cfg)
    record = scorer.export()
    assert record["rules"]["options"] == {"low_allowed": True, "low_bid": "bid"}
    (hand,) = record["hands"]
    assert hand["contract"] == {"bidder": "E", "bid": 7, "no_trump": True}
    assert hand["low"] is True and "trump" not in hand
    scored = scorer.score(record)
    assert scored["hands"][0]["delta"] == {"NS": -2, "EW": 24}  # EW 7 + 5♥ = 12, NT x2
    assert scored["totals"] == {"NS": -2, "EW": 24}


def test_a_lone_kaiser_bid_entered_per_hand_is_exported_trick_by_trick(scorer, tmp_path):
    options = "kaiser_bid_wins = true\nkaiser_bid_alone = true\n"
    cfg = config(tmp_path, f'[game]\nentry = "per-hand"\n[game.options]\n{options}')
    keys = ["UP", "OK", "RIGHT", "LEFT", *["UP"] * 6, "OK"]  # E 12 NT: QUICK hands over
    keys += ["RIGHT"] * 7 + ["UP", "RIGHT", "UP", "OK"]  # E alone 7 tricks + 5♥; N 3♠
    scorer.run(keys, "--config", cfg)
    record = scorer.export()
    (hand,) = record["hands"]
    assert hand["tricks"] == ["E"] * 7 + ["N"] and "taken" not in hand
    scored = scorer.score(record)
    assert scored["winner"] == "EW" and scored["totals"] == {"NS": -2, "EW": 24}


def test_every_option_the_config_file_names_loads_when_uncommented(tmp_path):
    """systemd/config.toml lists the house rules as comments: together they are valid rules."""
    from hardware.config import load_config

    root = Path(__file__).resolve().parents[2]
    text = (root / "systemd" / "config.toml").read_text(encoding="utf-8")
    head, rest = text.split("[game.options]", 1)
    options, tail = rest.split("[names]", 1)
    lines = [
        line[2:] if line.startswith("# ") and " = " in line else line
        for line in options.splitlines()
    ]
    named = {
        line.split("=")[0].strip() for line in lines if " = " in line and not line.startswith("#")
    }
    assert {"max_hands", "kaiser_bid_alone", "low_bid", "three_spades_needs_tricks"} <= named
    path = tmp_path / "config.toml"
    path.write_text(head + "[game.options]" + "\n".join(lines) + "\n[names]" + tail)
    rules = load_config(path).rules
    assert rules.max_hands == 10 and rules.low_nt_bid and rules.kaiser_bid_alone
    assert rules.min_bid == 5 and rules.three_spades_needs_tricks == 3
