"""The score sheet's line of names (issue 27: "NS: NS, EO: EO" when no team has a name)."""

from __future__ import annotations

import re

import pytest

from hardware.web.language import LANGUAGES, texts_for
from hardware.web.pages import sheet_html
from kaiser_core.sheet import build_sheet

HANDS = [
    {
        "auction": ["7", "pass", "pass", "pass"],
        "taken": {"NS": 6, "EW": 2},
        "five_hearts": "NS",
        "three_spades": "EW",
    }
]


def seats_line(record: dict[str, object], lang: str) -> str | None:
    """The sheet's ``<p class="seats">`` text, or None when there is none."""
    sheet = build_sheet(record)
    sheet["names"] = record.get("names", {})
    found = re.search(r'<p class="seats">([^<]*)</p>', sheet_html(sheet, texts_for(lang)))
    return found[1] if found else None


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_a_sheet_without_names_has_no_line_of_names(lang: str) -> None:
    assert seats_line({"hands": HANDS}, lang) is None


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_only_the_teams_with_a_name_are_named(lang: str) -> None:
    line = seats_line({"hands": HANDS, "names": {"EW": "Ann & Bob"}}, lang)
    assert line is not None and "Ann &amp; Bob" in line
    assert line.count(":") == 1, line  # EW's, not "NS: NS"
    both = seats_line({"hands": HANDS, "names": {"NS": "Us", "EW": "Them"}}, lang)
    assert both is not None and "Us" in both and "Them" in both
    seats = seats_line({"hands": HANDS, "names": {"N": "Ann", "S": "Bo"}}, lang)
    assert seats is not None and "Ann" in seats and "Bo" in seats
