"""Exports of the event: the standings as CSV, every table's records as game records."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from hardware.director.state import Director

#: What makes a spreadsheet read a text cell as a formula (OWASP, CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """A text cell that a spreadsheet would run as a formula gets a leading ``'``
    (numbers stay numbers)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def standings_csv(director: Director) -> str:
    """The standings as CSV: rank, name, total, one column per round, won; no cell is
    a formula (a player's name ``=HYPERLINK(...)`` is text)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    rounds = director.event.rounds
    writer.writerow(["rank", "name", "total", *(f"round {r}" for r in range(1, rounds + 1)), "won"])
    for row in director.standings()["rows"]:
        cells = ["" if s is None else s for s in row["rounds"]]
        writer.writerow(
            [cell(v) for v in (row["rank"], row["name"], row["total"], *cells, row["won"])]
        )
    return out.getvalue()


def records(director: Director) -> list[dict[str, Any]]:
    """Every table's kept record of every round, as ``{"table", "round", "record"}``."""
    return [
        {"table": t, "round": r, "journal": kept.journal, "rev": kept.rev, "record": msg.record}
        for (t, r), (kept, msg) in sorted(director.kept.items())
    ]


def write_all(director: Director, folder: Path) -> list[Path]:
    """``standings.csv`` and one ``table-<n>-round-<r>.json`` game record per game."""
    folder.mkdir(parents=True, exist_ok=True)
    written = [folder / "standings.csv"]
    written[0].write_text(standings_csv(director), encoding="utf-8")
    for item in records(director):
        path = folder / f"table-{item['table']}-round-{item['round']}.json"
        path.write_text(json.dumps(item["record"], indent=2, ensure_ascii=False) + "\n", "utf-8")
        written.append(path)
    return written
