"""CLUB.md's season table worked out the plain way (Decimals, no code of the director)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from kaiser_core.club.season import Night


def plainly(
    nights: list[Night | None], points: str, best: int | None, least: int
) -> list[dict[str, Any]]:
    """CLUB.md's season table worked out the plain way, with Decimals."""
    tenth = Decimal("0.1")
    cells: dict[str, list[Decimal | None]] = {}
    for i, night in enumerate(nights):
        if night is None:
            continue
        top = max(Decimal(str(r["total"])) for r in night.rows)
        for r in night.rows:
            if points == "total":
                value = Decimal(str(r["total"]))
            elif points == "rank":
                value = Decimal(len(night.rows) + 1 - r["rank"])
            else:
                exact = Decimal(str(r["total"])) * 100 / top if top > 0 else Decimal(0)
                value = exact.quantize(tenth, ROUND_HALF_UP)
            for player in night.members[r["name"]]:
                if player in night.played:
                    cells.setdefault(player, [None] * len(nights))[i] = value
    rows = []
    for player, values in cells.items():
        got = sorted((v for v in values if v is not None), reverse=True)
        keep = len(got) if best is None else min(best, len(got))
        total = sum(got[:keep], Decimal(0))
        shown = [
            None if v is None else (float(v) if points == "percent" or v % 1 else int(v))
            for v in values
        ]
        rows.append([player, float(total.quantize(tenth, ROUND_HALF_UP)), shown, keep,
                     len(got) >= least, total])  # fmt: skip
    rows.sort(key=lambda r: (not r[4], -r[5], r[0].casefold()))
    return [
        {"rank": i, "name": r[0], "total": r[1], "events": r[2], "counted": r[3],
         "qualified": r[4]}
        for i, r in enumerate(rows, 1)
    ]  # fmt: skip
