"""What Vitis code expects of the headers besides ap_int arithmetic (issue 32 item 11): ap values from
and to text (string and radix constructors, to_string, `<<` to an ostream), hls_math.h, and
<iostream> in a design compiled for synthesis.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from test_headers import build_and_run

EXPECTED = {
    "hex_prefix": 2**255 - 19, "radix16": 0x1F, "bin_prefix": 5, "radix10": 123, "default_hex": 0xFF,
    "oct_prefix": 0o17, "dec_prefix": 99, "negative": -5, "wraps": 0xFF, "separators": 0xDEADBEEF,
    "constexpr": 0xDEADBEEF, "runtime": 0x1234,
    "to_string_bin": "0b11111110", "to_string_dec": 254, "to_string_signed": -2, "to_string_hex_signed": "-0x2",
    "to_string_oct": "0o37", "stream_flags": "acd 0xacd 0XACD -2",
    "range": 0xCD, "bit": 1, "concat": (0xAB << 1) | 0,
    "abs_int": 7, "abs_ap": 100, "abs_uint": 200, "min_ap": 3, "max_int": 2, "sqrt_csim": 1.5,
}


def test_text_conversions_and_integer_math():
    proc = build_and_run("text_math_cases", "0x1234")
    assert proc.returncode == 0, proc.stderr
    got = dict(line.split(" ", 1) for line in proc.stdout.splitlines())
    assert got == {k: str(v) for k, v in EXPECTED.items()}


def compile_top(tmp_path: Path, source: str, top: str = "top") -> subprocess.CompletedProcess:
    src = tmp_path / f"{top}.cpp"
    src.write_text(source)
    return subprocess.run([sys.executable, "-m", "cryptohls.cli", "compile", str(src), "--top", top,
                           "-o", str(tmp_path / "out")], capture_output=True, text=True)


def test_string_constants_fold_to_constants_in_hardware(tmp_path: Path):
    proc = compile_top(tmp_path, """#include <ap_int.h>
void top(ap_uint<32>* o) { *o = ap_uint<32>("0x7380166f") + ap_uint<32>("12", 10); }
""")
    assert proc.returncode == 0, proc.stderr
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert report["latency"]["max"] == 0   # no parsing loop left in the hardware
    assert f"32'd{0x7380166F + 12}" in (tmp_path / "out" / "top.v").read_text()


@pytest.mark.parametrize("call", ["hls::sqrt(d)", "hls::abs(d)"])
def test_floating_point_math_is_refused_for_synthesis_at_the_call(tmp_path: Path, call: str):
    proc = compile_top(tmp_path, f"""#include <hls_math.h>
void top(ap_uint<32>* o) {{
  double d = 2.0;
  *o = (unsigned){call};
}}
""")
    assert proc.returncode == 2, proc.stderr
    assert "top.cpp:4:" in proc.stderr and "cryptohls synthesizes integer code only" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_iostream_in_a_design_compiles_for_synthesis(tmp_path: Path):
    """The system <iostream> adds a static ios_base::Init object: the compile stopped at "call to undefined
    function '_ZNSt8ios_base4InitC1Ev'" (include/iostream declares the streams without it)."""
    proc = compile_top(tmp_path, """#include <ap_int.h>
#include <hls_math.h>
#include <iostream>
void top(ap_int<16> a, ap_uint<16>& o) {
  o = hls::max(hls::abs(a), ap_int<16>(7));
#ifndef __SYNTHESIS__
  std::cout << "top: " << o << std::endl;
#endif
}
int main() { ap_uint<16> o; top(-9, o); std::cout << o << std::endl; return 0; }
""")
    assert proc.returncode == 0, proc.stderr
