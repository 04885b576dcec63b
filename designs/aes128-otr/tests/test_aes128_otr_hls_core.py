"""The HLS CipherCore of aes128-otr (hls/aes128_otr_hls_core.cpp): hls/otr_vectors.txt is its generator's
output, and the shared checks of cryptohls.sim.hls_core_bench.vector_file_tests (csim, cosim, the
compiled core). test_aes128_otr.py runs every cocotb test on the hls variant (Ta, Tb; slow).
"""

from __future__ import annotations

import sys

from cryptohls.sim.hls_core_bench import HlsCore, vector_file_tests

CORE = HlsCore("aes128-otr", "aes128_otr_hls_core", clock_ns=42.0)   # design.toml, variant hls
globals().update(vector_file_tests(CORE, vectors="otr_vectors.txt", messages=199, published=49,
                                       split_compile=True))   # one state in make test

sys.path.insert(0, str(CORE.hls))
from gen_otr_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def test_vectors_are_the_generators() -> None:
    """The committed file is gen_otr_vectors.py's output: 49 KAT records as published, 150 messages
    sealed by the golden model (no independent AES-OTR implementation is at hand; the golden model
    passes all 1089 KAT records in tests/golden)."""
    committed = (CORE.hls / "otr_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(150, seed=1)
    assert len(committed) == 199
