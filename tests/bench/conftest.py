"""Shared helpers for the bench-flow tests: the toy64 fixture design and per-test folders."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .helpers import FIXTURE_DESIGNS, REPO


@pytest.fixture
def build_dir(request) -> Path:
    """A fresh folder under build/ unique to this test id (safe under pytest-xdist)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
    path = REPO / "build" / "tests-bench" / name
    if path.exists():
        import shutil
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path


@pytest.fixture
def toy_designs(monkeypatch, build_dir) -> Path:
    """Points the registry at the fixture designs and the results DB into build_dir."""
    monkeypatch.setenv("CRYPTOHLS_DESIGNS_DIR", str(FIXTURE_DESIGNS))
    monkeypatch.setenv("CRYPTOHLS_RESULTS_DIR", str(build_dir / "results"))
    return FIXTURE_DESIGNS
