"""The HLS CipherCore of aegis128l (hls/aegis128l_hls_core.cpp, CCW = 256) compiled, on its own and in the frame.

- hls/aegis_vectors.txt is what hls/gen_aegis_vectors.py writes (CAESAR KAT records as published, then
  golden-model messages), and its random messages agree with pyaegis (an independent implementation);
- the shared checks of an HLS CipherCore (cryptohls.sim.hls_core_bench.vector_file_tests): its C
  testbench passes in csim (the bdo digest asserted) and the csim binary fails on a file with one
  wrong CT digit; cosim gives the same output (make test-slow); the compiled core has exactly the
  frame's CipherCore port list at CCW = 256 plus clk_i/rst_i and its loop is one state per iteration
  at the variant's clock; two at 1 ns less, and the full modules (frame at W = 256 + generated top
  aegis128l_lwc + the compiled core, and the RTL variants') are `verilator --lint-only -Wall` clean
  (make test-slow);
- the same C at CCW = 32 (variant hls-w32, make test-slow).
(test_aegis128l.py runs the shared LWC bench on the hls variant and asserts its Ta/Tb, make test-slow.)

pytest designs/aegis128l/tests/test_aegis128l_hls_core.py
"""

from __future__ import annotations

import sys

import pytest

from cryptohls.sim.hls_core_bench import (HlsCore, assert_one_state, assert_summary, assert_two_states_at_1ns_less,
                                          compile_core, csim, vector_file_tests)

CORE = HlsCore("aegis128l", "aegis128l_hls_core", clock_ns=21.0, ccw=256)   # design.toml, variant hls
CORE_W32 = HlsCore("aegis128l", "aegis128l_hls_core", clock_ns=41.0, variant="hls-w32")
globals().update(vector_file_tests(CORE, vectors="aegis_vectors.txt", messages=139,
                                   summary_end=", bdo digest 790334e3e9ebef32", split_compile=True,
                                   lint_variants=("rtl", "rtl-w32"), more_cores=(CORE_W32,)))

sys.path.insert(0, str(CORE.hls))
from gen_aegis_vectors import vector_lines  # noqa: E402  (the generator beside the testbench)


def test_vectors_are_the_generators_and_match_pyaegis() -> None:
    import pyaegis   # libaegis bindings (requirements.txt)

    oracle = pyaegis.Aegis128L(tag_size=16)
    committed = (CORE.hls / "aegis_vectors.txt").read_text().splitlines()
    assert committed == vector_lines(40, seed=1) and len(committed) == 139
    for line in committed[-40:]:
        key, nonce, ad, pt, ct, tag = (b"" if f == "-" else bytes.fromhex(f) for f in line.split())
        assert oracle.encrypt(key, nonce, pt, ad) == ct + tag, line


@pytest.mark.slow   # make test-slow (the CCW = 256 core's csim runs in make test)
def test_w32_csim_and_one_state(tmp_path):
    """The same C at CCW = 32 (variant hls-w32): its testbench passes with every bus word 32 bits, and
    the loop is one state at the variant's clock, two at 1 ns less."""
    src, tb = CORE.hls / "aegis128l_hls_core_w32.cpp", CORE.hls / "tb_aegis128l_hls_core_w32.cpp"
    lines = csim(CORE_W32, tmp_path / "csim", src=src, tb=tb)
    assert_summary(lines, "aegis128l core: 139 messages, 139 ENC, 139 DEC, 139 DEC with a wrong tag, "
                          "bdo digest e167faaf3c7d77b2")
    assert_one_state(compile_core(CORE_W32, tmp_path / "ok", frame_ports=False, src=src).report)
    assert_two_states_at_1ns_less(CORE_W32, tmp_path / "tight", src=src)
