"""The HLS CipherCore of tiaoxin346 (hls/tiaoxin346_hls_core.cpp, CCW = 256) compiled, on its own and in the frame.

- hls/tiaoxin_vectors.txt is what hls/gen_tiaoxin_vectors.py writes (every 11th CAESAR KAT record as
  published, then golden-model messages of 0..100 bytes);
- the shared checks of an HLS CipherCore (cryptohls.sim.hls_core_bench.vector_file_tests): its C
  testbench passes in csim (the bdo digest asserted) and the csim binary fails on a file with one
  wrong CT digit; cosim gives the same output (make test-slow); the compiled core has exactly the
  frame's CipherCore port list at CCW = 256 plus clk_i/rst_i and its loop is one state per iteration
  at the variant's clock, two at 1 ns less; the full module (frame at W = 256 + generated top
  tiaoxin346_lwc + the compiled core) is `verilator --lint-only -Wall` clean (make test-slow).
(test_tiaoxin346.py runs the shared LWC bench on the hls variant and asserts the RTL's Ta/Tb, make test-slow.)

pytest designs/tiaoxin346/tests/test_tiaoxin346_hls_core.py
"""

from __future__ import annotations

import sys

from cryptohls.sim.hls_core_bench import HlsCore, vector_file_tests

CORE = HlsCore("tiaoxin346", "tiaoxin346_hls_core", clock_ns=24.0, ccw=256)   # design.toml, variant hls
globals().update(vector_file_tests(CORE, vectors="tiaoxin_vectors.txt", messages=139,
                                   summary_end=", bdo digest 95f03fa411320f7c", split_compile=True))

sys.path.insert(0, str(CORE.hls))
from gen_tiaoxin_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def test_vectors_are_the_generators():
    committed = (CORE.hls / "tiaoxin_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(40, seed=1) and len(committed) == 139
