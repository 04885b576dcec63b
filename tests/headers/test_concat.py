"""Concatenation `(a, b)` in src/cryptohls/include/ap_int.h (issue 32 item 3): values, ranges and bits as parts, as
rvalues and lvalues, against values computed here in Python; refused forms fail at the user's line.

Before the fix, `(t(6, 0), c[1])` was C's comma operator (it gave c[1]): range_bit printed 1.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from test_headers import build_and_run

HERE = Path(__file__).resolve().parent


def bits(value: int, width: int) -> int:
    return value & ((1 << width) - 1)


def cat(*parts: tuple[int, int]) -> int:
    """(value, width) pairs, first in the high bits."""
    out = 0
    for value, width in parts:
        out = (out << width) | bits(value, width)
    return out


def field(x: int, hi: int, lo: int) -> int:
    return bits(x >> lo, hi - lo + 1)


def expected() -> dict[str, tuple[int, int, int]]:
    """name -> (value, length, width of the type)."""
    t, cin, k = 0xA5C3, 0x5A, 0x9
    exp = {
        "range_bit": (cat((field(t, 6, 0), 7), ((cin >> 1) & 1, 1)), 8, 17),
        "bit_range": (cat(((cin >> 1) & 1, 1), (field(t, 15, 13), 3)), 4, 17),
        "value_range": (cat((k, 4), (field(t, 3, 0), 4)), 8, 20),
        "range_range": (cat((field(t, 15, 8), 8), (field(t, 7, 4), 4)), 12, 32),
        "three": (cat((k, 4), (field(t, 3, 0), 4), ((cin >> 3) & 1, 1)), 9, 21),
        "temporary": (cat((6, 33), (k, 4)), 37, 37),   # ap_uint<3> + int is an ap_int<33>
        "c_int": (cat((k, 4), (0x7E, 8)), 12, 12),
        "bool_low": (cat((field(t, 2, 0), 3), (1, 1)), 4, 17),
        "const_bit": (cat((k & 1, 1), (k, 4)), 5, 5),
        "runtime_len": (cat((field(t, 15, 4), 12), (field(t, 3, 0), 4)), 16, 32),
    }
    r = 0x8143                      # byte-wise rotate left with the carry from the byte below
    carry = [0, (r >> 7) & 1]
    exp["rotate_in_place"] = (sum(cat((field(r, 8 * j + 6, 8 * j), 7), (carry[j], 1)) << (8 * j) for j in range(2)), 16, 16)
    exp["assign_hi"], exp["assign_lo"] = (0xA, 4, 4), (0xBC, 8, 8)
    swapped = cat((0xBC, 8), (0xA, 4))
    exp["swap_hi"], exp["swap_lo"] = (swapped >> 8, 4, 4), (bits(swapped, 8), 8, 8)
    exp["assign_signed"] = (bits(-1, 64), 8, 8)
    t2, cin2 = t | 0xF, cin | 1
    exp["assign_range"], exp["assign_bit"] = (t2, 16, 16), (cin2, 8, 8)
    exp["xor"] = (swapped ^ 0xFFF, 32, 32)
    exp["shift"] = (bits(swapped << 4, 12), 12, 12)
    return exp


def test_concat_values_and_assignments():
    proc = build_and_run("concat_cases")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    got = {}
    for line in lines:
        name, *rest = line.split()
        got[name] = rest
    for name, (value, length, width) in expected().items():
        assert got[name] == [f"{value:x}", str(length), str(width)], name
    t, cin = 0xA5CF, 0x5B
    assert got["compare"] == ["0"]
    assert got["to_uint"] == [f"{cat((field(t, 7, 4), 4), (field(cin, 3, 0), 4)):x}"]
    assert got["to_int"] == ["99"]


@pytest.mark.parametrize("body, line, message", [
    ("const ap_uint<4> k = 3;\n  ap_uint<4> x;\n  (k, x) = a;", 5, "cannot be assigned"),
    ("double d = 1.5;\n  ap_uint<8> x = 0;\n  *o = (a, d);", 5, "floating-point"),
])
def test_unsupported_concatenation_is_refused_at_the_users_line(body: str, line: int, message: str, tmp_path: Path):
    src = tmp_path / "bad.cpp"
    src.write_text("#include <ap_int.h>\nvoid top(ap_uint<8> a, ap_uint<8>* o) {\n  "
                   f"{body}\n  *o = a;\n}}\n")
    proc = subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(src), "--top", "top",
                           "-o", str(tmp_path / "out")], capture_output=True, text=True)
    assert proc.returncode == 2, proc.stderr
    assert f"{src}:{line}:" in proc.stderr and message in proc.stderr
    assert "Traceback" not in proc.stderr
