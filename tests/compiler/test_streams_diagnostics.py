"""Stream / DATAFLOW / INLINE off misuse: one located UserError each."""

from __future__ import annotations

import pytest

from cryptohls.errors import UserError
from cryptohls.hls import compile_file

CASES = {
    "read_and_write": ("""#include <stdint.h>
#include "hls_stream.h"
void top(hls::stream<uint32_t> &s) { s.write(s.read() + 1); }
""", "is both read and written"),
    "bad_mode": ("""#include <stdint.h>
#include "hls_stream.h"
void top(hls::stream<uint32_t> &s, hls::stream<uint32_t> &o) {
#pragma HLS INTERFACE mode=ap_memory port=s
  o.write(s.read());
}
""", "interface mode 'ap_memory' is not supported on stream 's'"),
    "size": ("""#include <stdint.h>
#include "hls_stream.h"
void top(hls::stream<uint32_t> &s, hls::stream<uint32_t> &o) {
  if (s.size() > 1) o.write(s.read());
}
""", "size"),
    "dataflow_hs": ("""#include <stdint.h>
#include "hls_stream.h"
static void p1(hls::stream<uint32_t> &a, hls::stream<uint32_t> &b) { b.write(a.read()); }
static void p2(hls::stream<uint32_t> &b, hls::stream<uint32_t> &c) { c.write(b.read()); }
void top(hls::stream<uint32_t> &a, hls::stream<uint32_t> &c) {
#pragma HLS INTERFACE mode=ap_ctrl_chain port=return
#pragma HLS DATAFLOW
  hls::stream<uint32_t> b;
  p1(a, b);
  p2(b, c);
}
""", "block protocol ap_ctrl_chain is not supported"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_stream_misuse_is_a_user_error(build_dir, case):
    text, message = CASES[case]
    src = build_dir / "k.cpp"
    src.write_text(text)
    with pytest.raises(UserError) as err:
        compile_file(src, "top", out_dir=build_dir / "out")
    assert message in str(err.value)
