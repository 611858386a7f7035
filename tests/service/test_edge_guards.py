"""Issue 24: the edges of the one-way flow, checked on the source (an ``ast`` walk).

- Nothing under ``hardware/`` uses a private member of the scorer (``scorer._store``):
  a source puts events on the queue, the loop stores them.
- Nothing under ``hardware/`` writes into a table (``table.x = ...``, ``table.x += ...``,
  ``table.names[k] = ...``, ``table.names.update(...)``, ``setattr(table, ...)``, ``del
  table.x``): what the journal reads back and what a source knows go in through the
  table's own methods (``Table.handle``, ``Table.resume``).

A name "is a table" when it is ``table``, ends in ``_table`` or is an attribute ``.table``
(``scorer.table``, ``self.table``): the names the project gives a ``Table``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
TABLE = re.compile(r"(^|_)table$")
MUTATORS = {"update", "append", "extend", "insert", "clear", "pop", "popitem", "remove"}
MUTATORS |= {"setdefault", "add", "discard", "sort", "reverse"}


def sources(folder: str = "hardware") -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def is_table(node: ast.expr) -> bool:
    """``table``, ``club_table``, ``self.table``, ``scorer.table``."""
    if isinstance(node, ast.Name):
        return bool(TABLE.search(node.id))
    return isinstance(node, ast.Attribute) and node.attr == "table"


def of_table(node: ast.expr) -> bool:
    """An attribute of a table, or a part of one (``table.x``, ``table.x.y``, ``table.x[k]``)."""
    while isinstance(node, ast.Attribute | ast.Subscript):
        if isinstance(node, ast.Attribute) and is_table(node.value):
            return True
        node = node.value
    return False


def writes_into_a_table(tree: ast.AST) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and node.args:
                if is_table(node.args[0]):
                    found.append((node.lineno, ast.unparse(node)))
            elif isinstance(func, ast.Attribute) and func.attr in MUTATORS and of_table(func.value):
                found.append((node.lineno, ast.unparse(node)))
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute | ast.Subscript) and of_table(part):
                    found.append((node.lineno, ast.unparse(node).splitlines()[0]))
                    break
    return found


def private_scorer_uses(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__"):
            continue
        owner = node.value
        name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
        if name == "scorer":
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_checks_see_what_they_look_for() -> None:
    bad = ast.parse(
        "table.past = []\nscorer.table.reader_online = True\nself.table.series += 1\n"
        "table.names.update(x)\ntable.names['N'] = 'Ann'\nsetattr(table, 'club', c)\n"
        "del table.ui\nscorer._store(change)\n"
    )
    assert sorted(line for line, _ in writes_into_a_table(bad)) == [1, 2, 3, 4, 5, 6, 7]
    assert private_scorer_uses(bad) == [(8, "scorer._store")]
    fine = ast.parse("table.handle(event)\nx = table.past\nrow['table'] = 3\nt[0] = table.ui\n")
    assert writes_into_a_table(fine) == [] and private_scorer_uses(fine) == []


@pytest.mark.slow  # every module of hardware parsed: over a quarter of a second
def test_no_source_uses_the_scorers_private_members() -> None:
    found = {
        f"{path.relative_to(ROOT)}:{line}": text
        for path in sources()
        for line, text in private_scorer_uses(ast.parse(path.read_text(), str(path)))
    }
    assert found == {}


@pytest.mark.slow  # every module of hardware parsed
def test_nothing_outside_the_table_writes_into_a_table() -> None:
    found = {
        f"{path.relative_to(ROOT)}:{line}": text
        for path in sources()
        for line, text in writes_into_a_table(ast.parse(path.read_text(), str(path)))
    }
    assert found == {}
