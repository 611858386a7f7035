"""``standings.csv`` with names a spreadsheet would run as formulas (issue 26, H27; OWASP's
CSV injection rule: a text cell starting with = + - @ tab or CR gets a leading ')."""

from __future__ import annotations

import csv
import io

from hardware.director.export import standings_csv
from hardware.director.state import NEXT, Director
from kaiser_core.club.event import parse_event

NAMES = ['=HYPERLINK("http://x")', "+SUM(A1:A9)", "@cmd", "-2+3", "Di", "Ann", "Bob", "Cy"]


def test_formula_names_are_neutralised_and_numbers_stay_numbers() -> None:
    event = parse_event(
        {
            "event": {
                "id": "csv-1", "name": "CSV", "format": "individual", "rounds": 2,
                "hands_per_round": 4, "rules": "standard", "players": NAMES, "pin": "1",
            }
        }
    )  # fmt: skip
    director = Director(event)
    director.receive("t", NEXT, b"")
    rows = list(csv.reader(io.StringIO(standings_csv(director))))
    names = {row[1] for row in rows[1:]}
    assert names == {"'" + n if n[0] in "=+-@\t" else n for n in NAMES}
    for row in rows[1:]:
        assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row), row
        assert row[0].isdigit() and row[2] == "0"
