"""Vitis-style tops in csim and cosim, against values computed here in Python (issue 32).

concat_rotate: `(t(8*j+6, 8*j), cin[j])` written into t(8*j+7, 8*j), and `(t(k-1, 0), t(63, k))` with a
variable k. Before item 3 was fixed, `,` was C's comma operator: csim and the RTL both printed the
carries alone (0000000101010100 for the first input).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VITIS = HERE / "vitis"
REPO = HERE.parents[1]
BUILD = REPO / "build" / "tests" / "cosim" / "vitis"
MASK64 = (1 << 64) - 1


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", *args], capture_output=True, text=True,
                          timeout=600)


def csim_and_cosim(name: str, *extra: str) -> tuple[list[str], list[str]]:
    src, tb = VITIS / f"{name}.cpp", VITIS / f"{name}_tb.cpp"
    csim = cli("csim", str(src), "--tb", str(tb), "--top", name, "-o", str(BUILD / name / "csim"), *extra)
    assert csim.returncode == 0, csim.stdout + csim.stderr
    cosim = cli("cosim", str(src), "--tb", str(tb), "--top", name, "-o", str(BUILD / name / "hls"), *extra)
    assert cosim.returncode == 0, cosim.stdout + cosim.stderr
    lines = cosim.stdout.splitlines()
    assert json.loads(lines[-1])["status"] == 0
    return csim.stdout.splitlines(), lines[:-1]


def byte_rotate(t: int) -> int:
    out = 0
    for j in range(8):
        byte = (t >> (8 * j)) & 0xFF
        carry = (t >> (8 * j - 1)) & 1 if j else 0
        out |= (((byte << 1) & 0xFF) | carry) << (8 * j)
    return out


def test_concatenation_of_ranges_and_bits():
    cases = [(0x8123456789ABCDEF, 1), (0xFF00FF00807F0180, 17), (0x0123456789ABCDEF, 63)]
    expected = [f"{byte_rotate(t):016x} {((t >> n) | (t << (64 - n))) & MASK64:016x}" for t, n in cases]
    csim, cosim = csim_and_cosim("concat_rotate")
    assert csim == expected
    assert cosim == expected
