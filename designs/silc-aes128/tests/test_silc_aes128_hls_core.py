"""The HLS CipherCore of silc-aes128 (hls/silc_aes128_hls_core.cpp) compiled, on its own and in the frame.

- hls/silc_vectors.txt is what hls/gen_silc_vectors.py writes (49 KAT records as published, then 150
  golden-model messages);
- the C testbench (per message: key, ENC, DEC, DEC with a flipped tag bit) passes in csim and fails on a
  copy of the file with one wrong digit; it gives the same output and exit status 0 in cosim (slow);
- the compiled core has exactly the frame's CipherCore port list (designs/lwc-frame/docs.md) plus
  clk_i/rst_i, its loop is one state per iteration at the variant's clock (two at 1 ns less), and the
  full module (frame + generated top + the compiled core, no wrapper) is `verilator --lint-only -Wall`
  clean (slow). test_silc_aes128.py runs every cocotb test on the hls variant and asserts the RTL's
  Ta/Tb (slow as well: `make test` keeps about 40 s for this cipher).
The checks come from cryptohls.sim.hls_core_bench.

pytest designs/silc-aes128/tests/test_silc_aes128_hls_core.py
"""

from __future__ import annotations

import sys

from cryptohls.sim.hls_core_bench import HlsCore, vector_file_tests

CORE = HlsCore("silc-aes128", "silc_aes128_hls_core", clock_ns=39.0)   # design.toml, variant hls
globals().update(vector_file_tests(CORE, vectors="silc_vectors.txt", messages=199, published=49,
                                       split_compile=True))   # one state in make test

sys.path.insert(0, str(CORE.hls))
from gen_silc_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def test_vectors_are_the_generators() -> None:
    """The committed file is gen_silc_vectors.py's output: 49 KAT records as published, 150 messages
    sealed by the golden model (no independent SILC-AES implementation is at hand; the golden model
    passes all 1089 KAT records in tests/golden)."""
    committed = (CORE.hls / "silc_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(150, seed=1)
    assert len(committed) == 199
