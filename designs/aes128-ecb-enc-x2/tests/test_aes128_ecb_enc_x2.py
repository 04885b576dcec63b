"""cocotb tests of aes128_ecb_enc_x2 (AES-128 encryption, two rounds per cycle), run from pytest.

FIPS-197 Appendix C.1, exact latency 6 / interval 5 over 32 back-to-back blocks, and random
blocks (golden model cryptohls.golden.aes) under random back-pressure with long stalls.
The pytest entry builds the core once per simulator and runs all cocotb tests in one simulation.
"""

from __future__ import annotations

import cocotb
import pytest

from cryptohls.sim.block_checks import (CoreTestbench, check_published, check_random,
                                         measure_timing)
from cryptohls.sim.design_tests import run_design_tests

KIND = "aes128-encrypt"
LATENCY = 6
INTERVAL = 5


class TB(CoreTestbench):
    """This core's testbench: drivers, golden kind, seed and block count."""

    KIND = KIND


@cocotb.test()
async def fips197_c1(dut):
    tb = await TB(dut).start()
    assert await check_published(tb.core, KIND) == 1


@cocotb.test()
async def latency_and_interval(dut):
    tb = await TB(dut).start()
    timing = await measure_timing(tb.core, KIND, rng=tb.rng, blocks=32)
    assert (timing.latency, timing.interval) == (LATENCY, INTERVAL), timing
    assert set(timing.intervals) == {INTERVAL}, timing      # all 31, not only the last 16


@cocotb.test()
async def random_blocks_with_backpressure(dut):
    tb = await TB(dut).start()
    assert await check_random(tb.core, KIND, rng=tb.rng, blocks=tb.blocks) == tb.blocks


# ---- pytest entry -------------------------------------------------------------------------

@pytest.mark.parametrize("simulator,blocks", [("verilator", 1000)])
def test_aes128_ecb_enc_x2(simulator, blocks, request):
    result = run_design_tests("aes128-ecb-enc-x2/rtl", __file__, test_id=request.node.nodeid,
                              simulator=simulator, blocks=blocks)
    assert result.passed and result.tests == 3, result.summary()
