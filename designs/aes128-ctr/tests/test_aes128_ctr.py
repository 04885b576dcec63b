"""cocotb tests of aes128_ctr (AES-128 CTR around the basic iterative core), run from pytest.

SP 800-38A F.5.1 / F.5.2, exact latency 11 / interval 10 over 32 back-to-back blocks (and the
first block one cycle after the start), and random messages (golden model cryptohls.golden.ctr,
counters wrapping modulo 2^32) under random back-pressure with long stalls.
"""

from __future__ import annotations

import cocotb
import pytest

from cryptohls.sim.block_checks import (CoreTestbench, check_published, check_random,
                                         measure_timing)
from cryptohls.sim.design_tests import run_design_tests

KIND = "aes128-ctr"
LATENCY = 11
INTERVAL = 10
START_TO_FIRST_BLOCK = 1


class TB(CoreTestbench):
    """This core's testbench: drivers, golden kind, seed and block count."""

    KIND = KIND


@cocotb.test()
async def sp800_38a_f51_f52(dut):
    tb = await TB(dut).start()
    assert await check_published(tb.core, KIND) == 8


@cocotb.test()
async def latency_and_interval(dut):
    tb = await TB(dut).start()
    timing = await measure_timing(tb.core, KIND, rng=tb.rng, blocks=32)
    assert (timing.latency, timing.interval) == (LATENCY, INTERVAL), timing
    assert set(timing.intervals) == {INTERVAL}, timing      # all 31, not only the last 16
    assert timing.setup_to_first_accept == START_TO_FIRST_BLOCK, timing


@cocotb.test()
async def random_messages_with_backpressure(dut):
    tb = await TB(dut).start()
    assert await check_random(tb.core, KIND, rng=tb.rng, blocks=tb.blocks) == tb.blocks


# ---- pytest entry -------------------------------------------------------------------------

@pytest.mark.parametrize("simulator,blocks", [("verilator", 1000)])
def test_aes128_ctr(simulator, blocks, request):
    result = run_design_tests("aes128-ctr/rtl", __file__, test_id=request.node.nodeid,
                              simulator=simulator, blocks=blocks)
    assert result.passed and result.tests == 3, result.summary()
