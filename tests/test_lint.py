"""Lint and types are part of the tests: ruff on everything, mypy --strict on the core."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_finds_nothing_anywhere():
    result = run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_core_is_formatted():
    result = run("ruff", "format", "--check", "kaiser_core")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_core_imports_nothing_from_the_world():
    forbidden = (
        "gpiozero",
        "luma",
        "serial",
        "PIL",
        "threading",
        "socket",
        "hardware",
        "sqlite3",
        "time",
        "datetime",
        "random",
        "os",
        "subprocess",
        "asyncio",
    )
    for path in (ROOT / "kaiser_core").glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                top = words[1].split(".")[0]
                assert top not in forbidden, f"{path.name}: {line}"


@pytest.mark.slow
def test_mypy_strict_passes_on_the_core_and_the_hardware():
    """One run over both packages (the core alone is a subset of it)."""
    result = run("mypy", "--strict", "kaiser_core", "hardware")
    assert result.returncode == 0, result.stdout + result.stderr


def _imports(path: Path, package: str) -> set[str]:
    """The project's modules ``path`` imports (top level or in a function), by dotted name."""
    import ast

    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found |= {n for n in names if n.split(".")[0] == package}
    return found


def test_no_import_cycle_among_the_projects_modules():
    modules: dict[str, Path] = {}
    for package in ("hardware", "kaiser_core"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    graph = {
        name: {m for m in _imports(path, name.split(".")[0]) if m in modules and m != name}
        for name, path in modules.items()
    }
    # A package's __init__ that re-exports its own submodules is not a cycle of design.
    graph = {
        name: {m for m in deps if not m.startswith(name + ".")} for name, deps in graph.items()
    }
    state: dict[str, int] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = 1
        for dep in sorted(graph[name]):
            if state.get(dep) == 1:
                cycle = [*trail[trail.index(dep) :], dep] if dep in trail else [name, dep]
                raise AssertionError("import cycle: " + " -> ".join(cycle))
            if dep not in state:
                visit(dep, [*trail, dep])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_no_service_source_file_is_over_450_lines():
    long = [
        f"{path.relative_to(ROOT)}: {n}"
        for path in (ROOT / "hardware").rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 450
    ]
    assert not long, long
