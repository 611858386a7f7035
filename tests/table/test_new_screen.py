"""A new screen takes a screen module and a painter module, nothing else (docs/ARCHITECTURE.md).

The demo screen "Totals" is opened from the menu, shows both totals and counts UP presses
in its own cursor (``Ui.extra``). Its module is a real file in a package of its own that
``load_screen_modules`` imports, exactly as it imports the table's own screen modules; its
painter registers itself with ``hardware.screens.painter`` as the built-in painters do.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from hardware.screens import Pen, fonts, painter, render, unregister
from kaiser_core.cards import Team
from kaiser_core.rules import Rules
from kaiser_core.table import PAGES, Key, Screen, Table, Ui
from kaiser_core.table import unregister as unregister_page
from kaiser_core.table.table import load_screen_modules
from kaiser_core.views import TeamScore

# The whole screen module, as a new file kaiser_core/table/totals.py would hold it.
TOTALS_MODULE = '''
"""TOTALS: both totals; UP counts (a cursor of its own); B or OK go back."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import Team
from kaiser_core.table.desk import Desk, Page, register
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen
from kaiser_core.table.ui import Change
from kaiser_core.views import TeamScore

TOTALS = Screen.define("TOTALS", "totals")


@dataclass(frozen=True)
class TotalsView:
    """Both teams' totals and the count of UP presses."""

    ns: TeamScore
    ew: TeamScore
    count: int
    message: str = ""


def press(desk: Desk, key: Key) -> Change:
    """UP counts; B or OK close the screen."""
    if key is Key.UP:
        count = desk.ui.extra.get("totals_count", 0) + 1
        desk.go(TOTALS, extra={**desk.ui.extra, "totals_count": count})
    elif key in (Key.B, Key.OK):
        desk.close()
    return Change()


def view(desk: Desk) -> TotalsView:
    """The totals, the count."""
    count = desk.ui.extra.get("totals_count", 0)
    return TotalsView(desk.team_score(Team.NS), desk.team_score(Team.EW), count, desk.ui.message)


PAGE = register(Page(TOTALS, press, view, overlay=True, menu="Totals"))
'''


@pytest.fixture
def totals(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    package = tmp_path / "demo_screens"
    package.mkdir()
    (package / "__init__.py").write_text('"""Screens added by a test."""\n')
    (package / "totals.py").write_text(textwrap.dedent(TOTALS_MODULE))
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_screen_modules("demo_screens") == ["totals"]
    module = sys.modules["demo_screens.totals"]

    # The painter, as a new file hardware/screens/totals.py would hold it.
    @painter(module.TotalsView)
    def paint_totals(pen: Pen, v: object) -> None:
        tiny, small, mid, _ = fonts()
        pen.text(0, 0, "TOTALS", mid)
        pen.text(0, 20, f"{v.ns.name} {v.ns.total}  {v.ew.name} {v.ew.total}", small)
        pen.text(0, 40, f"count {v.count}", tiny)

    yield module
    unregister(module.TotalsView)
    unregister_page(module.TOTALS)
    Screen.forget(module.TOTALS)
    for name in ("demo_screens.totals", "demo_screens"):
        sys.modules.pop(name, None)


def open_totals(table: Table) -> None:
    table.press(Key.HOLD_OK)
    items = table.menu_items()
    for _ in range(items.index(Screen("totals"))):
        table.press(Key.DOWN)
    table.press(Key.OK)


def test_a_screen_module_and_a_painter_make_a_working_screen(totals: object) -> None:
    module = totals
    names = {Team.NS: "Us", Team.EW: "Them"}
    table = Table(Rules(), names=names)
    table.press(Key.UP)  # N deals
    items = table.menu_items()
    assert items[-2:] == [module.TOTALS, items[-1]] and items[-1].value == "Shut down"
    open_totals(table)
    assert table.ui.screen is module.TOTALS and table.ui.stack == (Screen.SCORE, Screen.MENU)
    view = table.view()
    assert view == module.TotalsView(TeamScore(Team.NS, "Us", 0), TeamScore(Team.EW, "Them", 0), 0)

    first = render(view)
    change = table.press(Key.UP)
    assert change.ui and not change.append  # the cursor is UI state: journaled
    change = table.press(Key.UP)
    assert table.view().count == 2
    second = render(table.view())
    assert first.getbbox() is not None and first.tobytes() != second.tobytes()

    stored = json.loads(json.dumps(table.ui.to_json()))
    resumed = Table(Rules(), names=names)
    resumed.load(Rules(), list(table.entries), Ui.from_json(stored))
    assert resumed.ui == table.ui and resumed.view() == table.view()

    assert "ignored" in (table.read_card("AS"), table.view().message)[1]
    table.press(Key.B)
    assert table.ui.screen is Screen.MENU
    table.press(Key.B)
    assert table.ui.screen is Screen.SCORE and table.ui.extra == {"totals_count": 2}


def test_a_stored_added_screen_without_its_module_resumes_at_home(totals: object) -> None:
    module = totals
    table = Table(Rules())
    table.press(Key.UP)
    open_totals(table)
    stored = table.ui.to_json()
    unregister_page(module.TOTALS)
    resumed = Table(Rules())
    resumed.load(Rules(), list(table.entries), Ui.from_json(stored))
    assert resumed.ui.screen is Screen.SCORE and resumed.ui.stack == ()
    assert module.TOTALS not in PAGES


@dataclass(frozen=True)
class _NotAView:
    message: str = ""


def test_a_view_without_a_painter_is_refused() -> None:
    with pytest.raises(TypeError, match="_NotAView is not a view"):
        render(_NotAView())
