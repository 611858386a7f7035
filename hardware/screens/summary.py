"""SUMMARY: the hand scored."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.paint import painter
from hardware.screens.parts import contract_text, message_bar, signed, status_chip
from hardware.screens.pen import Pen
from kaiser_core.views import SummaryView


@painter(SummaryView)
def summary(pen: Pen, v: SummaryView) -> None:
    """Draw a SummaryView."""
    tiny, small, _, _ = fonts()
    bottom = message_bar(pen, v.message)
    pen.text(0, 0, contract_text(v.contract), small)
    status_chip(pen, pen.w, 0, "MADE" if v.made else "SET")
    pen.line(0, 13, pen.w - 1, 13)
    columns = (("pts", 62), ("change", 96), ("total", pen.w))
    for heading, right in columns:
        pen.right(right, 15, heading, tiny)
    rows = ((v.ns, v.raw_ns, v.delta_ns), (v.ew, v.raw_ew, v.delta_ew))
    for i, (team, raw, delta) in enumerate(rows):
        y = 24 + i * 12
        name = team.name if small.width(team.name) <= 36 else team.team.code
        pen.text(0, y, name, small)
        for (_, right), value in zip(
            columns, (str(raw), signed(delta), str(team.total)), strict=True
        ):
            pen.right(right, y, value, small)
    y = 48
    for note in v.notes:
        if y + 8 > bottom + 1:
            break
        pen.text(0, y, tiny.fit(note, pen.w), tiny)
        y += 8
