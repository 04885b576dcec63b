"""pyflakes over every Python file of the project (through flake8, which honours `# noqa: F401` on the
imports kept for their side effects or re-exported). Found in session 32: scripts/vitis_library.py's
`--cosim` path called a helper by a name it no longer had (NameError at the first cosim), which no test
ran."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_pyflakes_messages():
    trees = [str(ROOT / p) for p in ("src", "scripts", "designs", "tests", "conftest.py")]
    p = subprocess.run([sys.executable, "-m", "flake8", "--select=F", *trees],
                       capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0 and not p.stdout.strip(), p.stdout + p.stderr
