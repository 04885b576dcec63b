"""Per-test build folders for the explore tests (under build/: the YoWASP tools cannot read /tmp)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def build_dir(request) -> Path:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)
    path = REPO / "build" / "tests-explore" / name
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    return path
