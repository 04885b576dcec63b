"""Vitis-style tops in csim and cosim, against values computed here in Python (issue 32).

ref_names: outputs by reference (`ap_uint<64>& out`) and arguments named like the wrapper's own names.

concat_rotate: `(t(8*j+6, 8*j), cin[j])` written into t(8*j+7, 8*j), and `(t(k-1, 0), t(63, k))` with a
variable k. Before item 3 was fixed, `,` was C's comma operator: csim and the RTL both printed the
carries alone (0000000101010100 for the first input).
"""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cryptohls.errors import UserError
from cryptohls.frontend.signature import Param, Signature
from cryptohls.sim.cosim_shim import plan_shim

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


REF_NAMES_PARAMS = ["w", "cycles", "done", "ready", "i", "acc", "resumed", "b2b", "early_ready", "quiet", "last",
                    "word", "sw", "fw", "in", "a", "a_ce", "out", "sum"]
C_WORDS = {"int", "long", "unsigned", "_BitInt", "uint32_t", "uint64_t", "void", "const", "for", "if", "else",
           "break", "return", "sizeof", "__typeof__", "__builtin_memcpy", "ap_uint", "ref_names"}


def test_reference_outputs_and_arguments_named_like_the_wrappers_own_names():
    """Item 9: `ap_uint<64>& out` was refused ("passed by value but the interface makes it an output"),
    and an argument named `w` was a redefinition in wrapper.cpp."""
    a, a_ce = [1, 2, 3, 4], [5, 6, 7, 8]
    expected = []
    for call in range(2):
        w = 0x0123456789ABCDEF + call
        out = w ^ (0x11 << 56) ^ (0x22 << 48) ^ (0x33 << 40)
        total = sum(range(1, 11)) + 11 + call + sum(x * (k + 1) + y * 100 for k, (x, y) in enumerate(zip(a, a_ce)))
        expected.append(f"{out:016x} {total}")
    csim, cosim = csim_and_cosim("ref_names")
    assert csim == expected
    assert cosim == expected
    # every name the wrapper's function declares is one of the top's arguments or begins with chls_
    wrapper = (BUILD / "ref_names" / "hls" / "cosim" / "wrapper.cpp").read_text()
    body = wrapper[wrapper.index("ref_names(__typeof__"):]
    body = re.sub(r'"[^"]*"', "", body)   # array names in chls_fail("a", ...) messages
    names = set(re.findall(r"\b[A-Za-z_]\w*\b", body)) - C_WORDS - set(REF_NAMES_PARAMS)
    assert names and all(n.lower().startswith("chls_") for n in names), sorted(names)


def test_argument_with_the_reserved_prefix_is_refused():
    sig = Signature("top", "void", (Param("chls_x", "int"),))
    interface = {"args": [{"name": "chls_x", "mode": "ap_none", "width": 32, "ports": {"in": "chls_x"}}]}
    verilog = "module top(input ap_clk, input ap_rst, input ap_start, output ap_done, output ap_idle, " \
              "output ap_ready, input [31:0] chls_x); endmodule"
    with pytest.raises(UserError, match="chls_x.*cosim wrapper's own"):
        plan_shim(sig, interface, verilog)


def test_design_and_testbench_in_one_file_linked_with_openssl():
    """Item 11: the top compiled, main left to csim and cosim (built without the top's body), a test bench
    that calls OpenSSL through --ldflags=-lcrypto, prints under #ifndef __SYNTHESIS__."""
    digest = hashlib.sha256(b"abc").digest()
    acc = 0x9E3779B9
    for i in range(8):
        word = int.from_bytes(digest[4 * i:4 * i + 4], "big")
        acc = (((acc << 5) | (acc >> 27)) & 0xFFFFFFFF) ^ word ^ abs(i - 4) ^ (i * 5 + 1)
    src = VITIS / "one_file.cpp"
    common = ["--tb", str(src), "--top", "one_file", "--ldflags=-lcrypto"]
    csim = cli("csim", str(src), *common, "-o", str(BUILD / "one_file" / "csim"))
    assert csim.returncode == 0, csim.stderr
    assert csim.stdout.splitlines() == [f"one_file: {acc:x}", f"out {acc:x} calls 1"]
    cosim = cli("cosim", str(src), *common, "-o", str(BUILD / "one_file" / "hls"))
    assert cosim.returncode == 0, cosim.stderr
    assert cosim.stdout.splitlines()[:-1] == [f"out {acc:x} calls 1"]   # the top is the RTL: no print
    assert json.loads(cosim.stdout.splitlines()[-1])["calls"] == 1


def test_missing_library_is_a_link_error_that_names_ldflags():
    src = VITIS / "one_file.cpp"
    csim = cli("csim", str(src), "--tb", str(src), "--top", "one_file", "-o", str(BUILD / "one_file" / "nolib"))
    assert csim.returncode == 2
    assert "link failed" in csim.stderr and "--ldflags" in csim.stderr and "Traceback" not in csim.stderr


def test_a_width_given_by_an_expression_is_a_value_not_a_pointer():
    """vdf's tops: `ap_uint<W1> g` with `#define W1 (8 * 128)` is 'ap_uint<(8 * 128)>' to clang; the
    wrapper took the '*' for a pointer and `(*g)` did not compile."""
    mask = (1 << 128) - 1
    expected = []
    for call in range(2):
        g = ((0x0123456789ABCDEF + call) << 64) | 0xFEDCBA9876543210
        expected.append(f"{((g << 3) & mask) ^ (g >> 5) ^ (0x5A5A0000 + call):032x}")
    csim, cosim = csim_and_cosim("width_expression")
    assert csim == expected
    assert cosim == expected
