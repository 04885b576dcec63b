"""The HLS CipherCore of ocb3-aes128 (hls/ocb3_aes128_hls_core.cpp) compiled, on its own and in the frame.

- hls/ocb3_vectors.txt is what hls/gen_ocb3_vectors.py writes (49 KAT records as published, then 150
  golden-model messages), and every line agrees with `cryptography`'s AESOCB3 (an independent oracle);
- the shared checks of an HLS CipherCore (cryptohls.sim.hls_core_bench.vector_file_tests): the C
  testbench passes in csim and fails on a file with one wrong digit, cosim gives the same output
  (slow); the compiled core's port list, one state per iteration at the variant's clock (two at 1 ns
  less) and lint of the full module (slow). test_ocb3_aes128.py runs every cocotb test on the hls
  variant and asserts the RTL's Ta/Tb (slow as well: `make test` keeps about 40 s for this cipher).

pytest designs/ocb3-aes128/tests/test_ocb3_aes128_hls_core.py
"""

from __future__ import annotations

import sys

from cryptography.hazmat.primitives.ciphers.aead import AESOCB3

from cryptohls.sim.hls_core_bench import HlsCore, vector_file_tests

CORE = HlsCore("ocb3-aes128", "ocb3_aes128_hls_core", clock_ns=70.0)   # design.toml, variant hls
globals().update(vector_file_tests(CORE, vectors="ocb3_vectors.txt", messages=199, published=49,
                                       split_compile=True))   # one state in make test

sys.path.insert(0, str(CORE.hls))
from gen_ocb3_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def test_vectors_match_cryptography() -> None:
    committed = (CORE.hls / "ocb3_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(150, seed=1)
    assert len(committed) == 199
    for line in committed:
        key, nonce, ad, pt, ct, tag = [b"" if f == "-" else bytes.fromhex(f) for f in line.split()]
        assert AESOCB3(key).encrypt(nonce, pt, ad) == ct + tag, line
