"""`(a, b)` of two ap values makes the same hardware as ap_concat(a, b), as before ranges and bits could
be parts (issue 32 item 3, src/cryptohls/include/ap_int_concat.h's ap_concat_value). Before, the comma of variables went
through references and the temporaries through 64-bit words: extra and/or operators (aes128-sbox type 1:
1,489 -> 1,646 LUT4), and the comma and ap_concat gave different Verilog."""

from __future__ import annotations

import re

import pytest

from cryptohls.hls import compile_file

KERNEL = """#include <ap_int.h>
ap_uint<128> top(ap_uint<128> k, ap_uint<8> b) {
  ap_uint<32> w0 = k.range(127, 96), w1 = k.range(95, 64), w2 = k.range(63, 32), w3 = k.range(31, 0);
  w0 ^= b;
  w1 ^= w0;
  w2 ^= w1;
  w3 ^= w2;
  return %s;
}
"""
FORMS = {   # name -> (the comma form, the same value by ap_concat)
    "variables": ("(w0, w1, w2, w3)", "ap_concat(ap_concat(ap_concat(w0, w1), w2), w3)"),
    "temporaries": ("(ap_uint<32>(w0 + 1), ap_uint<32>(w1 ^ w2), ap_uint<64>(w3 * 3))",
                    "ap_concat(ap_concat(ap_uint<32>(w0 + 1), ap_uint<32>(w1 ^ w2)), ap_uint<64>(w3 * 3))"),
}


def _verilog(build_dir, name: str, expr: str) -> str:
    src = build_dir / f"{name}.cpp"
    src.write_text(KERNEL % expr)
    text = compile_file(src, "top", out_dir=build_dir / name).verilog_path.read_text()
    return re.sub(r"_ln\d+(_\d+)*", "_ln", "\n".join(text.splitlines()[3:]))   # header and line numbers aside


@pytest.mark.parametrize("form", sorted(FORMS))
def test_comma_of_values_is_ap_concat(build_dir, form):
    comma, direct = FORMS[form]
    assert _verilog(build_dir, "comma", comma) == _verilog(build_dir, "direct", direct)
