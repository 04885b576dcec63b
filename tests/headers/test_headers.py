"""src/cryptohls/include/ap_int.h and src/cryptohls/include/hls_stream.h compiled natively (clang++-19), results against Python integers."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cryptohls.frontend.driver import REPO_INCLUDE

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
BUILD = REPO / "build" / "tests" / "headers"
CXX = shutil.which("clang++-19") or "clang++-19"


def wrap(value: int, width: int, signed: bool) -> int:
    value &= (1 << width) - 1
    if signed and value >> (width - 1):
        value -= 1 << width
    return value


def c_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def build_and_run(name: str, *args: str) -> subprocess.CompletedProcess:
    BUILD.mkdir(parents=True, exist_ok=True)
    # one executable per call: tests of one source run in parallel workers, and exec'ing a file
    # another worker's linker is writing fails with ETXTBSY
    exe = BUILD / "-".join((name, *args))
    subprocess.run([CXX, "-std=c++17", "-O1", "-Wall", "-Werror", f"-I{REPO_INCLUDE}",
                    str(HERE / f"{name}.cpp"), "-o", str(exe)], check=True, capture_output=True, text=True)
    return subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=30)


EXPECTED_AP_INT = {
    "u8_wrap_add": wrap(250 + 10, 8, False),
    "u8_exact_add": 260,
    "u8_add_width": 9,
    "u7_minus_one": 127,
    "s5_overflow": -16,
    "s1_one": -1,
    "u1_three": 1,
    "u64_wrap": 1,
    "u65_bit64": 1,
    "u1024_wrap_zero": 1,
    "u128_concat_shift": "0x0123456789abcdeffedcba9876543210",
    "s8_shr2": -100 >> 2,
    "s8_shl1_wrap": wrap(-100 << 1, 8, True),
    "u8_shr3": 0x96 >> 3,
    "u8_shl3_keeps_width": wrap(0x96 << 3, 8, False),
    "u8_shift_by_width": 0,
    "s8_shr_by_width": -1,
    "s8_shift_negative_count": 1,
    "s16_mul": -60000,
    "s16_div": c_div(-301, 7),
    "s16_mod": -301 - 7 * c_div(-301, 7),
    "mixed_sub": -2,
    "neg_u8": -200,
    "not_u12": 0xF0F,
    "cmp_u8_gt_minus1": 1,
    "cmp_s8_lt_u8": 1,
    "cmp_eq_wide": 1,
    "range_read": 0xBC,
    "call_read": 0xA,
    "range_write": 0xAB3D,
    "call_write_truncates": 0xFF3D,
    "bit_write": 0xFF3C,
    "bit_read": 0,
    "signed_range_write": 0x0F,
    "comma_concat": 0xA5C3,
    "concat_helper": 0x5C3A,
    "concat_width": 16,
    "xor_reduce": 0,
    "and_reduce": 1,
    "array_index": 30,
    "to_c_int": -5,
    "to_int64": -5,
    "loop_count": 5,
}


def test_ap_int_semantics():
    proc = build_and_run("ap_int_cases")
    assert proc.returncode == 0, proc.stderr
    got = dict(line.split(" ", 1) for line in proc.stdout.splitlines())
    expected = {k: str(v) for k, v in EXPECTED_AP_INT.items()}
    assert got == expected


def test_hls_stream_fifo_order():
    proc = build_and_run("hls_stream_cases")
    assert proc.returncode == 0, proc.stderr
    total = 0
    for i in range(50):
        total = (total * 7 + wrap(i * 100, 12, False)) % 2**32
    assert proc.stdout.splitlines() == ["size 50", "full 0", f"total {total}", "read_nb 1 5", "read_nb_empty 0"]


def test_hls_stream_read_of_empty_stream_aborts():
    proc = build_and_run("hls_stream_cases", "read-empty")
    assert proc.returncode != 0
    assert "read while empty" in proc.stderr


@pytest.mark.parametrize("bad", ["ap_uint<8> x = 1; x.nonexistent();", "ap_uint<0> x;"])
def test_misuse_does_not_compile(bad: str, tmp_path: Path):
    src = tmp_path / "bad.cpp"
    src.write_text(f"#include <ap_int.h>\nint main() {{ {bad} return 0; }}\n")
    proc = subprocess.run([CXX, "-std=c++17", "-fsyntax-only", f"-I{REPO_INCLUDE}", str(src)],
                          capture_output=True, text=True)
    assert proc.returncode != 0
