"""The HLS CipherCore of colm0-aes128 (hls/colm0_aes128_hls_core.cpp) compiled, on its own and in the frame.

- hls/colm0_vectors.txt is what hls/gen_colm0_vectors.py writes (49 KAT records as published, then 150
  golden-model messages), the first 49 lines are the KAT file's records, and every line decrypts;
- the C testbench (per message: key, ENC, DEC, DEC with a flipped tag bit) passes in csim and fails on a
  copy of the file with one wrong digit; it gives the same output and exit status 0 in cosim (slow);
- the compiled core has exactly the frame's CipherCore port list (designs/lwc-frame/docs.md) plus
  clk_i/rst_i, its loop is one state per iteration at the variant's clock (two at 1 ns less), and the
  full module (frame + generated top + the compiled core, no wrapper) is `verilator --lint-only -Wall`
  clean (slow). test_colm0_aes128.py runs every cocotb test on the hls variant and asserts the RTL's
  Ta/Tb (slow as well: `make test` keeps about 30 s for this cipher).
The checks come from cryptohls.sim.hls_core_bench.

pytest designs/colm0-aes128/tests/test_colm0_aes128_hls_core.py
"""

from __future__ import annotations

import sys

from cryptohls.golden import colm0
from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.sim.hls_core_bench import HlsCore, vector_file_tests

CORE = HlsCore("colm0-aes128", "colm0_aes128_hls_core", clock_ns=39.0)   # design.toml, variant hls
globals().update(vector_file_tests(CORE, vectors="colm0_vectors.txt", messages=199, published=49,
                                       split_compile=True))   # one state in make test

sys.path.insert(0, str(CORE.hls))
from gen_colm0_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def test_vectors_are_the_generators_and_the_kats():
    committed = (CORE.hls / "colm0_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(150, seed=1)
    assert len(committed) == 199
    published = {(k["Key"], k["Nonce"], k["AD"], k["PT"]): k["CT"] for k in load_caesar_kat(colm0.SUPERCOP_NAME)}
    for i, line in enumerate(committed):
        key, nonce, ad, pt, ct, tag = [b"" if f == "-" else bytes.fromhex(f) for f in line.split()]
        if i < 49:   # as published
            assert published[(key, nonce, ad, pt)] == ct + tag, line
        assert colm0.decrypt(key, nonce, ad, ct + tag) == pt, line
