"""Diagnostics corpus: every unsupported construct ends in one located error line, exit 2.

Each ``*.c`` file beside this one states its expected error as ``// expect: LINE:COL: FRAGMENT``
(fragments joined by ``&&`` must all appear). See README.md for the location conventions.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
EXPECT_RE = re.compile(r"//\s*expect:\s*(\d+):(\d+):\s*(.+?)\s*$", re.MULTILINE)
CASES = sorted(HERE.glob("*.c"))


def parse_expectation(path: Path) -> tuple[int, int, list[str]]:
    match = EXPECT_RE.search(path.read_text())
    assert match, f"{path.name}: no '// expect: LINE:COL: FRAGMENT' comment"
    fragments = [f.strip() for f in match.group(3).split("&&")]
    return int(match.group(1)), int(match.group(2)), fragments


def test_corpus_is_complete():
    assert len(CASES) >= 12
    for path in CASES:
        parse_expectation(path)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_unsupported_construct_is_reported(case: Path):
    line, col, fragments = parse_expectation(case)
    out_dir = REPO / "build" / "tests" / "diagnostics" / case.stem
    proc = subprocess.run(
        [sys.executable, "-m", "cryptohls.cli", "compile", str(case), "--top", "top", "-o", str(out_dir)],
        capture_output=True, text=True, timeout=120)
    stderr = proc.stderr.strip()
    assert proc.returncode == 2, f"exit {proc.returncode}, stderr: {stderr}"
    assert "Traceback" not in proc.stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got: {stderr}"
    assert f"{case.name}:{line}:{col}:" in lines[0], f"location {line}:{col} missing in: {lines[0]}"
    for fragment in fragments:
        assert fragment.lower() in lines[0].lower(), f"{fragment!r} missing in: {lines[0]}"
