"""The HLS CipherCore of cloc-aes128 (hls/cloc_aes128_hls_core.cpp): hls/cloc_vectors.txt is its generator's
output, and the shared checks of cryptohls.sim.hls_core_bench.vector_file_tests (csim, cosim, the
compiled core). test_cloc_aes128.py runs every cocotb test on the hls variant (Ta, Tb; slow).
"""

from __future__ import annotations

import sys

from cryptohls.sim.hls_core_bench import HlsCore, vector_file_tests

CORE = HlsCore("cloc-aes128", "cloc_aes128_hls_core", clock_ns=43.0)   # design.toml, variant hls
globals().update(vector_file_tests(CORE, vectors="cloc_vectors.txt", messages=199, published=49,
                                       split_compile=True))   # one state in make test

sys.path.insert(0, str(CORE.hls))
from gen_cloc_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def test_vectors_are_the_generators() -> None:
    """The committed file is gen_cloc_vectors.py's output: 49 KAT records as published, 150 messages
    sealed by the golden model (no independent CLOC-AES implementation is at hand; the golden model
    passes all 1089 KAT records in tests/golden)."""
    committed = (CORE.hls / "cloc_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(150, seed=1)
    assert len(committed) == 199
