"""docs/ARCHITECTURE.md's "A new screen", done as it says on a copy of the repository,
then checked as CI checks the project.

The screen: TOTALS, opened from the menu, both totals and one translated word. The test
writes the three source files the doc names (the screen's module, its line in the list,
its painter), runs the catalogs' ``update`` and translates the new word in each language,
draws its reference pictures, and then runs ``mypy --strict``, ``ruff``, the catalogs'
check, the start-up tests and the screen tests on the copy, and plays the screen. It fails
when the doc names other files, when any of those checks asks for another file, or when the
screen does not work.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]

SCREEN_MODULE = '''"""TOTALS (a menu item): both totals; OK counts how often they were read."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_core.cards import Team
from kaiser_core.messages import TEXTS, Message
from kaiser_core.table.desk import Desk, Page
from kaiser_core.table.keys import Key
from kaiser_core.table.screen import Screen

TOTALS = Screen("totals")
TEXTS.update({"totals.title": "Totals"})


@dataclass(frozen=True)
class TotalsState:
    """TOTALS' own state: how often OK was pressed."""

    reads: int = 0


@dataclass(frozen=True)
class TotalsView:
    """The title and both totals."""

    title: str
    ns: int
    ew: int
    reads: int
    message: str = ""


def again(desk: Desk, state: TotalsState, key: Key) -> None:
    """OK: read once more."""
    desk.set(reads=state.reads + 1)


def back(desk: Desk, state: TotalsState, key: Key) -> None:
    """B: back to the menu."""
    desk.close()


def view(desk: Desk, state: TotalsState) -> TotalsView:
    """Both totals."""
    ns, ew = desk.team_score(Team.NS).total, desk.team_score(Team.EW).total
    return TotalsView(Message("totals.title"), ns, ew, state.reads, desk.ui.message)


PAGES = (
    Page(
        TOTALS,
        view,
        {Key.OK: again, Key.B: back},
        state=TotalsState,
        overlay=True,
        menu=Message("totals.title"),
    ),
)
'''

PAINTER_MODULE = '''"""TOTALS: the title, then both totals in the large digits."""

from __future__ import annotations

from hardware.screens.fonts import fonts
from hardware.screens.paint import Painter
from hardware.screens.pen import Pen
from kaiser_core.table.totals import TotalsView


def totals(pen: Pen, view: TotalsView) -> None:
    """The title on top, NS on the left, EW on the right."""
    _, small, _, big = fonts()
    pen.center(pen.w // 2, 0, view.title, small)
    pen.text(0, 24, str(view.ns), big)
    pen.right(pen.w - 1, 24, str(view.ew), big)


PAINTERS: dict[type, Painter] = {TotalsView: totals}
'''

LOADER = """

def _totals() -> Sequence[Page[Any]]:
    from kaiser_core.table import totals

    return totals.PAGES
"""

TRANSLATED = {"it": "Totali", "pt": "Totais", "fi": "Pisteet", "es": "Totales", "ru": "Итоги"}
TRANSLATED |= {"fr": "Totaux"}


def doc_files() -> list[str]:
    """The files docs/ARCHITECTURE.md's "A new screen" tells a developer to touch."""
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    section = text.split("**A new screen**", 1)[1].split("\n**", 1)[0]
    return re.findall(r"^- `([^`]+)`", section, re.M)


def copy_repo(to: Path) -> None:
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, listed):
        source = ROOT / name.decode()
        if source.is_file():
            target = to / name.decode()
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)


def run(repo: Path, *argv: str, env: dict[str, str] | None = None) -> str:
    environ = {**os.environ, "PYTHONPATH": str(repo), "PYTHONDONTWRITEBYTECODE": "1", **(env or {})}
    out = subprocess.run(
        [sys.executable, *argv], cwd=repo, env=environ, capture_output=True, text=True, timeout=900
    )
    assert out.returncode == 0, f"{' '.join(argv)}:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out.stdout


def translate(po: Path, word: str) -> None:
    """Fill the new id's msgstr (what a translator does in the .po)."""
    text = po.read_text()
    entry = re.compile(r'(msgctxt "totals.title"\nmsgid "Totals"\nmsgstr )""')
    assert entry.search(text), po
    po.write_text(entry.sub(lambda m: f'{m.group(1)}"{word}"', text.replace("#, fuzzy\n", "")))


def snapshot(repo: Path) -> dict[str, bytes]:
    caches = {"__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis"}
    return {
        str(p.relative_to(repo)): p.read_bytes()
        for p in repo.rglob("*")
        if p.is_file() and not caches & set(p.relative_to(repo).parts)
    }


def test_a_new_screen_takes_three_source_files_and_passes_what_ci_runs(tmp_path: Path) -> None:
    files = doc_files()
    assert files == [
        "kaiser_core/table/<name>.py",
        "kaiser_core/table/screens.py",
        "hardware/screens/<name>.py",
    ]
    repo = tmp_path / "repo"
    copy_repo(repo)
    before = snapshot(repo)

    # The three source files, as the doc says.
    (repo / "kaiser_core/table/totals.py").write_text(SCREEN_MODULE)
    (repo / "hardware/screens/totals.py").write_text(PAINTER_MODULE)
    screens = repo / "kaiser_core/table/screens.py"
    text = screens.read_text()
    text = text.replace(
        "\n\n#: Every screen of the table", LOADER + "\n\n#: Every screen of the table"
    )
    text = text.replace(
        "    Screen.PROFILE: _profile,\n",
        '    Screen.PROFILE: _profile,\n    Screen("totals"): _totals,\n',
    )
    assert "_totals," in text
    screens.write_text(text)

    # Its word in every language: update, translate, update; then the check passes.
    run(repo, "-m", "hardware.i18n.catalogs", "update")
    locales = sorted((repo / "hardware/locale").glob("*/LC_MESSAGES/kaiser.po"))
    for po in locales:
        translate(po, TRANSLATED[po.parts[-3]])
    run(repo, "-m", "hardware.i18n.catalogs", "update")
    run(repo, "-m", "hardware.i18n.catalogs", "check")

    # Its reference pictures, then what CI runs.
    run(repo, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/screens", "-k", "reference",
        env={"KAISER_UPDATE_SCREENS": "1"})  # fmt: skip
    run(repo, "-m", "mypy", "--strict", "kaiser_core", "hardware")
    run(repo, "-m", "ruff", "check", "kaiser_core", "hardware")
    run(repo, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/screens", "tests/startup")
    run(repo, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow", "tests/i18n")

    # It plays: the menu lists it, OK counts, the journal keeps its state, B goes back.
    played = run(repo, "-c", PLAY)
    assert played.split() == ["totals", "2", "totals", "2", "menu", "Итоги"]

    after = snapshot(repo)
    changed = {name for name in after if before.get(name) != after[name]}
    sources = {n for n in changed if n.endswith(".py")}
    assert sources == {
        "kaiser_core/table/totals.py",
        "kaiser_core/table/screens.py",
        "hardware/screens/totals.py",
    }
    rest = changed - sources
    assert {
        n for n in rest if not n.startswith(("hardware/locale/", "tests/screens/reference/"))
    } == set()
    pictures = {n for n in rest if n.startswith("tests/")}
    assert pictures and all(n.endswith("/screen-totals.png") for n in pictures)


PLAY = """
from hardware.i18n import localize, set_language
from hardware.screens import render
from kaiser_core.rules import Rules
from kaiser_core.table import Key, Screen, Table, read_scene

table = Table(Rules())
table.press(Key.UP)
table.press(Key.HOLD_OK)
while table.menu_items()[table.ui.state.menu_index] is not Screen("totals"):
    table.press(Key.DOWN)
table.press(Key.OK)
table.press(Key.OK)
table.press(Key.OK)
render(table.view())
print(table.ui.screen.value, table.view().reads)
again = Table(Rules())
again.load(Rules(), list(table.entries), read_scene(table.ui.to_json()))
print(again.ui.screen.value, again.view().reads)
again.press(Key.B)
print(again.ui.screen.value)
set_language("ru")
print(localize(table.view().title))
"""
