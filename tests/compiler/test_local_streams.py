"""Local hls::stream variables outside a DATAFLOW region hold one word (frontend/local_streams.py): a
second write before the read would lose a word, so it is refused at the write. Before, both programs
below compiled without a word and the hardware computed with lost words (cosim 320, csim 218)."""

from __future__ import annotations

import pytest

from cryptohls.errors import UserError
from cryptohls.hls import compile_file

PRODUCE_CONSUME = """#include <stdint.h>
#include "hls_stream.h"
static void produce(hls::stream<uint32_t> &s, uint32_t k) {
  for (int i = 0; i < 4; i++) s.write(k + i);
}
static void consume(hls::stream<uint32_t> &s, uint32_t *out) {
  uint32_t acc = 0;
  for (int i = 0; i < 4; i++) acc = acc * 3 + s.read();
  *out = acc;
}
"""

# no DATAFLOW at all: the processes run one after another by definition
SEQUENTIAL = PRODUCE_CONSUME + """void top(uint32_t k, uint32_t *out) {
  hls::stream<uint32_t> s;
#pragma HLS STREAM variable=s depth=4
  produce(s, k);
  consume(s, out);
}
"""

# DATAFLOW in a function the top does more than forward to: not applied (warned), so the same
IGNORED = PRODUCE_CONSUME + """static void region(uint32_t k, uint32_t *out) {
#pragma HLS DATAFLOW
  hls::stream<uint32_t> s;
#pragma HLS STREAM variable=s depth=4
  produce(s, k);
  consume(s, out);
}
void top(uint32_t k, uint32_t *out) {
  region(k, out);
  region(k + 1, out + 1);
}
"""


@pytest.mark.parametrize("text", [SEQUENTIAL, IGNORED], ids=["sequential", "dataflow_ignored"])
def test_second_word_in_a_local_stream_is_refused(build_dir, text):
    src = build_dir / "k.cpp"
    src.write_text(text)
    with pytest.raises(UserError) as err:
        compile_file(src, "top", out_dir=build_dir / "out")
    e = err.value
    assert "local stream 's' (declared at k.cpp:" in str(e) and "may be written again before its word is read" in str(e)
    assert (e.location.file, e.location.line) == (str(src), 4)   # the s.write() in produce, not hls_stream.h


def test_one_word_at_a_time_compiles(build_dir):
    """A write then its read, each iteration: what a one-word local stream can do."""
    src = build_dir / "k.cpp"
    src.write_text("""#include <stdint.h>
#include "hls_stream.h"
uint32_t top(uint32_t k) {
  hls::stream<uint32_t> s;
  uint32_t acc = 0;
  for (int i = 0; i < 4; i++) {
    if (k & i) s.write(k + i); else s.write(i);
    acc = acc * 3 + s.read();
  }
  return acc;
}
""")
    result = compile_file(src, "top", out_dir=build_dir / "out")
    assert result.verilog_path.is_file()


def test_empty_on_a_local_stream_keeps_its_own_message(build_dir):
    """empty() guards the read, which the one-word check cannot see: the importer's refusal of empty() on
    a local stream is the message, not a 'written again' that the guard makes untrue."""
    src = build_dir / "k.cpp"
    src.write_text("""#include <stdint.h>
#include "hls_stream.h"
uint32_t top(uint32_t k) {
  hls::stream<uint32_t> s;
  uint32_t acc = 0;
  for (int i = 0; i < 4; i++) {
    if (k & (1u << i)) s.write(k + i);
    if (!s.empty()) acc = acc * 3 + s.read();
  }
  return acc;
}
""")
    with pytest.raises(UserError) as err:
        compile_file(src, "top", out_dir=build_dir / "out")
    assert "empty()/full() on something that is not an hls::stream argument or channel" in str(err.value)
