"""cocotb tests of aes128_ecb_dec (basic iterative AES-128 decryption), run from pytest.

FIPS-197 Appendix C.1 (inverse cipher), exact latency 11 / interval 10 over 32 back-to-back
blocks and 11 cycles from a key load to the first block, and random blocks under many keys
(golden model cryptohls.golden.aes) with random back-pressure and long stalls.
"""

from __future__ import annotations

import cocotb
import pytest

from cryptohls.sim.block_checks import (CoreTestbench, check_published, check_random,
                                         measure_timing)
from cryptohls.sim.design_tests import run_design_tests

KIND = "aes128-decrypt"
LATENCY = 11
INTERVAL = 10
KEY_LOAD_TO_FIRST_BLOCK = 11     # load cycle + 10 forward-expansion cycles


class TB(CoreTestbench):
    """This core's testbench: drivers, golden kind, seed and block count."""

    KIND = KIND


@cocotb.test()
async def fips197_c1_inverse(dut):
    tb = await TB(dut).start()
    assert await check_published(tb.core, KIND) == 1


@cocotb.test()
async def latency_and_interval(dut):
    tb = await TB(dut).start()
    timing = await measure_timing(tb.core, KIND, rng=tb.rng, blocks=32)
    assert (timing.latency, timing.interval) == (LATENCY, INTERVAL), timing
    assert set(timing.intervals) == {INTERVAL}, timing      # all 31, not only the last 16
    assert timing.setup_to_first_accept == KEY_LOAD_TO_FIRST_BLOCK, timing


@cocotb.test()
async def random_blocks_and_keys_with_backpressure(dut):
    tb = await TB(dut).start()
    assert await check_random(tb.core, KIND, rng=tb.rng, blocks=tb.blocks) == tb.blocks


# ---- pytest entry -------------------------------------------------------------------------

@pytest.mark.parametrize("simulator,blocks", [("verilator", 1000)])
def test_aes128_ecb_dec(simulator, blocks, request):
    result = run_design_tests("aes128-ecb-dec/rtl", __file__, test_id=request.node.nodeid,
                              simulator=simulator, blocks=blocks)
    assert result.passed and result.tests == 3, result.summary()
