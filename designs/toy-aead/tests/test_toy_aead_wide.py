"""cocotb tests of toy-aead's wide CipherCore (rtl/toy_aead_wide_core.v, CCW = 256) in the LWC frame at
W = 256 (variant rtl-w256; designs/lwc-frame/docs.md, "Bus width W"): the shared LWC bench on the same
golden model as the 32-bit core, every word 256 bits on pdi, do, bdi and bdo."""

from __future__ import annotations

from toy_aead_model import MODEL

from cryptohls.sim.lwc_bench import LwcCipher, aead_tests

# Measured, asserted exactly: cycles from the ENC/DEC instruction to the status word = Ta + n * Tb
TIMING = {("enc", "pt"): (9, 2), ("dec", "pt"): (10, 3), ("enc", "ad"): (9, 1)}   # per 32-byte word
# a block of the cycle measurements is one 32-byte word
globals().update(aead_tests(LwcCipher(MODEL, block_bytes=32), timing=TIMING, random_messages=(3, 8, 100), tv=False))


def test_toy_aead_wide(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("toy-aead/rtl-w256", __file__, test_id=request.node.name, simulator="icarus")
    assert result.passed and result.tests == 5, result.summary()
