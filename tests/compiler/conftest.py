"""Shared helpers for the compiler tests: build dirs per test id, the sim harness on sys.path."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))


@pytest.fixture
def build_dir(request) -> Path:
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", request.node.nodeid)
    path = REPO / "build" / "compiler" / name
    path.mkdir(parents=True, exist_ok=True)
    return path


def pytest_collect_file(file_path: Path, parent):
    """`.ir` pass tests under tests/compiler/passes/ (ir_filecheck.py; docs/compiler.md, "Pass tests")."""
    from ir_filecheck import collect_ir_file
    return collect_ir_file(file_path, parent)
