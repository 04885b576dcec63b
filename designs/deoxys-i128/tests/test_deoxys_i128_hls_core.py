"""The HLS CipherCore of deoxys-i128 (hls/deoxys_i128_hls_core.cpp) compiled, on its own and in the frame.

- hls/deoxys_vectors.txt is what hls/gen_deoxys_vectors.py writes: 49 KAT records as published (each
  line checked against the KAT file here), then golden-model messages;
- the shared checks of an HLS CipherCore (cryptohls.sim.hls_core_bench.vector_file_tests): the C
  testbench passes in csim and fails on a file with one wrong digit, cosim gives the same output
  (slow); the compiled core's port list, one state per iteration at the variant's clock (two at 1 ns
  less) and lint of the full module (slow: about two minutes on a loaded machine).
  test_deoxys_i128.py runs every cocotb test on the hls variant and asserts the RTL's Ta/Tb (slow).

pytest designs/deoxys-i128/tests/test_deoxys_i128_hls_core.py
"""

from __future__ import annotations

import sys

from cryptohls.golden.vectors import load_caesar_kat
from cryptohls.sim.hls_core_bench import HlsCore, vector_file_tests

CORE = HlsCore("deoxys-i128", "deoxys_i128_hls_core", clock_ns=37.0)   # design.toml, variant hls
MESSAGES = 109
globals().update(vector_file_tests(CORE, vectors="deoxys_vectors.txt", messages=MESSAGES, published=49,
                                       split_compile=True))   # one state in make test

sys.path.insert(0, str(CORE.hls))
from gen_deoxys_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def test_vectors_are_the_generator_output_and_the_kats_as_published() -> None:
    committed = (CORE.hls / "deoxys_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(60, seed=1)
    assert len(committed) == MESSAGES
    published = {(k["Key"], k["Nonce"], k["AD"], k["PT"]): k["CT"] for k in load_caesar_kat("deoxysneq128128v13")}
    kat_lines = 0
    for line in committed:
        key, nonce, ad, pt, ct, tag = [b"" if f == "-" else bytes.fromhex(f) for f in line.split()]
        if (key, nonce, ad, pt) in published:
            assert published[(key, nonce, ad, pt)] == ct + tag, line
            kat_lines += 1
    assert kat_lines == 49
