"""The reproducers in tests/perf/findings/ (issue 20's programs): what the compiler does with each
today. (The memcpy crash and the word read of a byte argument are fixed: tests/kernels/arg_bytes_words.c;
the struct whose array members shared one memory is tests/kernels/struct_rows.c. The two refusals
left, a memset of a run-time length and bytes stored through a byte view of a word array, compile
since branch supercop28 and pass cosim against their testbenches below.)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
FINDINGS = HERE / "findings"
BUILD = HERE.parents[1] / "build" / "tests" / "perf" / "findings"


@pytest.mark.parametrize("name, top, tb", [
    ("memset_runtime_len.c", "pad", "tb_pad.c"),                      # a byte loop through the port
    ("byte_view_of_word_array.c", "byte_view", "tb_byte_view.c"),     # the word read, shifted, merged
])
def test_former_refusal_matches_its_testbench_in_cosim(name, top, tb):
    """Both were refused ("'memset' with a length computed at run time", "access of 8 bits to
    'words'"); each testbench checks every length against the C the call replaces."""
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "cosim", str(FINDINGS / name), "--tb",
                           str(FINDINGS / tb), "--top", top, "-o", str(BUILD / f"{top}-cosim")],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.startswith("PASS 0"), proc.stdout
