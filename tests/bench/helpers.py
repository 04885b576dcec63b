"""Paths shared by the bench-flow tests."""

from pathlib import Path

HERE = Path(__file__).parent
DATA = HERE / "data"                           # tool outputs recorded from real runs
FIXTURE_DESIGNS = HERE / "fixtures" / "designs"
REPO = HERE.parents[1]
