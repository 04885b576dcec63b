"""The compiler's digest (hls/fingerprint.py) keys the artifact store, the bench's rows and the fuzz
campaigns' records, so it must cover every package the compiler runs: each package that hls/ reaches
through its imports. (bind/ was left out when it was split from codegen, so a change to the bind plans
left the digest, and every cached compile, as it was.)"""

from __future__ import annotations

import ast
from pathlib import Path

from cryptohls.hls.fingerprint import COMPILER_PACKAGES

PKG = Path(__file__).resolve().parents[2] / "src" / "cryptohls"


def _imported_packages(package: str) -> set[str]:
    found = set()
    for path in (PKG / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            for name in names:
                parts = name.split(".")
                if parts[0] == "cryptohls" and len(parts) > 1 and (PKG / parts[1]).is_dir():
                    found.add(parts[1])
    return found


def test_the_digest_covers_every_package_the_compiler_imports():
    reached, todo = {"hls"}, ["hls"]
    while todo:
        for below in _imported_packages(todo.pop()) - reached:
            reached.add(below)
            todo.append(below)
    assert reached <= set(COMPILER_PACKAGES), f"missing from COMPILER_PACKAGES: {sorted(reached - set(COMPILER_PACKAGES))}"
