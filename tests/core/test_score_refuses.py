"""``kaiser-scorer score`` refuses bad records: exit 2, one line naming hand and field."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from hardware.cli import main

GOOD_HAND = {
    "contract": {"bidder": "E", "bid": 8},
    "trump": "H",
    "tricks": ["E", "S", "E", "E", "W", "N", "E", "W"],
    "five_hearts": "E",
    "three_spades": "N",
}
PLAYS = [
    ["AS", "KS", "QS", "JS"],
    ["TS", "9S", "8S", "3S"],
    ["AH", "KH", "QH", "JH"],
    ["TH", "9H", "8H", "5H"],
    ["AD", "KD", "QD", "JD"],
    ["TD", "9D", "8D", "7D"],
    ["AC", "KC", "QC", "JC"],
    ["TC", "9C", "8C", "7C"],
]
NT_PLAYS_HAND = {"contract": {"bidder": "N", "bid": 6, "no_trump": True}, "plays": PLAYS}


def rec(*hands, **top):
    return {"hands": list(hands), **top}


def hand(**changes):
    h = copy.deepcopy(GOOD_HAND)
    for key, value in changes.items():
        if value is ...:
            del h[key]
        else:
            h[key] = value
    return h


def plays_with(trick: int, card: int, code: str):
    p = copy.deepcopy(PLAYS)
    p[trick][card] = code
    return {**NT_PLAYS_HAND, "plays": p}


WON = {
    "contract": {"bidder": "N", "bid": 12, "no_trump": True},
    "taken": {"NS": 7, "EW": 1},
    "five_hearts": "NS",
    "three_spades": "EW",
}

# (id, record or raw text, hand number in the message or None, text the message must contain)
BAD = [
    ("not-json", "{", None, "invalid JSON"),
    ("not-object", 7, None, "must be a JSON object"),  # a list: export --all's games
    ("unknown-top-field", rec(GOOD_HAND, colour="red"), None, "unknown field 'colour'"),
    ("bad-format", rec(GOOD_HAND, format="kaiser-game/2"), None, "format must be"),
    ("unknown-profile", rec(GOOD_HAND, rules="poker"), None, "unknown rules profile 'poker'"),
    (
        "unknown-option",
        rec(GOOD_HAND, rules={"profile": "standard", "options": {"tarjet": 1}}),
        None,
        "unknown option 'tarjet'",
    ),
    (
        "option-wrong-type",
        rec(GOOD_HAND, rules={"options": {"target": "52"}}),
        None,
        "option target must be a whole number",
    ),
    (
        "option-out-of-range",
        rec(GOOD_HAND, rules={"options": {"min_bid": 9}}),
        None,
        "option min_bid must be from 4 to 8",
    ),
    (
        "option-bad-choice",
        rec(GOOD_HAND, rules={"options": {"deal": "poker"}}),
        None,
        "option deal must be one of",
    ),
    (
        "rules-unknown-key",
        rec(GOOD_HAND, rules={"profil": "standard"}),
        None,
        "rules: rules has an unknown key 'profil'",
    ),
    ("bad-first-dealer", rec(GOOD_HAND, first_dealer="X"), None, "first_dealer must be a seat"),
    ("names-not-seat", rec(GOOD_HAND, names={"Q": "Ann"}), None, "names has 'Q'"),
    ("hands-missing", {"rules": "standard"}, None, "hands is missing"),
    ("hands-not-list", {"hands": {}}, None, "hands must be a list"),
    ("hand-not-object", rec(GOOD_HAND, 7), 2, "a hand must be an object"),
    ("unknown-hand-field", rec(hand(bonus=1)), 1, "unknown field 'bonus'"),
    ("redeal-with-more", rec({"redeal": True, "tricks": []}), 1, "a redeal is exactly"),
    ("no-contract", rec(hand(contract=...)), 1, "needs its contract"),
    (
        "contract-unknown-key",
        rec(hand(contract={"bidder": "E", "bid": 8, "suit": "H"})),
        1,
        "contract has an unknown field 'suit'",
    ),
    (
        "bidder-not-seat",
        rec(hand(contract={"bidder": "X", "bid": 8})),
        1,
        "contract.bidder must be a seat",
    ),
    (
        "bid-not-int",
        rec(hand(contract={"bidder": "E", "bid": "8"})),
        1,
        "contract.bid must be a whole number",
    ),
    (
        "bid-bool",
        rec(hand(contract={"bidder": "E", "bid": True})),
        1,
        "contract.bid must be a whole number",
    ),
    (
        "bid-below-min",
        rec(hand(contract={"bidder": "E", "bid": 5})),
        1,
        "contract.bid 5 is out of range",
    ),
    ("bid-above-12", rec(hand(contract={"bidder": "E", "bid": 13})), 1, "13 is out of range"),
    (
        "nt-below-nt-min",
        rec(
            hand(contract={"bidder": "E", "bid": 6, "no_trump": True}, trump=...),
            rules="tournament",
        ),
        1,
        "a no-trump bid is 7 to 12",
    ),
    (
        "no-trump-not-bool",
        rec(hand(contract={"bidder": "E", "bid": 8, "no_trump": "yes"})),
        1,
        "contract.no_trump must be true or false",
    ),
    ("trump-bad", rec(hand(trump="X")), 1, "trump must be S, H, D or C"),
    (
        "trump-with-nt",
        rec(hand(contract={"bidder": "E", "bid": 8, "no_trump": True})),
        1,
        "with a no-trump contract",
    ),
    ("no-outcome", rec(hand(tricks=...)), 1, "needs its outcome"),
    ("two-outcomes", rec(hand(taken={"NS": 2, "EW": 6})), 1, "give only one of"),
    ("tricks-count", rec(hand(tricks=["E"] * 7)), 1, "tricks has 7 winners, not 8"),
    ("tricks-not-seat", rec(hand(tricks=["E"] * 7 + ["X"])), 1, "tricks[8] must be a seat"),
    ("special-missing", rec(hand(five_hearts=...)), 1, "five_hearts is missing"),
    (
        "special-seat-no-trick",
        rec(hand(five_hearts="S", tricks=["E"] * 7 + ["N"])),
        1,
        "five_hearts names S, which took no trick",
    ),
    (
        "special-team-no-trick",
        rec(hand(three_spades="NS", tricks=["E"] * 8)),
        1,
        "three_spades names NS, which took no trick",
    ),
    (
        "special-not-seat",
        rec(hand(three_spades="north")),
        1,
        "three_spades must be a seat or a team",
    ),
    (
        "taken-sum",
        rec(hand(tricks=..., taken={"NS": 3, "EW": 6}, five_hearts="EW", three_spades="NS")),
        1,
        "taken adds up to 9 tricks, not 8",
    ),
    (
        "taken-bad-key",
        rec(hand(tricks=..., taken={"NS": 3, "WE": 5})),
        1,
        "'WE', which is not a team",
    ),
    (
        "taken-negative",
        rec(hand(tricks=..., taken={"NS": -1, "EW": 9})),
        1,
        "taken.NS must be 0 to 8",
    ),
    (
        "taken-special-no-trick",
        rec(hand(tricks=..., taken={"NS": 0, "EW": 8}, five_hearts="EW", three_spades="N")),
        1,
        "but NS took no trick",
    ),
    ("low-not-allowed", rec(hand(low=True)), 1, "low is not allowed"),
    ("low-not-bool", rec(hand(low="yes")), 1, "low must be true or false"),
    (
        "auction-length",
        rec(hand(auction=["pass", "8"])),
        1,
        "auction must be a list of the 4 calls",
    ),
    (
        "auction-bad-token",
        rec(hand(auction=["pass", "eight", "pass", "pass"])),
        1,
        "auction call 2 (S) must be pass, 7 or 7nt",
    ),
    (
        "auction-leading-zero",
        rec(hand(auction=["08", "pass", "pass", "pass"])),
        1,
        "auction call 1 (E) must be pass",
    ),
    (
        "auction-not-outranking",
        rec(hand(auction=["8", "7", "pass", "pass"])),
        1,
        "auction call 2 (S): 7 does not outrank the highest bid 8",
    ),
    (
        "auction-dealer-forced",
        rec(hand(auction=["pass", "pass", "pass", "pass"])),
        1,
        "the dealer must bid",
    ),
    (
        "auction-dealer-may-not-take",
        rec(
            hand(auction=["8", "pass", "pass", "8"]), rules={"options": {"dealer_may_take": False}}
        ),
        1,
        "8 does not outrank the highest bid 8",
    ),
    (
        "auction-disagrees",
        rec(hand(auction=["8", "pass", "pass", "pass"], contract={"bidder": "E", "bid": 9})),
        1,
        "disagrees with the auction",
    ),
    (
        "auction-below-min",
        rec(hand(auction=["pass", "6", "pass", "pass"]), rules="skat"),
        1,
        "6 is out of range",
    ),
    (
        "plays-suit-without-trump",
        rec({"contract": {"bidder": "N", "bid": 6}, "plays": PLAYS}),
        1,
        "needs its trump",
    ),
    (
        "plays-with-special",
        rec({**NT_PLAYS_HAND, "five_hearts": "N"}),
        1,
        "five_hearts is not allowed with plays",
    ),
    ("plays-count", rec({**NT_PLAYS_HAND, "plays": PLAYS[:7]}), 1, "plays has 7 tricks, not 8"),
    (
        "plays-trick-size",
        rec({**NT_PLAYS_HAND, "plays": [*PLAYS[:7], ["TC", "9C", "8C"]]}),
        1,
        "trick 8 must be a list of 4 cards",
    ),
    ("plays-bad-card", rec(plays_with(0, 0, "ZZ")), 1, "'ZZ' is not a card"),
    ("plays-card-not-in-pack", rec(plays_with(0, 0, "7S")), 1, "7S is not in the 32-card pack"),
    ("plays-twice", rec(plays_with(1, 0, "AS")), 1, "AS was already played in trick 1"),
    ("plays-card-not-string", rec(plays_with(0, 0, 14)), 1, "a card must be a code like AS"),
    (
        "hand-after-win",
        rec(WON, GOOD_HAND, rules={"options": {"kaiser_bid_wins": True}}),
        2,
        "the game was already won by NS",
    ),
]


@pytest.mark.parametrize(("case", "data", "hand_no", "fragment"), BAD, ids=[b[0] for b in BAD])
def test_score_refuses(case, data, hand_no, fragment, tmp_path, capsys):
    path = tmp_path / "record.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    status = main(["score", str(path)])
    out, err = capsys.readouterr()
    assert status == 2, case
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, lines
    assert fragment in lines[0]
    if hand_no is not None:
        assert f"hand {hand_no}: " in lines[0]
    else:
        assert "hand " not in lines[0].split(":")[1]


def test_every_refusal_has_its_own_message(tmp_path, capsys):
    messages = set()
    for case, data, _, _ in BAD:
        path = tmp_path / f"{case}.json"
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        main(["score", str(path)])
        messages.add(capsys.readouterr().err)
    assert len(messages) == len(BAD) >= 30


def test_the_good_hand_is_accepted(capsys):
    # The base of every bad case scores, so each refusal comes from its one change.
    import io

    sys.stdin = io.StringIO(json.dumps(rec(GOOD_HAND, names={"NS": "Us", "EW": "Them"})))
    try:
        assert main(["score", "-"]) == 0
    finally:
        sys.stdin = sys.__stdin__
    result = json.loads(capsys.readouterr().out)
    assert result["totals"] == {"NS": -1, "EW": 11}


@pytest.mark.slow
def test_missing_file_and_binary_input_are_one_line_no_traceback(tmp_path):
    binary = tmp_path / "garbage.json"
    binary.write_bytes(bytes(range(256)))
    for target in (str(tmp_path / "nope.json"), str(binary)):
        run = subprocess.run(
            [sys.executable, "-m", "hardware.cli", "score", target],
            capture_output=True,
            text=True,
            check=False,
        )
        assert run.returncode == 2
        assert run.stdout == ""
        assert len(run.stderr.splitlines()) == 1
        assert "Traceback" not in run.stderr


@pytest.mark.slow
def test_deeply_nested_json_is_refused_not_crashed(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    run = subprocess.run(
        [sys.executable, "-m", "hardware.cli", "score", str(deep)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and len(run.stderr.splitlines()) == 1
