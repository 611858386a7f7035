"""A game record's refusals in the player's language (issue 27: ``score`` under a French
locale printed "hand 1: unknown field 'bid'" and the like in English).

``known`` reads a refusal's English back as messages, a line within a line ("hand 3: auction
call 2 (S): ..."), and ``said`` translates them. Every error file of tests/games is read so;
the few refusals whose words stay English (option prose, rare combinations) are listed here,
so a new one in English is seen.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hardware.i18n.errors import error, known, said
from kaiser_core.errors import KaiserError
from kaiser_core.messages import Message
from kaiser_core.record import score_record

GAMES = Path(__file__).resolve().parents[1] / "games"
#: The beginnings of the refusals still English inside a translated line.
STILL_ENGLISH = (
    "option ",
    "low is not allowed by these rules",
    "taken cannot tell whether",
    "trump D: under trump_by_first_lead",
    "trump H: under trump_by_first_lead",
    "with low_bid bid, low is a no-trump bid",
    "auction call 1 (E) must be pass",
)


def refusals() -> list[tuple[str, KaiserError]]:
    found = []
    for path in sorted(GAMES.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if "expect_error" in case:
            try:
                score_record(case["record"])
            except KaiserError as err:
                found.append((path.name, err))
    return found


def innermost(message: object) -> object:
    """The line at the heart of a read-back line ("hand 3: X": X)."""
    while isinstance(message, Message) and "error" in message.params:
        message = message.params["error"]
    return message


def test_every_error_files_refusal_reads_back_as_words_of_ours() -> None:
    found = refusals()
    assert len(found) >= 50
    english = [
        f"{name}: {inner}"
        for name, err in found
        if not isinstance(inner := innermost(known(err)), Message)
        and not str(inner).startswith(STILL_ENGLISH)
    ]
    assert not english, "\n".join(english)


@pytest.mark.parametrize("lang", ["fr", "es", "it", "pt", "fi", "ru"])
def test_a_refusal_is_translated_and_its_english_is_what_it_was(lang: str) -> None:
    for name, err in refusals():
        line = error("score.record", path="-", error=known(err))
        assert str(line) == f"-: {err}", name  # the English line, unchanged
        inner = innermost(known(err))
        if isinstance(inner, Message):
            assert said(line, lang) != str(line), (name, lang)
