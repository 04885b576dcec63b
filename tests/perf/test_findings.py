"""The reproducers in tests/perf/findings/ (issue 20's programs): what the compiler does with each
today. Refusals must stay located errors (file:line:col, exit status 2, no traceback).
(The memcpy crash and the word read of a byte argument are fixed: tests/kernels/arg_bytes_words.c;
the struct whose array members shared one memory is tests/kernels/struct_rows.c.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FINDINGS = HERE / "findings"
BUILD = HERE.parents[1] / "build" / "tests" / "perf" / "findings"


def compile_(name: str, top: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(FINDINGS / name), "--top", top,
                           "-o", str(BUILD / top)], capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name, top, where, what", [
    ("memset_runtime_len.c", "pad", ":8:3: error:", "'memset' with a length computed at run time"),
    ("byte_view_of_word_array.c", "byte_view", ":17:36: error:", "access of 8 bits to 'words'"),
])
def test_refusal_is_located(name, top, where, what):
    proc = compile_(name, top)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert f"{name}{where}" in proc.stderr and what in proc.stderr
    assert "Traceback" not in proc.stderr
