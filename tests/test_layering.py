"""The package layering of src/cryptohls (issue 18), read from the source with ``ast``.

Layer order (a package may import the packages below it, directly or further down):

    cli → commands → report → bench → sim → hls → codegen → bind → {passes, schedule, frontend} → ir

plus the leaves beside the compiler: sim → lwc → golden, sim → designs → lwc, commands → fuzz → bench (the
Csmith campaigns), commands → experiments → report (the seed tables, issue 39) and cli_fork → cli (command lines
run in forks of one process; fuzz/worker.py starts it by name); and two modules every layer
may import: ``cryptohls`` (the version), ``cryptohls.errors`` and ``cryptohls.internal_error``. Every import counts, also one
inside a function (a late import does not make an upward dependency go away), and within one
package no two files may import each other, directly or around a circle. ``except ImportError``
guards around the project's own modules are not allowed either: a layer is there or the import is
wrong (an optional third-party package may be guarded).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = "cryptohls"

# package -> the packages it may import directly; what those may import is allowed too
LAYERS: dict[str, set[str]] = {
    "cli": {"commands"},
    "cli_fork": {"cli"},          # runs command lines in forks of itself (fuzz/worker.py starts it by name)
    "commands": {"report", "fuzz", "verify", "explore", "experiments"},
    "experiments": {"report"},    # seed tables (codesign, oop_table, sbox_table): sim, cosim, bench; doc tables
    "explore": {"bench"},         # explore runs its points through the bench flow (explore/run.py)
    "verify": {"bench"},          # the miter is proved with the bench's Yosys (verify/prove.py)
    "fuzz": {"bench"},            # Csmith campaigns run on the bench engine (fuzz/campaign.py)
    "report": {"bench"},
    "bench": {"sim"},
    "sim": {"hls", "lwc", "designs"},
    "lwc": {"golden"},
    "golden": set(),
    "designs": {"lwc"},           # an LWC design's top is generated from its [lwc] table (lwc/top.py)
    "hls": {"codegen"},
    "codegen": {"bind"},          # codegen maps bind's plans to Verilog
    "bind": {"passes", "schedule", "frontend"},
    "passes": {"ir"},
    "schedule": {"ir"},
    "frontend": {"ir"},
    "ir": set(),
}
# importable from anywhere; they import nothing of the project (but each other): the version, the
# user's errors and the net for internal ones (internal_error.py: every layer may say where it is)
SHARED = {ROOT, f"{ROOT}.errors", f"{ROOT}.internal_error"}
ORDER = "cli → commands → report → bench → sim → hls → codegen → bind → {passes, schedule, frontend} → ir"


def allowed(package: str) -> set[str]:
    """``package`` and everything below it."""
    seen, todo = {package}, [package]
    while todo:
        for below in LAYERS.get(todo.pop(), set()):
            if below not in seen:
                seen.add(below)
                todo.append(below)
    return seen


def module_name(path: Path, src: Path) -> str:
    parts = list(path.relative_to(src).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(src: Path) -> dict[str, Path]:
    return {module_name(p, src): p for p in sorted((src / ROOT).rglob("*.py"))}


def package_of(module: str) -> str:
    """The layer a module belongs to: the first name under cryptohls (cli.py, designs.py: their own)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT


def imports(path: Path, module: str, known: dict[str, Path]) -> list[tuple[int, str]]:
    """(line, imported project module) for every import in the file, at any depth."""
    tree = ast.parse(path.read_text(), filename=str(path))
    is_package = path.name == "__init__.py"
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == ROOT]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:   # relative: from the module's own package
                anchor = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
                base = ".".join(anchor + ([base] if base else []))
            if base.split(".")[0] != ROOT:
                continue
            for alias in node.names:   # `from pkg import module` names the module itself
                sub = f"{base}.{alias.name}"
                found.append((node.lineno, sub if sub in known else base))
    return found


def _imports_project(nodes: list[ast.stmt]) -> bool:
    for stmt in nodes:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Import) and any(a.name.split(".")[0] == ROOT for a in node.names):
                return True
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0] == ROOT):
                return True
    return False


def guarded_imports(path: Path) -> list[int]:
    """Lines of ``except ImportError`` / ``ModuleNotFoundError`` handlers around an import of the project
    (an optional third-party package may be guarded)."""
    lines = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Try) or not _imports_project(node.body):
            continue
        for handler in node.handlers:
            names = {n.id for n in ast.walk(handler.type) if isinstance(n, ast.Name)} if handler.type else set()
            if {"ImportError", "ModuleNotFoundError"} & names:
                lines.append(handler.lineno)
    return lines


def layer_violations(src: Path) -> list[str]:
    known = modules(src)
    problems = []
    for module, path in known.items():
        package = package_of(module)
        where = path.relative_to(src.parent)
        if module in SHARED:
            for line, target in imports(path, module, known):
                if target != module and target not in SHARED:
                    problems.append(f"{where}:{line} imports {target}: {module} must not import the project")
            continue
        if package not in LAYERS:
            problems.append(f"{where}: package '{package}' has no place in the layer table of "
                            f"tests/test_layering.py (add it to LAYERS)")
            continue
        ok = allowed(package)
        for line, target in imports(path, module, known):
            if target in SHARED or package_of(target) in ok:
                continue
            problems.append(f"{where}:{line} imports {target}: '{package}' may import only "
                            f"{', '.join(sorted(ok - {package}) or ['nothing'])} (and itself); "
                            f"layer order: {ORDER}")
        problems += [f"{where}:{line}: except ImportError around an import hides a missing or upward "
                     f"dependency; import the module directly" for line in guarded_imports(path)]
    return problems


def import_circles(src: Path) -> list[str]:
    """Circles of file-level imports between the modules of one package."""
    known = modules(src)
    graph = {m: sorted({t for _, t in imports(p, m, known) if t in known and t != m
                        and package_of(t) == package_of(m)}) for m, p in known.items()}
    circles, state, stack = [], {}, []

    def visit(m: str) -> None:
        state[m] = "open"
        stack.append(m)
        for t in graph[m]:
            if state.get(t) == "open":
                circles.append(" → ".join(stack[stack.index(t):] + [t]))
            elif t not in state:
                visit(t)
        stack.pop()
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m)
    return [f"import circle in package '{package_of(c.split(' → ')[0])}': {c} (move what both need into a "
            f"module that neither imports back)" for c in circles]


def test_no_upward_imports():
    problems = layer_violations(SRC)
    assert not problems, "layering violations:\n  " + "\n  ".join(problems)


def test_no_import_circles_within_a_package():
    circles = import_circles(SRC)
    assert not circles, "\n".join(circles)


def test_every_package_has_a_layer():
    packages = {package_of(m) for m in modules(SRC)} - {ROOT, "errors", "internal_error"}
    assert packages <= set(LAYERS), f"packages without a layer: {sorted(packages - set(LAYERS))}"


# ---- the checker itself finds what it is for --------------------------------------------------

def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / ROOT / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    for d in [p for p in (tmp_path / ROOT).rglob("*") if p.is_dir()] + [tmp_path / ROOT]:
        (d / "__init__.py").touch()
    return tmp_path


def test_checker_reports_an_upward_import_inside_a_function(tmp_path: Path):
    src = _tree(tmp_path, {"schedule/delay.py": "def f():\n    from cryptohls.bench import calibrate\n",
                           "bench/calibrate.py": ""})
    problems = layer_violations(src)
    assert len(problems) == 1 and "schedule/delay.py:2 imports cryptohls.bench.calibrate" in problems[0]


def test_checker_reports_an_import_guard(tmp_path: Path):
    src = _tree(tmp_path, {"bench/sources.py": "try:\n    import cryptohls.hls\nexcept ImportError:\n    pass\n",
                           "bench/engine.py": "try:\n    import distributed\nexcept ImportError:\n    pass\n",
                           "hls/__init__.py": ""})
    problems = layer_violations(src)   # the optional third-party package may be guarded
    assert len(problems) == 1 and "bench/sources.py:3: except ImportError" in problems[0]


def test_checker_reports_a_circle(tmp_path: Path):
    src = _tree(tmp_path, {"codegen/rtl.py": "from cryptohls.codegen import calls\n",
                           "codegen/calls.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                                               "    from cryptohls.codegen.rtl import RTLBuilder\n"})
    circles = import_circles(src)
    assert circles and "cryptohls.codegen.calls → cryptohls.codegen.rtl → cryptohls.codegen.calls" in circles[0]


@pytest.mark.parametrize("package", sorted(LAYERS))
def test_layer_table_has_no_cycle(package: str):
    assert all(package not in allowed(below) for below in LAYERS[package])
