"""cocotb tests of toy-aead in the LWC frame: the shared LWC bench (cryptohls.sim.lwc_bench) on the
golden model beside this file; the template of a new cipher (designs/lwc-frame/docs.md)."""

from __future__ import annotations

from toy_aead_model import MODEL

from cryptohls.sim.lwc_bench import LwcCipher, aead_tests

# Measured, asserted exactly: cycles from the ENC/DEC instruction to the status word = Ta + n * Tb
TIMING = {("enc", "pt"): (16, 8), ("dec", "pt"): (14, 12), ("enc", "ad"): (16, 4)}
globals().update(aead_tests(LwcCipher(MODEL), timing=TIMING, random_messages=(3, 8, 40), tv=False))


def test_toy_aead(request):
    from cryptohls.sim.design_tests import run_design_tests

    result = run_design_tests("toy-aead/rtl", __file__, test_id=request.node.name, simulator="icarus")
    assert result.passed and result.tests == 5, result.summary()
