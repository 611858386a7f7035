"""The house's shape, checked on every module of both packages: ruff and mypy (once each in
the suite), a pure core, no import cycle (function-local imports counted), no source file
over 450 lines."""

from __future__ import annotations

import ast
import functools
import importlib
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("kaiser_core", "hardware")
MAX_LINES = 450


# -- ruff and mypy: each runs once in the whole suite -----------------------------------------
def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


@pytest.mark.slow
def test_ruff_finds_nothing_anywhere() -> None:
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_the_core_is_formatted() -> None:
    result = run("ruff", "format", "--check", "kaiser_core")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict_passes_on_the_core_and_the_hardware() -> None:
    """One run over both packages (the core alone is a subset of it)."""
    result = run("mypy", "--strict", "kaiser_core", "hardware")
    assert result.returncode == 0, result.stdout + result.stderr


# -- every module and every import in it ----------------------------------------------------
@dataclass(frozen=True)
class Import:
    """One import: the dotted name (``from a import b``: ``a.b``, and ``a`` as ``base``),
    where, and whether inside a def or a class."""

    name: str
    line: int
    local: bool
    base: str | None = None


def modules(*packages: str, root: Path = ROOT) -> dict[str, Path]:
    """Every module under ``packages`` (folders, at any depth), by dotted name."""
    out: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _literal_import(node: ast.Call) -> str | None:
    """The name of ``importlib.import_module("x")`` or ``__import__("x")`` (a literal)."""
    func = ast.unparse(node.func)
    if func not in ("importlib.import_module", "import_module", "__import__"):
        return None
    if node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        return node.args[0].value
    return None


#: Builtins that read, write or load code.
IMPURE_CALLS = {"open", "print", "input", "breakpoint", "exec", "eval", "compile", "__import__"}
#: The calls of IMPURE_CALLS in each file, (line, name), as ``imports`` found them.
CALLS: dict[Path, tuple[tuple[int, str], ...]] = {}


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def _nodes(tree: ast.AST) -> Iterator[tuple[ast.AST, bool]]:
    """Every node under ``tree``, and whether it is inside a def, a class or a lambda."""
    stack = [(child, False) for child in ast.iter_child_nodes(tree)]
    while stack:
        node, inside = stack.pop()
        yield node, inside
        deeper = inside or isinstance(node, SCOPES)
        stack.extend((child, deeper) for child in ast.iter_child_nodes(node))


@functools.cache
def imports(path: Path, name: str) -> tuple[Import, ...]:
    """Every import in the file: top level, in functions and classes, under TYPE_CHECKING,
    relative ones resolved, and ``importlib.import_module`` of a literal name."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[Import] = []
    calls: list[tuple[int, str]] = []
    for node, inside in _nodes(parsed(path)):
        if isinstance(node, ast.Import):
            found += [Import(a.name, node.lineno, inside) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            found += [Import(f"{base}.{a.name}", node.lineno, inside, base) for a in node.names]
        elif isinstance(node, ast.Call):
            if literal := _literal_import(node):
                found.append(Import(literal, node.lineno, inside))
            if isinstance(node.func, ast.Name) and node.func.id in IMPURE_CALLS:
                calls.append((node.lineno, node.func.id))
    CALLS[path] = tuple(sorted(calls))  # read in the same walk (the core's test is timed)
    return tuple(found)


def graph_of(known: dict[str, Path], *, own_package: bool) -> dict[str, set[str]]:
    """Module -> the project modules it imports.

    ``own_package`` True: ``from a import b`` is an edge to the module ``a.b`` (to ``a`` when
    ``b`` is a name in it), a package's edges to its own submodules kept. False: ``from a
    import b`` is an edge to both ``a`` (it runs first) and ``a.b``, and a package's edges to
    its own submodules (its re-exports) are dropped.
    """
    graph: dict[str, set[str]] = {}
    for name, path in known.items():
        deps: set[str] = set()
        for i in imports(path, name):
            if own_package:
                deps.add(i.name if i.name in known or i.base is None else i.base)
            else:
                deps.update(n for n in (i.name, i.base) if n is not None)
        deps = {d for d in deps if d in known and d != name}
        if not own_package:
            deps = {d for d in deps if not d.startswith(name + ".")}
        graph[name] = deps
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return []


# -- the core stays pure ----------------------------------------------------------------------
#: All the core may import from outside itself: computation only.
PURE = {
    "__future__",
    "_collections_abc",
    "abc",
    "bisect",
    "collections",
    "contextlib",
    "dataclasses",
    "decimal",
    "enum",
    "fractions",
    "functools",
    "heapq",
    "itertools",
    "json",
    "math",
    "operator",
    "re",
    "string",
    "types",
    "typing",
    "unicodedata",
}
#: What purity means, named (none is in PURE): devices, I/O, the clock, threads, the network,
#: randomness, the environment, loading by name, the hardware side.
FORBIDDEN = (
    "gpiozero",
    "luma",
    "serial",
    "PIL",
    "threading",
    "_thread",
    "concurrent",
    "multiprocessing",
    "socket",
    "ssl",
    "http",
    "urllib",
    "hardware",
    "sqlite3",
    "time",
    "datetime",
    "random",
    "secrets",
    "os",
    "sys",
    "io",
    "pathlib",
    "shutil",
    "tempfile",
    "signal",
    "select",
    "selectors",
    "logging",
    "subprocess",
    "asyncio",
    "importlib",
)


def impure(path: Path, name: str, where: str) -> list[str]:
    """The lines of ``path`` that import outside PURE, or call an impure builtin."""
    found = [
        f"{where}:{i.line}: {i.name}{' (in a function)' if i.local else ''}"
        for i in imports(path, name)
        if i.name.split(".")[0] not in PURE | {"kaiser_core"}
    ]
    found += [f"{where}:{line}: {call}()" for line, call in CALLS[path]]
    return sorted(found, key=lambda line: int(line.split(":")[1]))


def test_purity_names_nothing_it_allows() -> None:
    assert not PURE & set(FORBIDDEN)


def test_the_purity_check_sees_deep_modules_and_function_local_imports(tmp_path: Path) -> None:
    deep = tmp_path / "kaiser_core" / "a" / "b"
    deep.mkdir(parents=True)
    (deep / "m.py").write_text(
        "import json\nfrom . import n\n\ndef f():\n    import os\n    return open('x')\n"
        "class C:\n    def g(self):\n        from importlib import import_module\n"
    )
    (deep / "n.py").write_text("from time import monotonic\n")
    found = {
        line
        for name, path in modules("kaiser_core", root=tmp_path).items()
        for line in impure(path, name, path.name)
    }
    assert found == {
        "m.py:5: os (in a function)",
        "m.py:6: open()",
        "m.py:9: importlib.import_module (in a function)",
        "n.py:1: time.monotonic",
    }
    assert ("kaiser_core.a.b.m", "kaiser_core.a.b.n") in {
        (name, i.name)
        for name, path in modules("kaiser_core", root=tmp_path).items()
        for i in imports(path, name)
    }


def test_the_core_imports_nothing_from_the_world() -> None:
    """Every module at every depth, every import (in functions too): I/O, the clock,
    threads, the network, randomness and loading by name stay in ``hardware``."""
    known = modules("kaiser_core")
    assert "kaiser_core.table.table" in known  # two levels down: seen
    found = [
        line
        for name, path in known.items()
        for line in impure(path, name, str(path.relative_to(ROOT)))
    ]
    assert found == [], "\n".join(found)


def test_every_public_name_of_the_core_loads_on_first_use() -> None:
    """``kaiser_core``'s names load lazily, each module by an import statement of its own."""
    import kaiser_core

    assert set(kaiser_core.__all__) == set(kaiser_core._WHERE)
    # A public name that is also a submodule's is the submodule once that is imported
    # (Python sets it on the package): record_json, known, left to its owner; no new one.
    shadowed = {n for n in kaiser_core._WHERE if (ROOT / "kaiser_core" / f"{n}.py").exists()}
    assert shadowed == {"record_json"}
    for name, module in kaiser_core._WHERE.items():
        if name not in shadowed:
            assert getattr(kaiser_core, name) is getattr(importlib.import_module(module), name)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        kaiser_core.nothing  # noqa: B018


# -- no import cycle, function-local imports counted -------------------------------------------
def test_the_checker_sees_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


@pytest.mark.slow  # it reads every module of hardware: over a quarter of a second
def test_the_import_walk_counts_function_local_imports() -> None:
    known = modules(*PACKAGES)
    local = {
        (name, i.name if i.name in known else i.base)
        for name, path in known.items()
        for i in imports(path, name)
        if i.local
    }
    # hardware.web.home_data reads a game as export does, importing it in the function.
    assert ("hardware.web.home_data", "hardware.app") in local
    assert "hardware.app" in graph_of(known, own_package=False)["hardware.web.home_data"]


@pytest.mark.slow  # every module of both packages
def test_no_import_cycle_among_the_projects_modules() -> None:
    """Both packages; a package's ``__init__`` re-exporting its own submodules is no cycle
    of design (a submodule importing its package back still closes one through others)."""
    graph = graph_of(modules(*PACKAGES), own_package=False)
    cycle = find_cycle(graph)
    assert cycle == [], " -> ".join(cycle)


def test_the_core_and_the_painters_have_no_import_cycle() -> None:
    """The core and the painters with every edge, their packages' re-exports too: a module
    importing its own package back is a cycle here."""
    graph = graph_of(modules("kaiser_core", "hardware/screens"), own_package=True)
    assert "kaiser_core.table.table" in graph["kaiser_core.table"]
    cycle = find_cycle(graph)
    assert cycle == [], " -> ".join(cycle)


# -- short files ------------------------------------------------------------------------------
@pytest.mark.parametrize("package", PACKAGES)
def test_no_source_file_is_over_450_lines(package: str) -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in (ROOT / package).rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}
